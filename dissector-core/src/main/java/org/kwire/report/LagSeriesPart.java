package org.kwire.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The mergeable state of {@code consumer_lag.over_time} ({@link LagSeriesAccumulator}), kept in {@link LagPart#series()}:
 * on one {@link TimeGrid}, per bucket the largest value of each series. Three lists of series: consumers' fetch lag
 * samples, the high watermarks consumers' Fetch responses gave, and groups' committed offsets. A largest value merges
 * exactly whatever the split (the larger of two), and buckets fold exactly onto the wider grid of two parts, so a merge
 * gives the buckets one analysis gives (docs/PARTIAL.md, "Consumer lag"). Topics are keyed as the frames named them
 * (name, else id). Immutable.
 *
 * @param widthIndex index of the bucket width in {@link TimeGrid#WIDTHS}
 * @param origin     start of bucket 0, epoch seconds ({@link Long#MIN_VALUE} if no sample)
 * @param used       buckets in use; every series has this many
 * @param fetch      per consumer client_id, address, topic, partition and measure ({@code against}): per bucket the
 *                   largest fetch lag sample, records; sorted by key; at most {@link LagSeriesAccumulator#MAX_SERIES}
 * @param watermarks per topic-partition: per bucket the largest high watermark a consumer's Fetch response gave
 * @param commits    per group, topic and partition: per bucket the largest offset an OffsetCommit answered without
 *                   error committed
 * @param omitted    samples past {@link LagSeriesAccumulator#MAX_SERIES} series per list, and series a merge cut past
 *                   it, not kept (a warning says so)
 */
public record LagSeriesPart(int widthIndex, long origin, int used, List<Series> fetch, List<Series> watermarks,
                            List<Series> commits, long omitted) {

    /** Nothing seen (also what a partial written before over-time lag holds). */
    public static final LagSeriesPart NONE = new LagSeriesPart(0, Long.MIN_VALUE, 0, List.of(), List.of(), List.of(), 0);

    /** Reads missing lists as empty. */
    public LagSeriesPart {
        fetch = fetch == null ? List.of() : List.copyOf(fetch);
        watermarks = watermarks == null ? List.of() : List.copyOf(watermarks);
        commits = commits == null ? List.of() : List.copyOf(commits);
    }

    /**
     * One series: what it is of (the members its list uses; the others null) and per bucket its largest value, null
     * for a bucket without any.
     *
     * @param group    a commit's group
     * @param clientId a fetch lag's consumer client_id
     * @param address  a fetch lag's consumer address (no port)
     * @param against  a fetch lag's measure: {@code high_watermark} or {@code last_stable_offset}
     * @param max      per bucket the largest value, null where none
     */
    public record Series(String group, String clientId, String address, String topic, int partition, String against,
                         List<Long> max) {

        String key() {
            return String.join("\0", Objects.toString(group, ""), Objects.toString(clientId, ""),
                    Objects.toString(address, ""), topic, Integer.toString(partition), Objects.toString(against, ""));
        }

        /** The same series with other values. */
        Series with(long[] values) {
            return new Series(group, clientId, address, topic, partition, against, boxed(values));
        }

        long[] values() {
            return max.stream().mapToLong(v -> v == null ? LagSeriesAccumulator.NONE : v).toArray();
        }
    }

    /** The bucket grid. */
    TimeGrid grid() {
        return new TimeGrid(widthIndex, origin, used);
    }

    /** Both parts on the wider grid, each bucket the larger value; order does not matter. */
    LagSeriesPart merge(LagSeriesPart o) {
        TimeGrid g = grid().union(o.grid());
        long[] cut = {0};
        return new LagSeriesPart(g.widthIndex(), g.origin(), g.used(), merge(fetch, o, o.fetch, g, cut),
                merge(watermarks, o, o.watermarks, g, cut), merge(commits, o, o.commits, g, cut), omitted + o.omitted + cut[0]);
    }

    private List<Series> merge(List<Series> mine, LagSeriesPart o, List<Series> theirs, TimeGrid g, long[] cut) {
        Map<String, long[]> values = new TreeMap<>();
        Map<String, Series> what = new TreeMap<>();
        for (Series s : mine) {
            values.put(s.key(), g.fold(grid(), s.values(), Math::max, LagSeriesAccumulator.NONE, g.used()));
            what.put(s.key(), s);
        }
        for (Series s : theirs) {
            long[] v = g.fold(o.grid(), s.values(), Math::max, LagSeriesAccumulator.NONE, g.used());
            values.merge(s.key(), v, LagSeriesPart::larger);
            what.putIfAbsent(s.key(), s);
        }
        List<Series> out = new ArrayList<>();
        what.forEach((k, s) -> out.add(s.with(values.get(k))));
        cut[0] += Math.max(0, out.size() - LagSeriesAccumulator.MAX_SERIES);
        return out.subList(0, Math.min(out.size(), LagSeriesAccumulator.MAX_SERIES));
    }

    /** Bucket by bucket the larger of two series on one grid ({@link LagSeriesAccumulator#NONE}: no value). */
    static long[] larger(long[] a, long[] b) {
        long[] out = Arrays.copyOf(a, a.length);
        for (int i = 0; i < out.length; i++) {
            out[i] = Math.max(out[i], b[i]); // NONE is Long.MIN_VALUE: any value is larger
        }
        return out;
    }

    /** {@code values} with {@link LagSeriesAccumulator#NONE} as null. */
    static List<Long> boxed(long[] values) {
        List<Long> out = new ArrayList<>(values.length);
        for (long v : values) {
            out.add(v == LagSeriesAccumulator.NONE ? null : v);
        }
        return java.util.Collections.unmodifiableList(out);
    }
}
