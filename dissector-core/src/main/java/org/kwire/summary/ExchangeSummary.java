package org.kwire.summary;

import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.protocol.KafkaRequestHeader;

/**
 * A request/response exchange with the summaries of its frames. One side may be missing: a request that got no
 * response in the capture, or a response whose request was not captured.
 *
 * @param exchange the matched exchange (conversation, headers, frame places)
 * @param request  the request's summary, or null if it was not captured
 * @param response the response's summary, or null if none was seen
 */
public record ExchangeSummary(Exchange exchange, FrameSummary request, FrameSummary response) {

    /** The connection. */
    public KafkaConversation conversation() {
        return exchange.conversation();
    }

    /** ApiKey: the request's, or the one inferred for the response; -1 if unknown. */
    public int apiKey() {
        return exchange.apiKey();
    }

    /** The request header, or null. */
    public KafkaRequestHeader requestHeader() {
        return exchange.request() == null ? null : exchange.request().header();
    }

    /** Request-to-response latency in microseconds, -1 unless both sides were seen. */
    public long latencyMicros() {
        return exchange.latencyMicros();
    }

    /** True if the response carries a non-zero error code. */
    public boolean hasErrors() {
        return response != null && !response.errors().isEmpty();
    }
}
