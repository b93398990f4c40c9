package org.kwire.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Counts requests per API per second of capture time; rebucketed into at most {@link #MAX_BUCKETS} buckets at the end. */
final class RequestRateAccumulator {

    /** Most buckets a series has. */
    static final int MAX_BUCKETS = 1000;
    private static final long[] WIDTHS = {1, 2, 5, 10, 30, 60, 300, 600, 1800, 3600, 21600, 86400};

    /** API name → second → count. */
    private final Map<String, TreeMap<Long, long[]>> perSecond = new TreeMap<>();
    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    void add(String api, long timestampNanos) {
        long second = Math.floorDiv(timestampNanos, 1_000_000_000L);
        perSecond.computeIfAbsent(api, a -> new TreeMap<>()).computeIfAbsent(second, s -> new long[1])[0]++;
        first = Math.min(first, second);
        last = Math.max(last, second);
    }

    /** The narrowest bucket width that fits {@code span} seconds in {@link #MAX_BUCKETS} buckets. */
    private static long width(long span) {
        for (long w : WIDTHS) {
            if ((span + w - 1) / w <= MAX_BUCKETS) {
                return w;
            }
        }
        return WIDTHS[WIDTHS.length - 1];
    }

    /** The mergeable state: per API name, requests per second of capture time (epoch seconds). */
    Map<String, Map<Long, Long>> part() {
        Map<String, Map<Long, Long>> out = new TreeMap<>();
        perSecond.forEach((api, m) -> {
            Map<Long, Long> counts = new TreeMap<>();
            m.forEach((second, n) -> counts.put(second, n[0]));
            out.put(api, counts);
        });
        return out;
    }

    /** The rate of a part's counts. */
    static RequestRate toRate(Map<String, Map<Long, Long>> part) {
        RequestRateAccumulator a = new RequestRateAccumulator();
        part.forEach((api, m) -> m.forEach((second, n) -> {
            a.perSecond.computeIfAbsent(api, x -> new TreeMap<>()).computeIfAbsent(second, x -> new long[1])[0] += n;
            a.first = Math.min(a.first, second);
            a.last = Math.max(a.last, second);
        }));
        return a.toRate();
    }

    /** The sum of two parts' counts. */
    static Map<String, Map<Long, Long>> merge(Map<String, Map<Long, Long>> a, Map<String, Map<Long, Long>> b) {
        Map<String, Map<Long, Long>> out = new TreeMap<>();
        for (Map<String, Map<Long, Long>> m : List.of(a, b)) {
            m.forEach((api, counts) -> counts.forEach((second, n) ->
                    out.computeIfAbsent(api, x -> new TreeMap<>()).merge(second, n, Long::sum)));
        }
        return out;
    }

    RequestRate toRate() {
        if (first > last) {
            return new RequestRate(null, 1, Map.of());
        }
        long width = width(last - first + 1);
        long start = Math.floorDiv(first, width) * width;
        int buckets = (int) ((last - start) / width + 1);
        Map<String, List<Long>> series = new TreeMap<>();
        for (Map.Entry<String, TreeMap<Long, long[]>> e : perSecond.entrySet()) {
            List<Long> counts = new ArrayList<>(Collections.nCopies(buckets, 0L));
            e.getValue().forEach((second, n) -> {
                int i = (int) ((second - start) / width);
                counts.set(i, counts.get(i) + n[0]);
            });
            series.put(e.getKey(), counts);
        }
        return new RequestRate(Instant.ofEpochSecond(start).toString(), width, series);
    }
}
