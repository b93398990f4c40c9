package org.kwire.conversation;

import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestFrame;
import org.kwire.summary.FrameFindings;

/**
 * Receives what a {@link KafkaConversation} sees, in capture order. Every method must be implemented (no defaults):
 * a listener that forwards to another cannot drop an event added later without failing to compile.
 */
public interface ConversationListener {

    /**
     * A request frame, its header decoded, as it arrives.
     *
     * @param record the request's entry in the conversation's pending table (whose summary slot the exchange tracker
     *               fills); the same object comes back as {@code exchange.request()} with its response
     */
    void onRequest(KafkaConversation conversation, RequestFrame frame, RequestRecord record);

    /**
     * A response frame, matched to its request where it was captured ({@code exchange.request()} may be null).
     *
     * @param decoded what the summarizer's pass found in its body when the conversation had to decode it already (a
     *                response whose API was inferred, or one told from a SASL token): then it is not decoded again;
     *                else null
     */
    void onResponse(Exchange exchange, KafkaFrame frame, FrameFindings decoded);

    /**
     * A request without a response: one that got none before the connection ended or its pending slot was evicted,
     * or one that expects none ({@code request().responseExpected()} false: Produce with acks=0), handed on as soon as
     * it arrives and never kept pending.
     */
    void onUnmatchedRequest(Exchange exchange);

    /** A problem on the conversation (malformed header, duplicate correlation_id, ...). */
    void onNote(KafkaConversation conversation, ExpertNote note);

    /**
     * A note of the TLS stage on TCP stream {@code stream} (records, alerts, keys), which has no conversation. By
     * default handed to {@link #onNote} without one; a listener that gates events by connection (a partial's boundary)
     * overrides it.
     */
    default void onTlsNote(int stream, ExpertNote note) {
        onNote(null, note);
    }
}
