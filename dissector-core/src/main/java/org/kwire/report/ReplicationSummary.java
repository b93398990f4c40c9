package org.kwire.report;

import java.util.List;

/**
 * The report's {@code replication} section (issue 22, item 5): Fetch exchanges by class — consumers, followers
 * (replica id &ge; 0: {@code ReplicaId} of Fetch v0-14, {@code ReplicaState.ReplicaId} of v15+, KIP-903) and fetches of
 * KRaft's metadata log ({@code __cluster_metadata}, whatever the replica id: voters and observers) — each with its own
 * counts and latency, so that followers never mix into consumers' figures; per leader → follower the partitions
 * followed and the follower's fetch offset behind the leader's high watermark; the leadership timeline. The
 * {@code apis} section still counts every Fetch. Immutable.
 *
 * @param classes      per class ({@code consumer}, {@code follower}, {@code metadata_log}) the totals of its lines
 * @param followers    per leader endpoint and follower replica id, sorted by leader then follower
 * @param metadataLog  per endpoint fetched from and replica id, sorted likewise
 * @param consumers    per broker endpoint and consumer client_id, sorted by broker then client_id
 * @param nodes        node ids by endpoint, as Metadata, DescribeCluster and Fetch responses advertised them (the last
 *                     in capture order), sorted by endpoint
 * @param leadership   leaders per partition and the timeline of leader changes and leadership errors
 * @param linesOmitted Fetch lines past {@link ReplicationAccumulator#MAX_LINES}, not listed (a warning says so)
 */
public record ReplicationSummary(List<FetchClass> classes, List<FetchLink> followers, List<FetchLink> metadataLog,
                                 List<FetchLink> consumers, List<Node> nodes, Leadership leadership, long linesOmitted) {

    /**
     * One class's totals.
     *
     * @param kind          {@code consumer}, {@code follower} or {@code metadata_log}
     * @param requests      Fetch requests
     * @param responses     Fetch responses
     * @param records       records in the responses' record sets
     * @param responseBytes bytes of the response frames
     * @param latency       request-to-response latency, µs (null if none)
     */
    public record FetchClass(String kind, long requests, long responses, long records, long responseBytes,
                             LatencySummary latency) {
    }

    /**
     * The Fetch exchanges of one class to one broker endpoint from one replica id (consumers: one client_id).
     *
     * @param broker             the broker the connections go to (the leader, for followers), {@code host:port}
     * @param brokerId           its node id: advertised at this endpoint by a Metadata, DescribeCluster or Fetch
     *                           response, else the one node advertised on its port ({@link BrokerIds}); else null
     * @param replicaId          the follower's (or metadata-log fetcher's) replica id; null for consumers
     * @param clientId           the consumer's client_id; null for followers and the metadata log
     * @param clientIds          the requests' client_ids, sorted
     * @param errors             non-zero error codes in the responses
     * @param latency            request-to-response latency, µs (null if none)
     * @param partitionsFollowed distinct topic-partitions the requests named
     * @param lag                per topic-partition (followers and metadata log only; consumers' lag is not here)
     */
    public record FetchLink(String broker, Integer brokerId, Integer replicaId, String clientId, List<String> clientIds,
                            long requests, long responses, long records, long responseBytes, long errors,
                            LatencySummary latency, long partitionsFollowed, List<PartitionLag> lag) {
    }

    /**
     * The fetcher's {@code FetchOffset} behind the leader's {@code HighWatermark} in the same exchange, in records.
     *
     * @param samples exchanges whose request named the partition and whose response gave its high watermark
     * @param last    the last sample in capture order
     */
    public record PartitionLag(String topic, int partition, long samples, long min, long max, long last) {
    }

    /** A broker endpoint and the node id a response advertised for it. */
    public record Node(String endpoint, int nodeId) {
    }

    /**
     * Leadership as Metadata and DescribeTopicPartitions responses showed it.
     *
     * @param partitions        per topic-partition its last leader and leader epoch, and the changes seen
     * @param events            leader changes and {@code NOT_LEADER_OR_FOLLOWER} / {@code FENCED_LEADER_EPOCH}
     *                          errors, the first {@link ReplicationAccumulator#MAX_EVENTS} in capture order
     * @param eventsOmitted     events beyond those listed
     * @param partitionsOmitted partitions past {@link ReplicationAccumulator#MAX_PARTITIONS}, not followed
     */
    public record Leadership(List<PartitionLeadership> partitions, List<LeaderEventStats> events, long eventsOmitted,
                             long partitionsOmitted) {
    }

    /** A partition's last leader ({@code LeaderId}, -1: none) and leader epoch, and its leader changes. */
    public record PartitionLeadership(String topic, int partition, int leaderId, int leaderEpoch, long changes) {
    }

    /**
     * One event of the timeline.
     *
     * @param frame  the response frame
     * @param time   its time, ISO-8601 UTC
     * @param kind   {@code leader} (a new leader or leader epoch) or {@code error}
     * @param error  the error's Kafka name, for {@code error}
     * @param broker the endpoint of the broker that answered
     * @param api    the response's API
     */
    public record LeaderEventStats(long frame, String time, String topic, int partition, String kind, Integer leaderId,
                                   Integer leaderEpoch, Integer previousLeaderId, Integer previousLeaderEpoch,
                                   String error, String broker, String clientId, String api) {
    }
}
