package org.kwire.internaltopics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The report's {@code internal_records.offset_commits}: what the group coordinator's log ({@code __consumer_offsets})
 * said, as its followers (and any other fetcher) carried it: the OffsetCommit records, each once, in log order; per
 * group the commits and the offsets its last commits left; the group state records as a timeline.
 *
 * @param commits              the OffsetCommit records, by log partition and offset (at most
 *                             {@link Bounded#MAX_ENTRIES})
 * @param commitsOmitted       OffsetCommit records past the bound
 * @param groups               per group, sorted
 * @param groupChanges         the group state records, by log partition and offset (at most
 *                             {@link Bounded#MAX_ENTRIES})
 * @param groupChangesOmitted  group state records past the bound
 */
public record OffsetCommits(List<Commit> commits, long commitsOmitted, List<Group> groups, List<Change> groupChanges,
                            long groupChangesOmitted) {

    /**
     * One OffsetCommit record.
     *
     * @param logPartition the {@code __consumer_offsets} partition
     * @param logOffset    its offset there
     * @param group        the group
     * @param topic        the committed topic
     * @param partition    the committed partition
     * @param offset       the committed offset, -1 for a tombstone (deleted)
     * @param leaderEpoch  the committed leader epoch, -1 if none
     * @param commitTime   the value's commitTimestamp, ISO-8601 UTC; null for a tombstone
     */
    public record Commit(int logPartition, long logOffset, String group, String topic, int partition, long offset,
                         int leaderEpoch, String commitTime) {
    }

    /**
     * One group's commits.
     *
     * @param group   the group
     * @param commits its OffsetCommit records (tombstones included)
     * @param offsets the offset of each topic-partition as its last record left it (deleted ones left out), sorted
     */
    public record Group(String group, long commits, List<Committed> offsets) {
    }

    /**
     * A committed offset.
     *
     * @param topic     the topic
     * @param partition the partition
     * @param offset    the offset
     */
    public record Committed(String topic, int partition, long offset) {
    }

    /**
     * One group state record.
     *
     * @param logPartition the {@code __consumer_offsets} partition
     * @param logOffset    its offset there
     * @param time         the record's timestamp, ISO-8601 UTC
     * @param group        the group
     * @param record       Kafka's record type, e.g. {@code GroupMetadata}
     * @param generation   the generation or epoch, -1 if the record has none
     * @param protocol     the classic group's protocol, else null
     * @param members      the classic group's members, -1 for other records
     * @param deleted      true for a tombstone
     */
    public record Change(int logPartition, long logOffset, String time, String group, String record, int generation,
                         String protocol, int members, boolean deleted) {
    }

    /** The section of the parts, null if they hold no record. */
    static OffsetCommits of(CommitsPart commits, GroupChangesPart changes, UnaryOperator<String> names) {
        List<OffsetCommit> c = Places.resolved(commits.entries(), names, OffsetCommit::at, "__consumer_offsets");
        List<GroupChange> g = Places.resolved(changes.entries(), names, GroupChange::at, "__consumer_offsets");
        if (c.isEmpty() && g.isEmpty()) {
            return null;
        }
        List<Commit> out = new ArrayList<>();
        Map<String, long[]> counts = new TreeMap<>();
        Map<String, Map<String, Committed>> last = new TreeMap<>();
        for (OffsetCommit x : c) {
            out.add(new Commit(x.at().partition(), x.at().offset(), x.group(), x.topic(), x.partition(), x.offset(),
                    x.leaderEpoch(), x.commitTimestamp() < 0 ? null : java.time.Instant.ofEpochMilli(x.commitTimestamp()).toString()));
            counts.computeIfAbsent(x.group(), k -> new long[1])[0]++;
            Map<String, Committed> m = last.computeIfAbsent(x.group(), k -> new TreeMap<>());
            String tp = x.topic() + "\u0000" + String.format("%010d", x.partition());
            if (x.offset() < 0) {
                m.remove(tp);
            } else {
                m.put(tp, new Committed(x.topic(), x.partition(), x.offset()));
            }
        }
        List<Group> groups = new ArrayList<>();
        counts.forEach((group, n) -> groups.add(new Group(group, n[0], List.copyOf(last.get(group).values()))));
        List<Change> timeline = new ArrayList<>();
        for (GroupChange x : g) {
            timeline.add(new Change(x.at().partition(), x.at().offset(), x.at().time(), x.group(), x.record(),
                    x.generation(), x.protocol(), x.members(), x.tombstone()));
        }
        return new OffsetCommits(List.copyOf(out), commits.omitted(), List.copyOf(groups), List.copyOf(timeline),
                changes.omitted());
    }
}
