package org.kwire.summary;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestHeader;
import org.kwire.schema.Direction;

import java.util.List;

/**
 * Turns a conversation's frames into summarized exchanges for the sinks: each frame is summarized once (the request's
 * summary waits with the pending request, as its attachment), and each completed exchange that the filter accepts
 * goes to every sink. Frames are offered to the sinks as they come; the filter does not apply to them.
 * <p>
 * With worker threads, the costly part of summarizing ({@link FrameSummarizer#examine}: bodies, CRCs, decompression)
 * runs on them, several frames at once, while the sinks still see everything (connections, frames, exchanges, notes)
 * one at a time, in capture order, on the thread that feeds the tracker, exactly as without workers; then
 * {@link #finish()} must follow the last frame. At most {@link #MAX_IN_FLIGHT} frames, or {@link #MAX_IN_FLIGHT_BYTES}
 * of them, wait for their summary at once.
 */
public final class ExchangeTracker implements ConversationListener {

    /**
     * Most frames summarized ahead of the sinks. Enough to keep the workers busy; more only makes the heap (and the
     * process's memory) grow with the length of the capture.
     */
    public static final int MAX_IN_FLIGHT = 64;
    /** Most frame bytes summarized ahead of the sinks (one larger frame is still taken). */
    public static final long MAX_IN_FLIGHT_BYTES = 16L << 20;

    private final FrameSummarizer summarizer;
    private final ExchangeFilter filter;
    private final List<ExchangeSink> sinks;
    private final InOrder order;

    /** What waits with a pending request: its summary, there once the sinks have seen the request. */
    private static final class RequestSummary {
        FrameSummary summary;
    }

    /**
     * A tracker that summarizes on the thread that feeds it.
     *
     * @param summarizer summarizes frames
     * @param filter     which exchanges reach the sinks' {@link ExchangeSink#onExchange}
     * @param sinks      receive frames, exchanges and notes
     */
    public ExchangeTracker(FrameSummarizer summarizer, ExchangeFilter filter, List<ExchangeSink> sinks) {
        this(summarizer, filter, sinks, 0);
    }

    /**
     * @param summarizer summarizes frames
     * @param filter     which exchanges reach the sinks' {@link ExchangeSink#onExchange}
     * @param sinks      receive frames, exchanges and notes
     * @param workers    threads that examine frames; 0 for none (everything on the feeding thread)
     */
    public ExchangeTracker(FrameSummarizer summarizer, ExchangeFilter filter, List<ExchangeSink> sinks, int workers) {
        this.summarizer = summarizer;
        this.filter = filter;
        this.sinks = List.copyOf(sinks);
        this.order = new InOrder(workers, MAX_IN_FLIGHT, MAX_IN_FLIGHT_BYTES);
    }

    /** Tells the sinks of a new Kafka connection. */
    public void conversation(KafkaConversation c) {
        order.then(() -> sinks.forEach(s -> s.onConversation(c)));
    }

    @Override
    public Object onRequest(KafkaConversation c, KafkaFrame frame, RequestHeader h) {
        RequestSummary request = new RequestSummary();
        order.submit(() -> summarizer.examine(frame, 4 + h.length(), h.apiKey(), Direction.REQUEST, h.apiVersion()),
                frame.length(), found -> {
                    request.summary = summarizer.summary(found, c.id());
                    sinks.forEach(s -> s.onRequestFrame(c, frame, h, request.summary));
                });
        return request;
    }

    @Override
    public void onResponse(Exchange exchange, KafkaFrame frame) {
        RequestSummary request = exchange.request() == null ? null : (RequestSummary) exchange.request().attachment();
        order.submit(() -> summarizer.examine(frame, 4 + exchange.response().header().length(), exchange.apiKey(),
                Direction.RESPONSE, exchange.apiVersion()), frame.length(), found -> {
                    FrameSummary response = summarizer.summary(found, exchange.conversation().id());
                    ExchangeSummary e = new ExchangeSummary(exchange, request == null ? null : request.summary, response);
                    sinks.forEach(s -> s.onResponseFrame(e, frame));
                    deliver(e);
                });
    }

    @Override
    public void onUnmatchedRequest(Exchange exchange) {
        RequestSummary request = (RequestSummary) exchange.request().attachment();
        order.then(() -> deliver(new ExchangeSummary(exchange, request.summary, null)));
    }

    @Override
    public void onNote(KafkaConversation c, ExpertNote note) {
        order.then(() -> sinks.forEach(s -> s.onNote(c, note)));
    }

    /**
     * Hands the sinks what the workers have finished, in capture order, without waiting for work still running: for
     * a feed that pauses (a live capture with no packets for a while), so that finished exchanges, such as requests
     * left unanswered by a closed connection, reach the sinks before the next frame arrives. Call on the feeding
     * thread.
     */
    public void deliverFinished() {
        order.deliverDone();
    }

    /** Hands everything still in flight to the sinks and ends the workers; call once, after the last frame. */
    public void finish() {
        order.finish();
    }

    private void deliver(ExchangeSummary e) {
        if (filter.test(e, summarizer.topics())) {
            sinks.forEach(s -> s.onExchange(e));
        }
    }
}
