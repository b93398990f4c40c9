package org.kwire.report;

import org.kwire.groups.GroupsPart;
import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Makes the {@code consumer_lag} section ({@link ConsumerLag}) from a part's {@link LagPart} and its group events:
 * fetch lag per consumer client, tied to a group by {@link GroupTies}' rule; committed lag per group and partition
 * ({@link #committed}, which the metrics share). Stateless.
 */
public final class ConsumerLagBuilder {

    private ConsumerLagBuilder() {
    }

    /** The section, with its lag over time ({@link LagSeriesBuilder}); null if the part saw no consumer fetch and no commit. */
    static ConsumerLag build(LagPart p, GroupsPart groups, TopicNames names, FrameNumbering numbering) {
        if (p.fetch().isEmpty() && p.commits().isEmpty()) {
            return null;
        }
        GroupTies ties = new GroupTies(Integer.MAX_VALUE);
        groups.events().forEach(ties::add);
        java.util.function.BinaryOperator<String> tied = (clientId, address) -> GroupTies.tied(ties.groups(clientId,
                address));
        List<ConsumerLag.FetchLag> fetch = new ArrayList<>();
        for (LagPart.FetchLag f : p.fetch()) {
            List<String> gs = ties.groups(f.clientId(), f.address());
            String trend = f.last() > f.first() ? "grew" : f.last() < f.first() ? "shrank" : "steady";
            fetch.add(new ConsumerLag.FetchLag(f.clientId(), f.address(), GroupTies.tied(gs), gs,
                    names.display(null, f.topic()), f.partition(), f.against(), f.samples(), f.min(), f.max(), f.first(),
                    f.last(), trend, f.lastFetchOffset(), f.lastEnd(), numbering.frame(f.lastFrame())));
        }
        fetch.sort(Comparator.comparing(ConsumerLag.FetchLag::clientId).thenComparing(ConsumerLag.FetchLag::address)
                .thenComparing(ConsumerLag.FetchLag::topic).thenComparingInt(ConsumerLag.FetchLag::partition)
                .thenComparing(ConsumerLag.FetchLag::against));
        return new ConsumerLag(fetch, committed(p.watermarks(), p.commits(), names, numbering), p.omitted(),
                LagSeriesBuilder.build(p.series(), names, tied));
    }

    /**
     * Committed lag per group, topic and partition, sorted so: the last offset committed ({@link LagFacts}) behind the
     * partition's last high watermark ({@code highWatermark - committedOffset}, null without one). Topics are shown
     * by name once the capture named them; a partition whose frames named its topic by id and by name counts as one,
     * its later high watermark and commit by frame number.
     */
    public static List<ConsumerLag.CommittedLag> committed(Collection<LagPart.Watermark> watermarks,
                                                           Collection<LagPart.Commit> commits, TopicNames names) {
        return committed(watermarks, commits, names, FrameNumbering.IDENTITY);
    }

    private static List<ConsumerLag.CommittedLag> committed(Collection<LagPart.Watermark> watermarks,
                                                            Collection<LagPart.Commit> commits, TopicNames names,
                                                            FrameNumbering numbering) {
        Map<String, LagPart.Watermark> hw = new TreeMap<>();
        for (LagPart.Watermark w : watermarks) { // a topic named by id in some frames, by name in others: the later
            hw.merge(names.display(null, w.topic()) + '\0' + w.partition(), w,
                    (x, y) -> numbering.frame(y.frame()) > numbering.frame(x.frame()) ? y : x);
        }
        Map<String, ConsumerLag.CommittedLag> committed = new TreeMap<>();
        for (LagPart.Commit c : commits) {
            String topic = names.display(null, c.topic());
            LagPart.Watermark w = hw.get(topic + '\0' + c.partition());
            Long frame = w == null ? null : numbering.frame(w.frame());
            ConsumerLag.CommittedLag l = new ConsumerLag.CommittedLag(c.group(), topic, c.partition(), c.offset(),
                    c.commits(), numbering.frame(c.frame()), w == null ? null : w.highWatermark(), frame,
                    w == null ? null : w.highWatermark() - c.offset());
            committed.merge(c.group() + '\0' + topic + '\0' + c.partition(), l,
                    (x, y) -> y.commitFrame() > x.commitFrame() ? y : x);
        }
        List<ConsumerLag.CommittedLag> out = new ArrayList<>(committed.values());
        out.sort(Comparator.comparing(ConsumerLag.CommittedLag::group).thenComparing(ConsumerLag.CommittedLag::topic)
                .thenComparingInt(ConsumerLag.CommittedLag::partition));
        return out;
    }
}
