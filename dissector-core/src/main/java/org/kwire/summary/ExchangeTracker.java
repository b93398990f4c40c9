package org.kwire.summary;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.conversation.RequestRecord;
import org.kwire.dissect.DissectionVisitor;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestFrame;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.schema.Direction;

import java.util.List;

/**
 * Turns a conversation's frames into summarized exchanges for the sinks: each frame is summarized once (the request's
 * summary waits in its {@link RequestRecord}, the conversation's pending entry), and each completed exchange that the
 * filter accepts goes to every sink. Frames are offered to the sinks as they come; the filter does not apply to them.
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
    private BodyTap tap;

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

    /**
     * Has {@code tap} see the bodies this tracker summarizes, in the same pass (kwire dissect's trees); before the
     * first frame.
     */
    public void tap(BodyTap tap) {
        this.tap = tap;
    }

    /** The summarizer, which the conversations share to decode responses whose API they infer. */
    public FrameSummarizer summarizer() {
        return summarizer;
    }

    /** Tells the sinks of a new Kafka connection. */
    public void conversation(KafkaConversation c) {
        order.then(() -> sinks.forEach(s -> s.onConversation(c)));
    }

    @Override
    public void onRequest(KafkaConversation c, RequestFrame request, RequestRecord record) {
        KafkaFrame frame = request.frame();
        KafkaRequestHeader h = request.header();
        DissectionVisitor alongside = tap == null ? null : tap.request(c, request);
        order.submit(() -> summarizer.examine(frame, h.bodyOffset(), h.apiKey(), Direction.REQUEST, h.apiVersion(), alongside),
                frame.length(), found -> {
                    FrameSummary summary = summarizer.summary(found, c.id());
                    record.summary(summary);
                    sinks.forEach(s -> s.onRequestFrame(c, frame, h, summary));
                });
    }

    @Override
    public void onResponse(Exchange exchange, KafkaFrame frame, FrameFindings decoded) {
        DissectionVisitor alongside = tap == null || decoded != null ? null : tap.response(exchange, frame);
        order.submit(() -> decoded != null ? decoded : summarizer.examine(frame, exchange.response().header().bodyOffset(),
                exchange.apiKey(), Direction.RESPONSE, exchange.apiVersion(), alongside), frame.length(), found -> {
                    FrameSummary response = summarizer.summary(found, exchange.conversation().id());
                    RequestRecord request = exchange.request();
                    ExchangeSummary e = new ExchangeSummary(exchange, request == null ? null : request.summary(), response);
                    sinks.forEach(s -> s.onResponseFrame(e, frame));
                    deliver(e);
                });
    }

    @Override
    public void onUnmatchedRequest(Exchange exchange) {
        order.then(() -> deliver(new ExchangeSummary(exchange, exchange.request().summary(), null)));
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
