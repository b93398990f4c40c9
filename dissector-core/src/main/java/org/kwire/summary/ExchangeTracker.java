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
 */
public final class ExchangeTracker implements ConversationListener {

    private final FrameSummarizer summarizer;
    private final ExchangeFilter filter;
    private final List<ExchangeSink> sinks;

    /**
     * @param summarizer summarizes frames
     * @param filter     which exchanges reach the sinks' {@link ExchangeSink#onExchange}
     * @param sinks      receive frames, exchanges and notes
     */
    public ExchangeTracker(FrameSummarizer summarizer, ExchangeFilter filter, List<ExchangeSink> sinks) {
        this.summarizer = summarizer;
        this.filter = filter;
        this.sinks = List.copyOf(sinks);
    }

    /** Tells the sinks of a new Kafka connection. */
    public void conversation(KafkaConversation c) {
        sinks.forEach(s -> s.onConversation(c));
    }

    @Override
    public Object onRequest(KafkaConversation c, KafkaFrame frame, RequestHeader h) {
        FrameSummary summary = summarizer.summarize(frame, 4 + h.length(), h.apiKey(), Direction.REQUEST, h.apiVersion(), c.id());
        sinks.forEach(s -> s.onRequestFrame(c, frame, h, summary));
        return summary;
    }

    @Override
    public void onResponse(Exchange exchange, KafkaFrame frame) {
        FrameSummary response = summarizer.summarize(frame, 4 + exchange.response().header().length(), exchange.apiKey(),
                Direction.RESPONSE, exchange.apiVersion(), exchange.conversation().id());
        FrameSummary request = exchange.request() == null ? null : (FrameSummary) exchange.request().attachment();
        ExchangeSummary e = new ExchangeSummary(exchange, request, response);
        sinks.forEach(s -> s.onResponseFrame(e, frame));
        deliver(e);
    }

    @Override
    public void onUnmatchedRequest(Exchange exchange) {
        deliver(new ExchangeSummary(exchange, (FrameSummary) exchange.request().attachment(), null));
    }

    @Override
    public void onNote(KafkaConversation c, ExpertNote note) {
        sinks.forEach(s -> s.onNote(c, note));
    }

    private void deliver(ExchangeSummary e) {
        if (filter.test(e, summarizer.topics())) {
            sinks.forEach(s -> s.onExchange(e));
        }
    }
}
