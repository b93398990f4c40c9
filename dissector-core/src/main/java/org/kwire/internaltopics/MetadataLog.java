package org.kwire.internaltopics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The report's {@code internal_records.metadata_log}: the KRaft metadata log ({@code __cluster_metadata}) as the
 * brokers' fetches at the controller carried it: topics created and deleted, partitions' leaders and ISR with their
 * epochs, brokers registered, fenced and unfenced, feature levels, in log order. A PartitionChangeRecord carries only
 * what changed; the epochs are counted on from the partition's PartitionRecord as Kafka's
 * {@code PartitionRegistration.merge} does (a new leader: leader epoch + 1; every change: partition epoch + 1), -1 when
 * the log before it was not seen.
 *
 * @param events        the changes, by offset (at most {@link Bounded#MAX_ENTRIES})
 * @param topicsCreated TopicRecords
 * @param topicsDeleted RemoveTopicRecords
 * @param leaderChanges PartitionChangeRecords that name a new leader
 * @param omitted       records past the bound
 */
public record MetadataLog(List<Event> events, long topicsCreated, long topicsDeleted, long leaderChanges,
                          long omitted) {

    /**
     * One change; of {@code topic}, {@code partition}, {@code broker}, {@code feature} one is set.
     *
     * @param offset    the record's offset in the metadata log
     * @param time      the record's timestamp (the active controller's), ISO-8601 UTC
     * @param record    Kafka's record type
     * @param topic     a topic created (name and id) or deleted (its id, and its name if the log named it)
     * @param partition a partition's state after the record
     * @param broker    a broker's registration change
     * @param feature   a feature's level
     */
    public record Event(long offset, String time, String record, MetadataChange.Topic topic, PartitionState partition,
                        MetadataChange.Broker broker, MetadataChange.Feature feature) {
    }

    /**
     * A partition's state after a PartitionRecord or PartitionChangeRecord.
     *
     * @param topic          the topic's name (its id if the capture never named it)
     * @param partition      partition index
     * @param leader         the leader, -1 none
     * @param leaderEpoch    the leader epoch, -1 if not known
     * @param partitionEpoch the partition epoch, -1 if not known
     * @param isr            the in-sync replicas, null if not known
     * @param leaderChanged  true if this record named a new leader
     */
    public record PartitionState(String topic, int partition, int leader, int leaderEpoch, int partitionEpoch,
                                 List<Integer> isr, boolean leaderChanged) {
    }

    /** The section of the part, null if it holds no record. */
    static MetadataLog of(MetadataPart part, UnaryOperator<String> names) {
        List<MetadataChange> entries = Places.resolved(part.entries(), names, MetadataChange::at, "__cluster_metadata");
        if (entries.isEmpty()) {
            return null;
        }
        Map<String, String> topicNames = new HashMap<>();
        Map<String, PartitionState> partitions = new HashMap<>();
        List<Event> out = new ArrayList<>();
        long created = 0;
        long deleted = 0;
        long leaders = 0;
        for (MetadataChange m : entries) {
            MetadataChange.Topic topic = m.topic();
            PartitionState state = null;
            if (topic != null && topic.name() != null) {
                created++;
                topicNames.put(topic.topicId(), topic.name());
            } else if (topic != null) {
                deleted++;
                topic = new MetadataChange.Topic(topicNames.get(topic.topicId()), topic.topicId());
            }
            if (m.partition() != null) {
                state = next(partitions, m.partition(), id -> topicNames.getOrDefault(id, names.apply(id)));
                leaders += m.record().equals("PartitionChangeRecord") && state.leaderChanged() ? 1 : 0;
            }
            out.add(new Event(m.at().offset(), m.at().time(), m.record(), topic, state, m.broker(), m.feature()));
        }
        return new MetadataLog(List.copyOf(out), created, deleted, leaders, part.omitted());
    }

    /** The partition's state after {@code p}, counted on from its last one. */
    private static PartitionState next(Map<String, PartitionState> states, MetadataChange.Partition p,
                                       UnaryOperator<String> topicName) {
        String key = p.topicId() + "\u0000" + p.partition();
        PartitionState was = states.get(key);
        PartitionState now;
        if (p.partitionEpoch() >= 0 || was == null) { // a PartitionRecord (or a change of a partition not seen before)
            now = new PartitionState(topicName.apply(p.topicId()), p.partition(), p.leader() == -2 ? -1 : p.leader(),
                    p.leaderEpoch(), p.partitionEpoch(), p.isr(), p.leader() != -2 && p.partitionEpoch() < 0);
        } else {
            boolean newLeader = p.leader() != -2;
            now = new PartitionState(was.topic(), p.partition(), newLeader ? p.leader() : was.leader(),
                    was.leaderEpoch() < 0 ? -1 : was.leaderEpoch() + (newLeader ? 1 : 0),
                    was.partitionEpoch() < 0 ? -1 : was.partitionEpoch() + 1, p.isr() != null ? p.isr() : was.isr(),
                    newLeader);
        }
        states.put(key, now);
        return now;
    }
}
