package org.kwire.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;

/**
 * The mergeable state of the leadership timeline ({@link ReplicationSummary.Leadership}): per topic-partition the
 * first and the last leader (id, epoch) that Metadata and DescribeTopicPartitions responses gave, and the events in
 * capture order (the first {@link ReplicationAccumulator#MAX_EVENTS}): a leader or leader epoch that differs from the
 * one the capture showed before for that partition, and each {@code NOT_LEADER_OR_FOLLOWER} (6) or
 * {@code FENCED_LEADER_EPOCH} (74) error. A partition's first sighting is not an event; merging two parts adds the
 * event of the later part's first sighting where it differs from the earlier part's last, so the merge gives the
 * events one analysis finds. Immutable.
 *
 * @param partitions        per topic-partition (topic as named: name or id), sorted; at most
 *                          {@link ReplicationAccumulator#MAX_PARTITIONS}
 * @param events            the first events in capture order
 * @param eventsOmitted     events beyond those listed
 * @param partitionsOmitted partitions past the bound, not followed
 */
public record LeadershipPart(List<PartitionLeader> partitions, List<LeaderEvent> events, long eventsOmitted,
                             long partitionsOmitted) {

    /** No leadership seen. */
    public static final LeadershipPart NONE = new LeadershipPart(List.of(), List.of(), 0, 0);

    /**
     * A partition's leaders: its first sighting (where, when, by which API) and its last leader.
     *
     * @param lastFrame the frame of the last sighting
     * @param changes   leader changes after the first sighting
     */
    public record PartitionLeader(String topic, int partition, int firstLeaderId, int firstLeaderEpoch, long firstFrame,
                                  long firstTimeNanos, String firstBroker, String firstApi, int leaderId,
                                  int leaderEpoch, long lastFrame, long changes) {
        String key() {
            return topic + '\0' + partition;
        }
    }

    /**
     * A leader change or a leadership error.
     *
     * @param frame               the response frame
     * @param leaderId            the new leader (null for an error)
     * @param previousLeaderId    the leader the capture showed before (null for an error)
     * @param error               the error's Kafka name (null for a leader change)
     * @param broker              the endpoint of the broker that answered, {@code host:port}
     * @param clientId            the request's client_id (null if none)
     * @param api                 the response's API
     */
    public record LeaderEvent(long frame, long timeNanos, String topic, int partition, Integer leaderId,
                              Integer leaderEpoch, Integer previousLeaderId, Integer previousLeaderEpoch, String error,
                              String broker, String clientId, String api) {
    }

    /** Both parts, the second's slices after the first's. */
    LeadershipPart merge(LeadershipPart s, FrameOrder order) {
        Map<String, PartitionLeader> out = new TreeMap<>();
        partitions.forEach(p -> out.put(p.key(), p));
        List<LeaderEvent> added = new ArrayList<>();
        for (PartitionLeader sy : s.partitions) {
            PartitionLeader y = sy;
            PartitionLeader z = out.get(y.key());
            if (z == null) {
                out.put(y.key(), y);
                continue;
            }
            // the part that saw the partition first is the earlier one, whichever the order of the arguments (an
            // overlay's boundary pieces are merged before the slices around them)
            boolean zFirst = order.compare(z.firstFrame, y.firstFrame) <= 0;
            PartitionLeader x = zFirst ? z : y;
            PartitionLeader w = zFirst ? y : z;
            y = w;
            boolean moved = x.leaderId != y.firstLeaderId || x.leaderEpoch != y.firstLeaderEpoch;
            if (moved) {
                added.add(new LeaderEvent(y.firstFrame, y.firstTimeNanos, y.topic, y.partition, y.firstLeaderId,
                        y.firstLeaderEpoch, x.leaderId, x.leaderEpoch, null, y.firstBroker, null, y.firstApi));
            }
            PartitionLeader last = Sequences.later(x.lastFrame, y.lastFrame, order) == y.lastFrame ? y : x;
            out.put(y.key(), new PartitionLeader(x.topic, x.partition, x.firstLeaderId, x.firstLeaderEpoch, x.firstFrame,
                    x.firstTimeNanos, x.firstBroker, x.firstApi, last.leaderId, last.leaderEpoch, last.lastFrame,
                    x.changes + y.changes + (moved ? 1 : 0)));
        }
        added.sort((p, q) -> order.compare(p.frame, q.frame));
        int limit = ReplicationAccumulator.MAX_EVENTS;
        List<LeaderEvent> later = Sequences.merge(s.events, added, LeaderEvent::frame, order, limit);
        long laterOmitted = s.eventsOmitted + s.events.size() + added.size() - later.size();
        List<LeaderEvent> all = Sequences.merge(events, later, LeaderEvent::frame, order, limit);
        List<PartitionLeader> kept = new ArrayList<>(out.values());
        long cut = Math.max(0, kept.size() - ReplicationAccumulator.MAX_PARTITIONS);
        return new LeadershipPart(List.copyOf(kept.subList(0, kept.size() - (int) cut)), all,
                eventsOmitted + laterOmitted + events.size() + later.size() - all.size(),
                partitionsOmitted + s.partitionsOmitted + cut);
    }

    /** This part with its frame numbers mapped. */
    LeadershipPart mapFrames(LongUnaryOperator frame) {
        return new LeadershipPart(partitions.stream().map(p -> new PartitionLeader(p.topic, p.partition, p.firstLeaderId,
                p.firstLeaderEpoch, frame.applyAsLong(p.firstFrame), p.firstTimeNanos, p.firstBroker, p.firstApi,
                p.leaderId, p.leaderEpoch, frame.applyAsLong(p.lastFrame), p.changes)).toList(),
                events.stream().map(e -> new LeaderEvent(frame.applyAsLong(e.frame), e.timeNanos, e.topic, e.partition,
                        e.leaderId, e.leaderEpoch, e.previousLeaderId, e.previousLeaderEpoch, e.error, e.broker,
                        e.clientId, e.api)).toList(), eventsOmitted, partitionsOmitted);
    }

    /** The report's timeline, topic ids named by {@code names}, frames numbered by {@code numbering}. */
    ReplicationSummary.Leadership toSummary(org.kwire.summary.TopicNames names, FrameNumbering numbering) {
        List<ReplicationSummary.PartitionLeadership> ps = new ArrayList<>();
        partitions.forEach(p -> ps.add(new ReplicationSummary.PartitionLeadership(names.display(null, p.topic),
                p.partition, p.leaderId, p.leaderEpoch, p.changes)));
        ps.sort(Comparator.comparing(ReplicationSummary.PartitionLeadership::topic)
                .thenComparingInt(ReplicationSummary.PartitionLeadership::partition));
        List<ReplicationSummary.LeaderEventStats> es = events.stream().map(e -> new ReplicationSummary.LeaderEventStats(
                numbering.frame(e.frame), SeenSpan.iso(e.timeNanos), names.display(null, e.topic), e.partition,
                e.error == null ? "leader" : "error", e.leaderId, e.leaderEpoch, e.previousLeaderId, e.previousLeaderEpoch,
                e.error, e.broker, e.clientId, e.api)).toList();
        return new ReplicationSummary.Leadership(ps, es, eventsOmitted, partitionsOmitted);
    }
}
