package org.kwire.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;

/**
 * The mergeable state of the leadership timeline ({@link ReplicationSummary.Leadership}): per topic-partition the
 * first and the last leader (id, epoch) that Metadata and DescribeTopicPartitions responses gave, and the events in
 * capture order (the first {@link ReplicationAccumulator#MAX_EVENTS}): a leader or leader epoch that differs from the
 * one the capture showed before for that partition, and each {@code NOT_LEADER_OR_FOLLOWER} (6) or
 * {@code FENCED_LEADER_EPOCH} (74) error. A partition's first sighting is not an event; merging two parts merges each
 * partition's sightings in capture order ({@link LeaderRuns}: a part's first sighting becomes an event where it
 * differs from the leader seen just before it, a change follows the leader seen just before it), so the merge gives
 * the events one analysis finds. Immutable.
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
     * @param previousFrame       for a leader change, the frame of the sighting before it (of the previous leader);
     *                            0 for an error, and in a partial written before it (unknown)
     */
    public record LeaderEvent(long frame, long timeNanos, String topic, int partition, Integer leaderId,
                              Integer leaderEpoch, Integer previousLeaderId, Integer previousLeaderEpoch, String error,
                              String broker, String clientId, String api, long previousFrame) {
        String key() {
            return topic + '\0' + partition;
        }
    }

    /** Both parts, the second's slices after the first's (or an overlay's part and the slices it sits among). */
    LeadershipPart merge(LeadershipPart s, FrameOrder order) {
        Map<String, PartitionLeader> out = new TreeMap<>();
        partitions.forEach(p -> out.put(p.key(), p));
        Map<String, List<LeaderEvent>> mine = changes(events);
        Map<String, List<LeaderEvent>> theirs = changes(s.events);
        Map<String, Map<Long, LeaderEvent>> kept = new HashMap<>();
        List<LeaderEvent> added = new ArrayList<>();
        for (PartitionLeader y : s.partitions) {
            PartitionLeader x = out.get(y.key());
            if (x == null) {
                out.put(y.key(), y);
                continue;
            }
            LeaderRuns.Merged m = LeaderRuns.merge(x, mine.getOrDefault(x.key(), List.of()), y,
                    theirs.getOrDefault(y.key(), List.of()), order);
            out.put(y.key(), m.partition());
            kept.put(y.key(), m.kept());
            added.addAll(m.added());
        }
        added.sort((p, q) -> order.compare(p.frame, q.frame));
        List<LeaderEvent> a = restated(events, kept);
        List<LeaderEvent> b = restated(s.events, kept);
        int limit = ReplicationAccumulator.MAX_EVENTS;
        List<LeaderEvent> all = Sequences.merge(a, Sequences.merge(b, added, LeaderEvent::frame, order, limit),
                LeaderEvent::frame, order, limit);
        long seen = eventsOmitted + s.eventsOmitted + a.size() + b.size() + added.size();
        List<PartitionLeader> listed = new ArrayList<>(out.values());
        long cut = Math.max(0, listed.size() - ReplicationAccumulator.MAX_PARTITIONS);
        return new LeadershipPart(List.copyOf(listed.subList(0, listed.size() - (int) cut)), all, seen - all.size(),
                partitionsOmitted + s.partitionsOmitted + cut);
    }

    /** The leader changes (not the errors) of {@code events} per partition, in capture order. */
    private static Map<String, List<LeaderEvent>> changes(List<LeaderEvent> events) {
        Map<String, List<LeaderEvent>> out = new HashMap<>();
        for (LeaderEvent e : events) {
            if (e.error == null) {
                out.computeIfAbsent(e.key(), k -> new ArrayList<>()).add(e);
            }
        }
        return out;
    }

    /** {@code events} with the changes of the partitions merged as {@code kept} says: restated, or gone. */
    private static List<LeaderEvent> restated(List<LeaderEvent> events, Map<String, Map<Long, LeaderEvent>> kept) {
        List<LeaderEvent> out = new ArrayList<>(events.size());
        for (LeaderEvent e : events) {
            Map<Long, LeaderEvent> k = e.error == null ? kept.get(e.key()) : null;
            if (k == null) {
                out.add(e);
            } else if (k.containsKey(e.frame)) {
                out.add(k.get(e.frame));
            }
        }
        return out;
    }

    /** This part with its frame numbers mapped. */
    LeadershipPart mapFrames(LongUnaryOperator frame) {
        return new LeadershipPart(partitions.stream().map(p -> new PartitionLeader(p.topic, p.partition, p.firstLeaderId,
                p.firstLeaderEpoch, frame.applyAsLong(p.firstFrame), p.firstTimeNanos, p.firstBroker, p.firstApi,
                p.leaderId, p.leaderEpoch, frame.applyAsLong(p.lastFrame), p.changes)).toList(),
                events.stream().map(e -> new LeaderEvent(frame.applyAsLong(e.frame), e.timeNanos, e.topic, e.partition,
                        e.leaderId, e.leaderEpoch, e.previousLeaderId, e.previousLeaderEpoch, e.error, e.broker,
                        e.clientId, e.api, e.previousFrame > 0 ? frame.applyAsLong(e.previousFrame) : 0)).toList(),
                eventsOmitted, partitionsOmitted);
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
