package org.kwire.report;

import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BinaryOperator;

/**
 * Makes {@code consumer_lag.over_time} ({@link ConsumerLag.OverTime}) from a part's {@link LagSeriesPart}: topics
 * resolved to their names (series of an id and of its name taken together, bucket by bucket the larger), consumers
 * tied to their group by {@link ConsumerLagBuilder}'s rule, and each group's committed lag per bucket from the high
 * watermarks and commits carried forward to the bucket's end. Stateless.
 */
final class LagSeriesBuilder {

    private LagSeriesBuilder() {
    }

    /**
     * @param groupOf the group tied to a consumer (client_id, address), or null
     */
    static ConsumerLag.OverTime build(LagSeriesPart p, TopicNames names, BinaryOperator<String> groupOf) {
        TimeGrid grid = p.grid();
        List<ConsumerLag.FetchSeries> fetch = new ArrayList<>();
        for (Named n : byName(p.fetch(), names).values()) {
            LagSeriesPart.Series s = n.what();
            fetch.add(new ConsumerLag.FetchSeries(s.clientId(), s.address(), groupOf.apply(s.clientId(), s.address()),
                    s.topic(), s.partition(), s.against(), LagSeriesPart.boxed(n.values())));
        }
        Map<String, long[]> ends = new TreeMap<>();
        byName(p.watermarks(), names).values().forEach(n -> ends.put(n.what().topic() + '\0' + n.what().partition(),
                carried(n.values())));
        List<ConsumerLag.CommittedSeries> committed = new ArrayList<>();
        for (Named n : byName(p.commits(), names).values()) {
            LagSeriesPart.Series s = n.what();
            long[] end = ends.get(s.topic() + '\0' + s.partition());
            committed.add(new ConsumerLag.CommittedSeries(s.group(), s.topic(), s.partition(), lag(end, carried(n.values()))));
        }
        fetch.sort(Comparator.comparing(ConsumerLag.FetchSeries::clientId).thenComparing(ConsumerLag.FetchSeries::address)
                .thenComparing(ConsumerLag.FetchSeries::topic).thenComparingInt(ConsumerLag.FetchSeries::partition)
                .thenComparing(ConsumerLag.FetchSeries::against));
        committed.sort(Comparator.comparing(ConsumerLag.CommittedSeries::group)
                .thenComparing(ConsumerLag.CommittedSeries::topic).thenComparingInt(ConsumerLag.CommittedSeries::partition));
        return new ConsumerLag.OverTime(grid.isEmpty() ? null : java.time.Instant.ofEpochSecond(grid.origin()).toString(),
                grid.width(), fetch, committed, p.omitted());
    }

    /** A series with its topic's name, and its values. */
    private record Named(LagSeriesPart.Series what, long[] values) {
    }

    /** Per key, topics by name, the series: those of one key taken together bucket by bucket (the larger). */
    private static Map<String, Named> byName(List<LagSeriesPart.Series> list, TopicNames names) {
        Map<String, Named> out = new TreeMap<>();
        for (LagSeriesPart.Series s : list) {
            LagSeriesPart.Series r = rename(s, names);
            out.merge(r.key(), new Named(r, s.values()), (a, b) -> new Named(a.what(), LagSeriesPart.larger(a.values(),
                    b.values())));
        }
        return out;
    }

    private static LagSeriesPart.Series rename(LagSeriesPart.Series s, TopicNames names) {
        return new LagSeriesPart.Series(s.group(), s.clientId(), s.address(), names.display(null, s.topic()),
                s.partition(), s.against(), s.max());
    }

    /** Each bucket's value, or the last value before it where it has none ({@link LagSeriesAccumulator#NONE} before any). */
    private static long[] carried(long[] values) {
        long[] out = values.clone();
        for (int i = 1; i < out.length; i++) {
            if (out[i] == LagSeriesAccumulator.NONE) {
                out[i] = out[i - 1];
            }
        }
        return out;
    }

    /** Bucket by bucket {@code end - committed}, null where either is unknown ({@code end} null: never). */
    private static List<Long> lag(long[] end, long[] committed) {
        List<Long> out = new ArrayList<>(committed.length);
        for (int i = 0; i < committed.length; i++) {
            boolean both = end != null && end[i] != LagSeriesAccumulator.NONE && committed[i] != LagSeriesAccumulator.NONE;
            out.add(both ? end[i] - committed[i] : null);
        }
        return out;
    }
}
