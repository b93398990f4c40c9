package org.kwire.report;

/**
 * Latency distribution in microseconds: time from the last packet of a request to the last packet of its response
 * (the moment each frame was complete on the wire, as Wireshark's response time). Percentiles come from an
 * HdrHistogram with 3 significant digits; min and max are exact.
 *
 * @param count number of matched exchanges
 * @param min   smallest, µs
 * @param p50   median, µs
 * @param p90   90th percentile, µs
 * @param p99   99th percentile, µs
 * @param max   largest, µs
 */
public record LatencySummary(long count, long min, long p50, long p90, long p99, long max) {
}
