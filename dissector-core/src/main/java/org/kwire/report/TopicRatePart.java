package org.kwire.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mergeable state of the report's {@code topic_rate} ({@link TopicRateAccumulator}): buckets of {@code width}
 * seconds from {@code origin} (epoch seconds, a multiple of the width), per topic key in order of first arrival with the
 * frame that brought it. Two parts are merged on the union of their {@link TimeGrid}s exactly; the first
 * {@link TopicRateAccumulator#MAX_TOPICS} topics in capture order keep their series, the others are summed.
 *
 * @param widthIndex index of the bucket width in the accumulator's widths
 * @param origin     start of bucket 0, epoch seconds ({@link Long#MIN_VALUE} if no record set was seen)
 * @param used       buckets in use
 * @param series     per topic key (name, or id), {@code [quantity][bucket]}: produced records, produced bytes,
 *                   fetched records, fetched bytes
 * @param firstFrames per topic key (with or without a series of its own), the frame that first brought it
 * @param other      the series of topics beyond the first ones, summed; null if none
 * @param otherKeys  those topics, in order of first arrival
 */
public record TopicRatePart(int widthIndex, long origin, int used, Map<String, long[][]> series,
                            Map<String, Long> firstFrames, long[][] other, List<String> otherKeys) {

    TopicRatePart merge(TopicRatePart o, FrameOrder order) {
        if (used == 0) {
            return o;
        }
        if (o.used == 0) {
            return this;
        }
        TimeGrid grid = grid().union(o.grid());
        List<Map.Entry<String, Long>> arrivals = Sequences.merge(new ArrayList<>(firstFrames.entrySet()),
                new ArrayList<>(o.firstFrames.entrySet()), Map.Entry::getValue, order, Integer.MAX_VALUE);
        Map<String, Long> first = new LinkedHashMap<>();
        arrivals.forEach(e -> first.putIfAbsent(e.getKey(), e.getValue()));
        int u = grid.used();
        Map<String, long[][]> s = new LinkedHashMap<>();
        long[][] rest = null;
        List<String> restKeys = new ArrayList<>();
        for (String key : first.keySet()) {
            long[][] sum = new long[4][u];
            boolean any = add(sum, series.get(key), this, grid) | add(sum, o.series.get(key), o, grid);
            boolean inOther = otherKeys.contains(key) || o.otherKeys.contains(key);
            if (s.size() < TopicRateAccumulator.MAX_TOPICS && any && !inOther) {
                s.put(key, sum);
            } else {
                rest = rest == null ? new long[4][u] : rest;
                for (int q = 0; q < 4; q++) {
                    for (int b = 0; b < u; b++) {
                        rest[q][b] += sum[q][b];
                    }
                }
                restKeys.add(key);
            }
        }
        if (other != null || o.other != null) {
            rest = rest == null ? new long[4][u] : rest;
            add(rest, other, this, grid);
            add(rest, o.other, o, grid);
        }
        return new TopicRatePart(grid.widthIndex(), grid.origin(), u, s, first, rest, List.copyOf(restKeys));
    }

    /** The grid of the buckets. */
    private TimeGrid grid() {
        return new TimeGrid(widthIndex, origin, used);
    }

    /** Adds a series of part {@code p} into {@code sum} on the wider grid {@code onto}; false if there was none. */
    private static boolean add(long[][] sum, long[][] from, TopicRatePart p, TimeGrid onto) {
        if (from == null) {
            return false;
        }
        for (int q = 0; q < from.length; q++) {
            long[] folded = onto.fold(p.grid(), from[q], Long::sum, 0, sum[q].length);
            for (int b = 0; b < folded.length; b++) {
                sum[q][b] += folded[b];
            }
        }
        return true;
    }

    /**
     * The rate of the report.
     *
     * @param names resolves topic ids to names: series of an id and of its name are summed under the name
     */
    TopicRate toRate(org.kwire.summary.TopicNames names) {
        if (used == 0) {
            return new TopicRate(null, TimeGrid.WIDTHS[widthIndex], Map.of(), null, 0);
        }
        Map<String, long[][]> byName = new java.util.TreeMap<>();
        series.forEach((key, s) -> {
            String name = names.name(key);
            long[][] sum = byName.computeIfAbsent(name != null ? name : key, k -> new long[4][used]);
            for (int q = 0; q < s.length; q++) {
                for (int b = 0; b < used; b++) {
                    sum[q][b] += s[q][b];
                }
            }
        });
        Map<String, TopicSeries> topics = new LinkedHashMap<>();
        byName.forEach((name, s) -> topics.put(name, toSeries(s)));
        return new TopicRate(java.time.Instant.ofEpochSecond(origin).toString(), TimeGrid.WIDTHS[widthIndex],
                topics, other == null ? null : toSeries(other), otherKeys.size());
    }

    private TopicSeries toSeries(long[][] s) {
        return new TopicSeries(list(s[0]), list(s[1]), list(s[2]), list(s[3]));
    }

    private List<Long> list(long[] buckets) {
        return java.util.Arrays.stream(buckets, 0, used).boxed().toList();
    }
}
