package org.kwire.metrics;

import java.util.function.LongSupplier;

/**
 * Bounds of the metrics' label values ({@link LabelLimiter}).
 *
 * @param clients       client_ids with series of their own at most; the rest count under {@code other}
 * @param topics        topics with series of their own at most
 * @param brokers       brokers with series of their own at most (and follower replica ids, apart)
 * @param groups        consumer groups with series of their own at most
 * @param expireSeconds a client_id, topic, broker or group not seen for this long loses its series, and a lag not
 *                      updated for this long too (0: never, as for a saved capture, whose metrics then add up to its
 *                      report)
 * @param clock         monotonic time, ns
 */
public record MetricsLimits(int clients, int topics, int brokers, int groups, long expireSeconds, LongSupplier clock) {

    /** Default client_ids with own series. */
    public static final int DEFAULT_CLIENTS = 50;
    /** Default topics with own series. */
    public static final int DEFAULT_TOPICS = 50;
    /** Default brokers with own series. */
    public static final int DEFAULT_BROKERS = 50;
    /** Default consumer groups with own series. */
    public static final int DEFAULT_GROUPS = 50;
    /** Default expiry of a label value, seconds: 10 minutes. */
    public static final long DEFAULT_EXPIRE_SECONDS = 600;

    /** Validates the bounds. */
    public MetricsLimits {
        if (clients < 0 || topics < 0 || brokers < 0 || groups < 0 || expireSeconds < 0) {
            throw new IllegalArgumentException("metrics limits must not be negative");
        }
    }

    /** These bounds on the system's monotonic clock. */
    public MetricsLimits(int clients, int topics, int brokers, int groups, long expireSeconds) {
        this(clients, topics, brokers, groups, expireSeconds, System::nanoTime);
    }
}
