package org.kwire.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Gathers {@code consumer_lag.over_time} ({@link LagSeriesPart}) from the samples {@link LagAccumulator} takes: each
 * sample goes to its series' bucket of the response's capture time on a {@link TimeGrid} shared by all series, which
 * keeps the largest value per bucket. Bounded: {@link #MAX_SERIES} series per list (samples of further series are
 * counted, not kept), each of at most {@link TimeGrid#MAX_BUCKETS} buckets. Not thread-safe.
 */
final class LagSeriesAccumulator {

    /** Series kept per list. */
    static final int MAX_SERIES = 200;
    /** A bucket without a value. */
    static final long NONE = Long.MIN_VALUE;

    private TimeGrid grid = TimeGrid.EMPTY;
    private final Map<String, Entry> fetch = new TreeMap<>();
    private final Map<String, Entry> watermarks = new TreeMap<>();
    private final Map<String, Entry> commits = new TreeMap<>();
    private long omitted;

    /** A series and its buckets so far ({@link #NONE} where none), grown as the grid's buckets are used. */
    private static final class Entry {
        final LagSeriesPart.Series what;
        long[] values = new long[0];

        Entry(LagSeriesPart.Series what) {
            this.what = what;
        }
    }

    /** A consumer's fetch lag, records, at a Fetch response of this capture time (epoch ns). */
    void fetch(String clientId, String address, String topic, int partition, String against, long nanos, long lag) {
        add(fetch, new LagSeriesPart.Series(null, clientId, address, topic, partition, against, List.of()), nanos, lag);
    }

    /** A partition's high watermark in a consumer's Fetch response. */
    void watermark(String topic, int partition, long nanos, long highWatermark) {
        add(watermarks, new LagSeriesPart.Series(null, null, null, topic, partition, null, List.of()), nanos, highWatermark);
    }

    /** A group's offset committed, at its OffsetCommit response. */
    void commit(String group, String topic, int partition, long nanos, long offset) {
        add(commits, new LagSeriesPart.Series(group, null, null, topic, partition, null, List.of()), nanos, offset);
    }

    private void add(Map<String, Entry> list, LagSeriesPart.Series what, long nanos, long value) {
        String key = what.key();
        Entry e = list.get(key);
        if (e == null) {
            if (list.size() >= MAX_SERIES) {
                omitted++;
                return;
            }
            e = new Entry(what);
            list.put(key, e);
        }
        long second = Math.floorDiv(nanos, 1_000_000_000L);
        TimeGrid g = grid.with(second);
        if (g.movedFrom(grid)) { // wider, or from an earlier second: the buckets so far onto the new grid
            for (Map<String, Entry> l : List.of(fetch, watermarks, commits)) {
                l.values().forEach(x -> x.values = g.fold(grid, x.values, Math::max, NONE,
                        x.values.length == 0 ? 0 : Math.max(x.values.length, g.used())));
            }
        }
        grid = g;
        int i = g.index(second);
        if (e.values.length <= i) {
            int was = e.values.length;
            e.values = Arrays.copyOf(e.values, Math.min(TimeGrid.MAX_BUCKETS, Math.max(i + 1, 2 * was)));
            Arrays.fill(e.values, was, e.values.length, NONE);
        }
        e.values[i] = Math.max(e.values[i], value);
    }

    /** The state so far. */
    LagSeriesPart part() {
        return new LagSeriesPart(grid.widthIndex(), grid.origin(), grid.used(), list(fetch), list(watermarks),
                list(commits), omitted);
    }

    private List<LagSeriesPart.Series> list(Map<String, Entry> entries) {
        List<LagSeriesPart.Series> out = new ArrayList<>();
        for (Entry e : entries.values()) {
            long[] v = Arrays.copyOf(e.values, grid.used());
            Arrays.fill(v, Math.min(e.values.length, v.length), v.length, NONE);
            out.add(e.what.with(v));
        }
        return out;
    }
}
