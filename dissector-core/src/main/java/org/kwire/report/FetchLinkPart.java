package org.kwire.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongUnaryOperator;

/**
 * The mergeable state of one line of the report's {@code replication} section ({@link ReplicationSummary.FetchLink}):
 * the Fetch exchanges of one class to one broker endpoint from one replica id (a consumer's: from one client_id).
 * Counters add up, latencies are a {@link LatencyPart}, the partitions followed are a set, each partition's lag keeps
 * min, max (which add up as min and max) and its last value with its frame (the later by capture order wins).
 * Immutable.
 *
 * @param kind          {@code consumer}, {@code follower} or {@code metadata_log} ({@link FetchKind})
 * @param broker        the broker endpoint the connection goes to, {@code host:port}
 * @param replicaId     the requests' replica id (-1 for consumers)
 * @param clientId      a consumer's client_id; "" for followers and the metadata log (their client_ids are listed)
 * @param clientIds     the client_ids of the requests, sorted
 * @param requests      Fetch requests
 * @param responses     Fetch responses
 * @param records       records in the responses' record sets
 * @param responseBytes bytes of the responses' frames
 * @param errors        partition and top-level error codes in the responses
 * @param latency       request-to-response latency, µs
 * @param partitions    the topic-partitions the requests named (topics as named: name or id), sorted
 * @param lag           per topic-partition: the leader's {@code HighWatermark} minus the request's
 *                      {@code FetchOffset}, where one exchange gives both, in records; sorted
 */
public record FetchLinkPart(String kind, String broker, int replicaId, String clientId, List<String> clientIds,
                            long requests, long responses, long records, long responseBytes, long errors,
                            LatencyPart latency, List<TopicPartition> partitions, List<Lag> lag) {

    /** A topic-partition (topic by name, or by id if the frames named it so). */
    public record TopicPartition(String topic, int partition) implements Comparable<TopicPartition> {
        @Override
        public int compareTo(TopicPartition o) {
            int c = topic.compareTo(o.topic);
            return c != 0 ? c : Integer.compare(partition, o.partition);
        }
    }

    /**
     * A partition's lag behind the high watermark, in records.
     *
     * @param samples   exchanges that gave both the fetch offset and the high watermark
     * @param lastFrame the response frame of {@code last}
     */
    public record Lag(String topic, int partition, long samples, long min, long max, long last, long lastFrame) {
    }

    /** The key lines are listed and merged by. */
    String key() {
        return kind + '\0' + broker + '\0' + replicaId + '\0' + clientId;
    }

    /** The same line of a later part, added. */
    FetchLinkPart merge(FetchLinkPart o, FrameOrder order) {
        TreeSet<String> ids = new TreeSet<>(clientIds);
        ids.addAll(o.clientIds);
        TreeSet<TopicPartition> tps = new TreeSet<>(partitions);
        tps.addAll(o.partitions);
        Map<TopicPartition, Lag> lags = new TreeMap<>();
        lag.forEach(l -> lags.put(new TopicPartition(l.topic, l.partition), l));
        o.lag.forEach(l -> lags.merge(new TopicPartition(l.topic, l.partition), l, (x, y) -> {
            boolean later = Sequences.later(x.lastFrame, y.lastFrame, order) == y.lastFrame;
            return new Lag(x.topic, x.partition, x.samples + y.samples, Math.min(x.min, y.min), Math.max(x.max, y.max),
                    later ? y.last : x.last, later ? y.lastFrame : x.lastFrame);
        }));
        return new FetchLinkPart(kind, broker, replicaId, clientId, List.copyOf(ids), requests + o.requests,
                responses + o.responses, records + o.records, responseBytes + o.responseBytes, errors + o.errors,
                latency.merge(o.latency), List.copyOf(tps), List.copyOf(lags.values()));
    }

    /** This line with its frame numbers mapped. */
    FetchLinkPart mapFrames(LongUnaryOperator frame) {
        List<Lag> l = new ArrayList<>(lag.size());
        lag.forEach(x -> l.add(new Lag(x.topic, x.partition, x.samples, x.min, x.max, x.last,
                frame.applyAsLong(x.lastFrame))));
        return new FetchLinkPart(kind, broker, replicaId, clientId, clientIds, requests, responses, records,
                responseBytes, errors, latency, partitions, l);
    }

    /** The report's line; topic ids named by {@code names}, the broker's node id from {@code nodes} (null if unknown). */
    ReplicationSummary.FetchLink toLink(org.kwire.summary.TopicNames names, BrokerIds nodes) {
        List<ReplicationSummary.PartitionLag> lags = new ArrayList<>();
        lag.forEach(l -> lags.add(new ReplicationSummary.PartitionLag(names.display(null, l.topic), l.partition,
                l.samples, l.min, l.max, l.last)));
        lags.sort(java.util.Comparator.comparing(ReplicationSummary.PartitionLag::topic)
                .thenComparingInt(ReplicationSummary.PartitionLag::partition));
        return new ReplicationSummary.FetchLink(broker, nodes.of(broker), replicaId < 0 ? null : replicaId,
                clientId.isEmpty() ? null : clientId, clientIds, requests, responses, records, responseBytes, errors,
                latency.summary(), partitions.size(), lags);
    }
}
