package org.kwire.summary;

import org.kwire.conversation.KafkaConversation;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.KafkaRequestHeader;

/**
 * Receives the analysis of Kafka traffic: exchanges (the unit of reports and events) and, for consumers that print
 * frames as they come, each frame with its summary. Every method does nothing by default.
 */
public interface ExchangeSink {

    /** A connection was recognised as Kafka. */
    default void onConversation(KafkaConversation conversation) {
    }

    /** A request frame as it arrives. */
    default void onRequestFrame(KafkaConversation conversation, KafkaFrame frame, KafkaRequestHeader header, FrameSummary summary) {
    }

    /** A response frame as it arrives, with its exchange so far (the request side may be null). */
    default void onResponseFrame(ExchangeSummary exchange, KafkaFrame frame) {
    }

    /**
     * An exchange is complete: its response arrived, its request was never answered (at the connection's end or when
     * its pending slot was evicted), or a response came without a captured request.
     */
    default void onExchange(ExchangeSummary exchange) {
    }

    /**
     * An exchange complete here that a slice's boundary leaves out of this sink (a merge of partials replays and counts
     * it): only its place in capture order matters (what came before or after it).
     */
    default void onLeftOut(ExchangeSummary exchange) {
    }

    /** A problem found on a connection outside any frame's body (framing, headers, gaps). */
    default void onNote(KafkaConversation conversation, ExpertNote note) {
    }
}
