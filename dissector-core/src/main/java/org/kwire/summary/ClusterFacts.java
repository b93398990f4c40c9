package org.kwire.summary;

import java.util.List;

/**
 * The fields of one message body that the report's {@code replication}, {@code load} and {@code end_to_end} sections
 * read, gathered in the same interpreter pass as the other facts ({@link ClusterFactsCollector}). Field names are
 * Kafka's ({@code common/message/FetchRequest.json}, {@code FetchResponse.json}, {@code ProduceResponse.json},
 * {@code MetadataResponse.json}, {@code DescribeClusterResponse.json}, {@code DescribeTopicPartitionsResponse.json}).
 * Immutable.
 *
 * @param replicaId      a Fetch request's replica id: {@code ReplicaId} (v0-14) or {@code ReplicaState.ReplicaId}
 *                       (v15+, KIP-903); -1 (Kafka's default: a consumer) if the request has none, or for other bodies
 * @param throttleTimeMs a response's top-level {@code ThrottleTimeMs}, ms; -1 if the body has none
 * @param partitions     per topic-partition: a Fetch request's {@code FetchOffset}, a Fetch response's
 *                       {@code HighWatermark}, a Produce response's {@code BaseOffset}, a Metadata or
 *                       DescribeTopicPartitions response's {@code LeaderId} and {@code LeaderEpoch}; in wire order
 * @param isolationLevel a Fetch request's {@code IsolationLevel} (v4+: 0 read_uncommitted, 1 read_committed); -1 if
 *                       the body has none
 * @param nodes          a Metadata response's {@code Brokers} ({@code NodeId}), a DescribeCluster response's
 *                       ({@code BrokerId}) or a Fetch response's {@code NodeEndpoints} (v16+), with their
 *                       {@code Host} and {@code Port}
 */
public record ClusterFacts(int replicaId, int throttleTimeMs, List<PartitionFact> partitions, List<Node> nodes,
                           int isolationLevel) {

    /** A body without any of these fields. */
    public static final ClusterFacts NONE = new ClusterFacts(-1, -1, List.of(), List.of(), -1);

    /** Keeps unmodifiable copies of the lists. */
    public ClusterFacts {
        partitions = List.copyOf(partitions);
        nodes = List.copyOf(nodes);
    }

    /**
     * One topic-partition's offset or leader, as the body gives it (topic by name, id, or both).
     *
     * @param offset      a Fetch request's {@code FetchOffset}, a Fetch response's {@code HighWatermark} or a Produce
     *                    response's {@code BaseOffset}; -1 if none
     * @param leaderId    {@code LeaderId}, -1 if none (Kafka's "no leader" is -1 too)
     * @param leaderEpoch {@code LeaderEpoch}, -1 if none
     * @param lastStableOffset a Fetch response's {@code LastStableOffset} (v4+), -1 if none
     */
    public record PartitionFact(String topic, String topicId, int partition, long offset, int leaderId, int leaderEpoch,
                                long lastStableOffset) {
    }

    /** A broker a response lists: its node id and advertised endpoint. */
    public record Node(int nodeId, String host, int port) {
    }
}
