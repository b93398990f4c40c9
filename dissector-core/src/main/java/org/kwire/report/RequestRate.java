package org.kwire.report;

import java.util.List;
import java.util.Map;

/**
 * Requests per API over time, for charts: counts per bucket of {@code bucketSeconds} starting at {@code start}.
 *
 * @param start         start of the first bucket, ISO-8601 UTC (the first request's second), or null if none
 * @param bucketSeconds bucket width in seconds: 1, or the smallest of 2, 5, 10, 30, 60, 300, 600, 1800, 3600, 21600,
 *                      86400 that keeps the series at {@link RequestRateAccumulator#MAX_BUCKETS} buckets or fewer
 * @param requests      per API name, the request count of each bucket
 */
public record RequestRate(String start, long bucketSeconds, Map<String, List<Long>> requests) {
}
