package org.kwire.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.LongUnaryOperator;

/**
 * The mergeable state of the report's {@code consumer_lag} section ({@link ConsumerLag}), kept in the
 * {@code replication} part ({@link ReplicationPart#lag()}): per consumer client and partition its fetch lag samples;
 * per partition the high watermark last seen; per group and partition its last committed offset. Merging two parts of
 * consecutive slices adds samples, keeps min and max, the earlier part's first sample and the later's last one, and
 * the later high watermark and commit by capture order ({@link FrameOrder}), so it is exact whatever the split
 * (docs/PARTIAL.md). Topics are keyed as the frames named them (name, else id). Immutable.
 *
 * @param fetch      consumer fetch lag per client_id, client address, topic, partition and measure, sorted by key;
 *                   at most {@link LagAccumulator#MAX_ENTRIES}
 * @param watermarks per topic-partition the last high watermark (and last stable offset) a Fetch response gave,
 *                   sorted by key; at most {@link LagAccumulator#MAX_ENTRIES}
 * @param commits    per group, topic and partition the last offset committed by an OffsetCommit answered without
 *                   error, sorted by key; at most {@link LagAccumulator#MAX_ENTRIES}
 * @param omitted    entries past the bounds, not kept (a warning says so)
 * @param series     the same samples, high watermarks and commits over time ({@link LagSeriesPart}; null, in a
 *                   partial written before it: none)
 */
public record LagPart(List<FetchLag> fetch, List<Watermark> watermarks, List<Commit> commits, long omitted,
                      LagSeriesPart series) {

    /** Nothing seen (also what a partial written before this section holds). */
    public static final LagPart NONE = new LagPart(List.of(), List.of(), List.of(), 0, LagSeriesPart.NONE);

    /** Reads missing lists as empty. */
    public LagPart {
        fetch = fetch == null ? List.of() : List.copyOf(fetch);
        watermarks = watermarks == null ? List.of() : List.copyOf(watermarks);
        commits = commits == null ? List.of() : List.copyOf(commits);
        series = series == null ? LagSeriesPart.NONE : series;
    }

    /**
     * One consumer's lag on one partition over the Fetch exchanges whose request named the partition (its
     * {@code FetchOffset}) and whose response gave its high watermark (or last stable offset).
     *
     * @param against        {@code high_watermark}, or {@code last_stable_offset} for {@code read_committed} fetches
     * @param samples        such exchanges
     * @param first          the first sample's lag, in records, and {@code firstFrame} its response frame
     * @param last           the last sample's lag; {@code lastFetchOffset} and {@code lastEnd} its fetch offset and
     *                       high watermark (or last stable offset); {@code lastFrame} its response frame
     */
    public record FetchLag(String clientId, String address, String topic, int partition, String against, long samples,
                           long min, long max, long first, long firstFrame, long last, long lastFetchOffset,
                           long lastEnd, long lastFrame) {
        String key() {
            return clientId + '\0' + address + '\0' + topic + '\0' + partition + '\0' + against;
        }
    }

    /** A partition's high watermark and last stable offset (-1: none) in its last Fetch response, and that frame. */
    public record Watermark(String topic, int partition, long highWatermark, long lastStableOffset, long frame) {
        String key() {
            return topic + '\0' + partition;
        }
    }

    /** A group's last committed offset of a partition, its frame (the response's), and the commits counted. */
    public record Commit(String group, String topic, int partition, long offset, long frame, long commits) {
        String key() {
            return group + '\0' + topic + '\0' + partition;
        }
    }

    /** Both parts, {@code s}'s slices after this one's. */
    LagPart merge(LagPart s, FrameOrder order) {
        List<FetchLag> f = byKey(fetch, s.fetch, FetchLag::key, (x, y) -> {
            boolean yLater = Sequences.later(x.lastFrame, y.lastFrame, order) == y.lastFrame;
            boolean yFirst = Sequences.later(x.firstFrame, y.firstFrame, order) == x.firstFrame;
            FetchLag l = yLater ? y : x;
            FetchLag e = yFirst ? y : x;
            return new FetchLag(x.clientId, x.address, x.topic, x.partition, x.against, x.samples + y.samples,
                    Math.min(x.min, y.min), Math.max(x.max, y.max), e.first, e.firstFrame, l.last, l.lastFetchOffset,
                    l.lastEnd, l.lastFrame);
        });
        List<Watermark> w = byKey(watermarks, s.watermarks, Watermark::key,
                (x, y) -> Sequences.later(x.frame, y.frame, order) == y.frame ? y : x);
        List<Commit> c = byKey(commits, s.commits, Commit::key, (x, y) -> {
            Commit l = Sequences.later(x.frame, y.frame, order) == y.frame ? y : x;
            return new Commit(l.group, l.topic, l.partition, l.offset, l.frame, x.commits + y.commits);
        });
        int max = LagAccumulator.MAX_ENTRIES;
        long cut = Math.max(0, f.size() - max) + Math.max(0, w.size() - max) + Math.max(0, c.size() - max);
        return new LagPart(f.subList(0, Math.min(max, f.size())), w.subList(0, Math.min(max, w.size())),
                c.subList(0, Math.min(max, c.size())), omitted + s.omitted + cut, series.merge(s.series));
    }

    /** This part with its frame numbers mapped. */
    LagPart mapFrames(LongUnaryOperator frame) {
        return new LagPart(fetch.stream().map(x -> new FetchLag(x.clientId, x.address, x.topic, x.partition, x.against,
                x.samples, x.min, x.max, x.first, frame.applyAsLong(x.firstFrame), x.last, x.lastFetchOffset, x.lastEnd,
                frame.applyAsLong(x.lastFrame))).toList(),
                watermarks.stream().map(x -> new Watermark(x.topic, x.partition, x.highWatermark, x.lastStableOffset,
                        frame.applyAsLong(x.frame))).toList(),
                commits.stream().map(x -> new Commit(x.group, x.topic, x.partition, x.offset, frame.applyAsLong(x.frame),
                        x.commits)).toList(), omitted, series);
    }

    private static <T> List<T> byKey(List<T> a, List<T> b, Function<T, String> key,
                                     java.util.function.BinaryOperator<T> merge) {
        Map<String, T> out = new TreeMap<>();
        a.forEach(x -> out.put(key.apply(x), x));
        b.forEach(x -> out.merge(key.apply(x), x, merge));
        return new ArrayList<>(out.values());
    }
}
