package org.kwire.internaltopics;

import java.util.List;

/**
 * A change the KRaft metadata log ({@code __cluster_metadata}, kafka-metadata's schemas) records: one of a topic's,
 * a partition's, a broker's or a feature's (the other three null).
 *
 * @param at        where the record is
 * @param record    Kafka's record type, e.g. {@code PartitionChangeRecord}
 * @param topic     TopicRecord, RemoveTopicRecord
 * @param partition PartitionRecord, PartitionChangeRecord
 * @param broker    RegisterBrokerRecord, UnregisterBrokerRecord, FenceBrokerRecord, UnfenceBrokerRecord,
 *                  BrokerRegistrationChangeRecord
 * @param feature   FeatureLevelRecord
 */
public record MetadataChange(LogPlace at, String record, Topic topic, Partition partition, Broker broker,
                             Feature feature) implements Placed {

    /**
     * A topic created (name and id) or deleted (id only).
     *
     * @param name    the name, null for a removal
     * @param topicId the id (Kafka's base64 form)
     */
    public record Topic(String name, String topicId) {
    }

    /**
     * A partition's whole state (PartitionRecord) or what changed (PartitionChangeRecord: -2 leader and null lists
     * where nothing changed).
     *
     * @param topicId        the topic's id
     * @param partition      partition index
     * @param leader         the leader; -1 none, -2 unchanged
     * @param isr            in-sync replicas, null if unchanged
     * @param replicas       replicas, null if unchanged
     * @param leaderEpoch    PartitionRecord's leaderEpoch, -1 in a change (the report counts it on)
     * @param partitionEpoch PartitionRecord's partitionEpoch, -1 in a change
     */
    public record Partition(String topicId, int partition, int leader, List<Integer> isr, List<Integer> replicas,
                            int leaderEpoch, int partitionEpoch) {
    }

    /**
     * A broker registered, unregistered, fenced or unfenced, or in controlled shutdown.
     *
     * @param brokerId    the broker
     * @param brokerEpoch the record's brokerEpoch, -1 if none
     * @param state       {@code registered}, {@code registered fenced}, {@code unregistered}, {@code fenced},
     *                    {@code unfenced}, {@code controlled shutdown}, or {@code changed}
     */
    public record Broker(int brokerId, long brokerEpoch, String state) {
    }

    /**
     * A feature's finalized level.
     *
     * @param name  e.g. {@code metadata.version}, {@code transaction.version}
     * @param level its level
     */
    public record Feature(String name, int level) {
    }
}
