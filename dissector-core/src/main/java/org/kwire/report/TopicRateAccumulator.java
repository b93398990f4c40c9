package org.kwire.report;

import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts the records and record-batch bytes of each topic per time bucket, produced and fetched ({@link TopicRate}).
 * Memory is bounded whatever the capture's length and topics: at most {@link #MAX_TOPICS} series of at most
 * {@link #MAX_BUCKETS} buckets, on a {@link TimeGrid} (1 s wide, widened whenever the capture outgrows
 * {@link #MAX_BUCKETS} of them, so that buckets merge exactly; a timestamp before the first bucket counts in it).
 */
final class TopicRateAccumulator {

    /** Most buckets a series has. */
    static final int MAX_BUCKETS = TimeGrid.MAX_BUCKETS;
    /** Topics with a series of their own; later ones are summed as "other". */
    static final int MAX_TOPICS = 50;
    /** The series of record sets whose frame names neither a topic name nor an id. */
    static final String UNNAMED = "(no topic named)";
    private static final int PRODUCED_RECORDS = 0;
    private static final int PRODUCED_BYTES = 1;
    private static final int FETCHED_RECORDS = 2;
    private static final int FETCHED_BYTES = 3;

    /** Topic key (name, or id if the frame gave only an id) → [quantity][bucket]. */
    private final Map<String, long[][]> series = new LinkedHashMap<>();
    private long[][] other;
    private final List<String> otherKeys = new ArrayList<>();
    /** Per topic key, the frame that first brought it. */
    private final Map<String, Long> firstFrames = new LinkedHashMap<>();
    /** The buckets; the first record set sets their origin. */
    private TimeGrid grid = TimeGrid.EMPTY;

    /**
     * Counts a record set.
     *
     * @param topic          the topic's name, or its id (Kafka's base64 form) when the frame names it by id only; null
     *                       (a record set the frame names no topic for) counts as {@value #UNNAMED}
     * @param produced       true for a Produce request, false for a Fetch or ShareFetch response
     * @param records        records in it
     * @param bytes          bytes of its batches as on the wire
     * @param timestampNanos capture time of the frame, epoch ns
     * @param frame          the frame's number
     */
    void add(String topic, boolean produced, long records, long bytes, long timestampNanos) {
        add(topic, produced, records, bytes, timestampNanos, 0);
    }

    /** {@link #add(String, boolean, long, long, long)} by a frame of this number. */
    void add(String topic, boolean produced, long records, long bytes, long timestampNanos, long frame) {
        String key = topic != null ? topic : UNNAMED;
        firstFrames.putIfAbsent(key, frame);
        TimeGrid g = grid.with(Math.floorDiv(timestampNanos, 1_000_000_000L));
        if (g.movedFrom(grid)) {
            widen(g);
        }
        grid = g;
        int i = g.index(Math.floorDiv(timestampNanos, 1_000_000_000L));
        long[][] s = series(key);
        s[produced ? PRODUCED_RECORDS : FETCHED_RECORDS][i] += records;
        s[produced ? PRODUCED_BYTES : FETCHED_BYTES][i] += bytes;
    }

    private long[][] series(String topic) {
        long[][] s = series.get(topic);
        if (s != null) {
            return s;
        }
        if (series.size() < MAX_TOPICS) {
            s = new long[4][MAX_BUCKETS];
            series.put(topic, s);
            return s;
        }
        if (!otherKeys.contains(topic)) {
            otherKeys.add(topic);
        }
        if (other == null) {
            other = new long[4][MAX_BUCKETS];
        }
        return other;
    }

    /** Folds the buckets into those of the grid {@code wider} (wider, or from an earlier origin). */
    private void widen(TimeGrid wider) {
        List<long[][]> all = new ArrayList<>(series.values());
        if (other != null) {
            all.add(other);
        }
        for (long[][] s : all) {
            for (int q = 0; q < s.length; q++) {
                s[q] = wider.fold(grid, s[q], Long::sum, 0, MAX_BUCKETS);
            }
        }
    }

    /** The mergeable state so far. */
    TopicRatePart part() {
        Map<String, long[][]> s = new LinkedHashMap<>();
        series.forEach((k, v) -> s.put(k, trim(v)));
        return new TopicRatePart(grid.widthIndex(), grid.origin(), grid.used(), s, new LinkedHashMap<>(firstFrames),
                other == null ? null : trim(other), List.copyOf(otherKeys));
    }

    private long[][] trim(long[][] s) {
        long[][] out = new long[s.length][];
        for (int q = 0; q < s.length; q++) {
            out[q] = Arrays.copyOf(s[q], grid.used());
        }
        return out;
    }

    /**
     * The rate so far.
     *
     * @param names resolves topic ids to names: series of an id and of its name are summed under the name
     */
    TopicRate toRate(TopicNames names) {
        return part().toRate(names);
    }
}
