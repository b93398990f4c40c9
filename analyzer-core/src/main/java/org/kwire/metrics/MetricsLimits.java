package org.kwire.metrics;

import java.util.function.LongSupplier;

/**
 * Bounds of the metrics' label values ({@link LabelLimiter}).
 *
 * @param clients       client_ids with series of their own at most; the rest count under {@code other}
 * @param topics        topics with series of their own at most
 * @param brokers       brokers with series of their own at most
 * @param expireSeconds a client_id, topic or broker not seen for this long loses its series (0: never, as for a
 *                      saved capture, whose metrics then add up to its report)
 * @param clock         monotonic time, ns
 */
public record MetricsLimits(int clients, int topics, int brokers, long expireSeconds, LongSupplier clock) {

    /** Default client_ids with own series. */
    public static final int DEFAULT_CLIENTS = 50;
    /** Default topics with own series. */
    public static final int DEFAULT_TOPICS = 50;
    /** Default brokers with own series. */
    public static final int DEFAULT_BROKERS = 50;
    /** Default expiry of a label value, seconds: 10 minutes. */
    public static final long DEFAULT_EXPIRE_SECONDS = 600;

    /** Validates the bounds. */
    public MetricsLimits {
        if (clients < 0 || topics < 0 || brokers < 0 || expireSeconds < 0) {
            throw new IllegalArgumentException("metrics limits must not be negative");
        }
    }

    /** These bounds on the system's monotonic clock. */
    public MetricsLimits(int clients, int topics, int brokers, long expireSeconds) {
        this(clients, topics, brokers, expireSeconds, System::nanoTime);
    }
}
