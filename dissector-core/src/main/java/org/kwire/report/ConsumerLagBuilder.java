package org.kwire.report;

import org.kwire.groups.GroupEvent;
import org.kwire.groups.GroupsPart;
import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Makes the {@code consumer_lag} section ({@link ConsumerLag}) from a part's {@link LagPart} and its group events.
 * A consumer client (client_id and address) is tied to a group when the group exchanges the part kept (JoinGroup,
 * SyncGroup, ConsumerGroupHeartbeat, ... {@link org.kwire.groups.GroupAccumulator}) include requests for exactly one
 * group from the same client_id and client address (ports differ: the coordinator is another connection); with
 * several such groups it is ambiguous and no group is named (all are listed). Two consumers of one group with the same
 * client_id on one host are one client here. Stateless.
 */
final class ConsumerLagBuilder {

    private ConsumerLagBuilder() {
    }

    /** The section, with its lag over time ({@link LagSeriesBuilder}); null if the part saw no consumer fetch and no commit. */
    static ConsumerLag build(LagPart p, GroupsPart groups, TopicNames names, FrameNumbering numbering) {
        if (p.fetch().isEmpty() && p.commits().isEmpty()) {
            return null;
        }
        Map<String, TreeSet<String>> byClient = new TreeMap<>();
        for (GroupEvent e : groups.events()) {
            if (e.group() != null && e.clientId() != null && e.client() != null) {
                byClient.computeIfAbsent(e.clientId() + '\0' + ClientAccumulator.address(e.client()),
                        k -> new TreeSet<>()).add(e.group());
            }
        }
        java.util.function.BinaryOperator<String> tied = (clientId, address) -> {
            TreeSet<String> gs = byClient.get(clientId + '\0' + address);
            return gs != null && gs.size() == 1 ? gs.first() : null;
        };
        List<ConsumerLag.FetchLag> fetch = new ArrayList<>();
        for (LagPart.FetchLag f : p.fetch()) {
            List<String> gs = List.copyOf(byClient.getOrDefault(f.clientId() + '\0' + f.address(), new TreeSet<>()));
            String trend = f.last() > f.first() ? "grew" : f.last() < f.first() ? "shrank" : "steady";
            fetch.add(new ConsumerLag.FetchLag(f.clientId(), f.address(), tied.apply(f.clientId(), f.address()), gs,
                    names.display(null, f.topic()), f.partition(), f.against(), f.samples(), f.min(), f.max(), f.first(),
                    f.last(), trend, f.lastFetchOffset(), f.lastEnd(), numbering.frame(f.lastFrame())));
        }
        fetch.sort(Comparator.comparing(ConsumerLag.FetchLag::clientId).thenComparing(ConsumerLag.FetchLag::address)
                .thenComparing(ConsumerLag.FetchLag::topic).thenComparingInt(ConsumerLag.FetchLag::partition)
                .thenComparing(ConsumerLag.FetchLag::against));
        Map<String, LagPart.Watermark> hw = new TreeMap<>();
        for (LagPart.Watermark w : p.watermarks()) { // a topic named by id in some frames, by name in others: the later
            hw.merge(names.display(null, w.topic()) + '\0' + w.partition(), w,
                    (x, y) -> numbering.frame(y.frame()) > numbering.frame(x.frame()) ? y : x);
        }
        Map<String, ConsumerLag.CommittedLag> committed = new TreeMap<>();
        for (LagPart.Commit c : p.commits()) {
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
        return new ConsumerLag(fetch, out, p.omitted(), LagSeriesBuilder.build(p.series(), names, tied));
    }
}
