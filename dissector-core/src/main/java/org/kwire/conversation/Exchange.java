package org.kwire.conversation;

/**
 * A request and its response on one connection, matched by correlation_id. Either side may be missing: a request
 * that was never answered in the capture (e.g. Produce with acks=0, or the capture ended) or a response whose request
 * was not captured.
 *
 * @param conversation the connection
 * @param request      the request, or {@code null} if it was not captured
 * @param response     the response, or {@code null} if none was seen
 */
public record Exchange(KafkaConversation conversation, RequestRecord request, ResponseRecord response) {

    /** ApiKey of the exchange: its request's, else the one inferred for the response, else -1. */
    public int apiKey() {
        return request != null ? request.header().apiKey() : response == null ? -1 : response.inferredApiKey();
    }

    /** API version of the exchange, as {@link #apiKey()}; -1 if unknown. */
    public int apiVersion() {
        return request != null ? request.header().apiVersion() : response == null ? -1 : response.inferredApiVersion();
    }

    /**
     * Time from the request's last packet to the response's last packet, microseconds; -1 unless both were seen. A
     * response the capture lost the end of (cut by a gap or the capture's end) is timed to its first packet, the only
     * one known to belong to it.
     */
    public long latencyMicros() {
        if (request == null || response == null) {
            return -1;
        }
        long end = response.incomplete() ? response.frame().firstTimestampNanos() : response.frame().lastTimestampNanos();
        return (end - request.frame().lastTimestampNanos()) / 1000;
    }

    /** True if the capture lost bytes of the request or of the response. */
    public boolean incomplete() {
        return (request != null && request.incomplete()) || (response != null && response.incomplete());
    }
}
