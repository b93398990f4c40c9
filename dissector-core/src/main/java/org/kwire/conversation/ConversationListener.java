package org.kwire.conversation;

import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestHeader;

/** Receives what a {@link KafkaConversation} sees, in capture order. */
public interface ConversationListener {

    /**
     * A request frame with its decoded header, as it arrives.
     *
     * @return what to keep with the request until its response (handed back as {@code RequestRecord.attachment()}),
     *         or null; it should be small, since pending requests are kept until answered or evicted
     */
    Object onRequest(KafkaConversation conversation, KafkaFrame frame, RequestHeader header);

    /** A response frame, matched to its request where it was captured ({@code exchange.request()} may be null). */
    void onResponse(Exchange exchange, KafkaFrame frame);

    /**
     * A request without a response: one that got none before the connection ended or its pending slot was evicted,
     * or one that expects none ({@code request().responseExpected()} false: Produce with acks=0), handed on as soon as
     * it arrives and never kept pending.
     */
    void onUnmatchedRequest(Exchange exchange);

    /** A problem on the conversation (malformed header, duplicate correlation_id, ...). */
    void onNote(KafkaConversation conversation, ExpertNote note);
}
