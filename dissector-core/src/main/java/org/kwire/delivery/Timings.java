package org.kwire.delivery;

import org.HdrHistogram.Histogram;
import org.kwire.report.LatencyPart;

import java.util.HashMap;
import java.util.Map;

/**
 * Durations in µs counted as a {@link LatencyPart}'s HdrHistogram counts them (3 significant digits, clamped to its
 * range), but held sparsely: a count per bucket used, not the histogram's whole array (some 190 KB), since a tracker
 * keeps three per topic. The exact extremes beside. Not thread-safe.
 */
final class Timings {

    /** Read only, for its bucket arithmetic. */
    private static final Histogram SHAPE = LatencyPart.newHistogram();

    private final Map<Long, long[]> buckets = new HashMap<>();
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    /** Counts one duration, µs (not negative). */
    void record(long micros) {
        long v = SHAPE.lowestEquivalentValue(Math.min(micros, SHAPE.getHighestTrackableValue()));
        buckets.computeIfAbsent(v, k -> new long[1])[0]++;
        min = Math.min(min, micros);
        max = Math.max(max, micros);
    }

    /** The part: the histogram of the counts, its extremes; {@link LatencyPart#NONE} if none. */
    LatencyPart part() {
        if (buckets.isEmpty()) {
            return LatencyPart.NONE;
        }
        Histogram h = LatencyPart.newHistogram();
        buckets.forEach((v, n) -> h.recordValueWithCount(v, n[0]));
        return LatencyPart.of(h, min, max);
    }
}
