package org.kwire.report;

import java.util.Map;

/**
 * Record throughput per topic over time, for charts: per bucket of {@code bucketSeconds} starting at {@code start},
 * the records and record-batch bytes (as on the wire) that Produce requests carried and Fetch/ShareFetch responses
 * returned for each topic. Built by {@link TopicRateAccumulator}; bounded: at most
 * {@link TopicRateAccumulator#MAX_TOPICS} topics get their own series, the rest are summed in {@code other}.
 *
 * @param start         start of the first bucket, ISO-8601 UTC, or null if no record batch was seen
 * @param bucketSeconds bucket width in seconds: 1, or the smallest of 2, 10, 30, 60, 300, 600, 1800, 3600, 21600,
 *                      86400 that keeps the series at {@link TopicRateAccumulator#MAX_BUCKETS} buckets or fewer
 * @param topics        per topic (its name, or its id when the capture never named it), its series
 * @param other         the series of the topics beyond the first {@link TopicRateAccumulator#MAX_TOPICS}, summed;
 *                      null if there are none
 * @param otherTopics   how many topics {@code other} sums
 */
public record TopicRate(String start, long bucketSeconds, Map<String, TopicSeries> topics, TopicSeries other,
                        long otherTopics) {
}
