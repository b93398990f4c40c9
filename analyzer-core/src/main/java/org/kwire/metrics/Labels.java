package org.kwire.metrics;

/**
 * The label bounds of one sink ({@link LabelLimiter}, {@link MetricsLimits}): client_ids, topics, brokers, consumer
 * groups and follower replica ids. Not thread-safe: the sink serializes the calls.
 *
 * @param replicas follower replica ids, bounded as the brokers are
 */
record Labels(LabelLimiter clients, LabelLimiter topics, LabelLimiter brokers, LabelLimiter groups,
              LabelLimiter replicas) {

    /** Expires the values not seen for a while, at {@code now} (ns). */
    void expire(long now) {
        clients.expire(now);
        brokers.expire(now);
        topics.expire(now);
        groups.expire(now);
        replicas.expire(now);
    }
}
