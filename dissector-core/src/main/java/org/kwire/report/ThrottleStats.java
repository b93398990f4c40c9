package org.kwire.report;

import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;

/**
 * The {@code ThrottleTimeMs} of responses (Kafka's {@code throttle_time_ms}: how long the broker held the client back
 * for a quota, KIP-219): of the responses whose body has the field, how many had it above 0, their sum and the
 * largest. Immutable; adds up exactly.
 *
 * @param responses         responses whose body has {@code ThrottleTimeMs}
 * @param throttled         those with {@code ThrottleTimeMs} > 0
 * @param throttleTimeMs    the sum of their {@code ThrottleTimeMs}, ms
 * @param maxThrottleTimeMs the largest {@code ThrottleTimeMs}, ms (0 if none)
 */
public record ThrottleStats(long responses, long throttled, long throttleTimeMs, long maxThrottleTimeMs) {

    /** No response with the field. */
    public static final ThrottleStats NONE = new ThrottleStats(0, 0, 0, 0);

    /**
     * The {@code ThrottleTimeMs} of an exchange's response, the one rule of the {@code load} section and the metrics'
     * {@code kwire_throttle_time_seconds_total}: -1 unless the request header was decoded (the exchange belongs to a
     * client) and the response was decoded and has the field ({@link org.kwire.summary.ClusterFacts#throttleTimeMs()}).
     */
    public static int ofResponse(ExchangeSummary e) {
        FrameSummary rs = e.response();
        return e.requestHeader() != null && rs != null && rs.decoded() ? rs.message().cluster().throttleTimeMs() : -1;
    }

    /** These and one more response's {@code ThrottleTimeMs} (ms, at least 0). */
    ThrottleStats add(long ms) {
        return new ThrottleStats(responses + 1, throttled + (ms > 0 ? 1 : 0), throttleTimeMs + ms,
                Math.max(maxThrottleTimeMs, ms));
    }

    /** Both added. */
    ThrottleStats merge(ThrottleStats o) {
        return new ThrottleStats(responses + o.responses, throttled + o.throttled, throttleTimeMs + o.throttleTimeMs,
                Math.max(maxThrottleTimeMs, o.maxThrottleTimeMs));
    }
}
