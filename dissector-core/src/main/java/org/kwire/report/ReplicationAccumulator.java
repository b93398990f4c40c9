package org.kwire.report;

import org.HdrHistogram.Histogram;
import org.kwire.protocol.ErrorCodes;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.summary.ClusterFacts;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the {@code replication} section's part ({@link ReplicationPart}) from the exchanges, in capture order: Fetch
 * exchanges by class ({@link FetchKind}) and broker endpoint; per follower partition the high watermark of the
 * response minus the fetch offset of the same exchange's request (an incremental fetch session's request that does
 * not name a partition gives no sample for it; {@link LagFacts}, the rule the metrics share); leaders from Metadata (3) and DescribeTopicPartitions (75) responses;
 * the errors {@code NOT_LEADER_OR_FOLLOWER} and {@code FENCED_LEADER_EPOCH} of any response; the endpoints Metadata
 * and DescribeCluster (60) responses advertise, and the {@code NodeEndpoints} of Fetch responses; consumers' lag and
 * groups' committed offsets ({@link LagAccumulator}). Bounded: {@link #MAX_LINES} lines, {@link #MAX_PARTITIONS}
 * partitions followed for leadership, {@link #MAX_EVENTS} events listed. Not thread-safe.
 */
final class ReplicationAccumulator {

    /** Fetch lines kept (as many as the groups and producer ids the report keeps); further ones are counted. */
    static final int MAX_LINES = 10_000;
    /** Partitions whose leaders are followed. */
    static final int MAX_PARTITIONS = 10_000;
    /** Leadership events listed; further ones are counted. */
    static final int MAX_EVENTS = 1000;

    private static final int FETCH = 1;
    private static final int NOT_LEADER_OR_FOLLOWER = 6;
    private static final int FENCED_LEADER_EPOCH = 74;

    /** One line being counted. */
    private static final class Line {
        final String kind;
        final String broker;
        final int replicaId;
        final String clientId;
        final TreeSet<String> clientIds = new TreeSet<>();
        final TreeSet<FetchLinkPart.TopicPartition> partitions = new TreeSet<>();
        final Map<FetchLinkPart.TopicPartition, long[]> lag = new TreeMap<>(); // samples, min, max, last, frame
        final Histogram latency = ApiPart.newHistogram();
        long minLatency = Long.MAX_VALUE;
        long maxLatency;
        long requests;
        long responses;
        long records;
        long responseBytes;
        long errors;

        Line(String kind, String broker, int replicaId, String clientId) {
            this.kind = kind;
            this.broker = broker;
            this.replicaId = replicaId;
            this.clientId = clientId;
        }

        FetchLinkPart part() {
            List<FetchLinkPart.Lag> l = new ArrayList<>();
            lag.forEach((tp, v) -> l.add(new FetchLinkPart.Lag(tp.topic(), tp.partition(), v[0], v[1], v[2], v[3], v[4])));
            return new FetchLinkPart(kind, broker, replicaId, clientId, List.copyOf(clientIds), requests, responses,
                    records, responseBytes, errors, LatencyPart.of(latency, minLatency, maxLatency),
                    List.copyOf(partitions), l);
        }
    }

    private final Map<String, Line> lines = new TreeMap<>();
    private long linesOmitted;
    private final Map<String, LeadershipPart.PartitionLeader> leaders = new LinkedHashMap<>();
    private long partitionsOmitted;
    private final List<LeadershipPart.LeaderEvent> events = new ArrayList<>();
    private long eventsOmitted;
    private final Map<String, ReplicationPart.NodeSeen> nodes = new TreeMap<>();
    private final LagAccumulator lag = new LagAccumulator();
    /** The lag facts: consumers' to {@link #lag}, followers' to their line (consumers' lag is not replication's). */
    private final LagFacts.Listener lagFacts = new LagFacts.Listener() {
        @Override
        public void consumer(LagPart.FetchLag sample) {
            lag.consumer(sample);
        }

        @Override
        public void watermark(LagPart.Watermark w) {
            lag.watermark(w);
        }

        @Override
        public void commit(LagPart.Commit c) {
            lag.commit(c);
        }

        @Override
        public void follower(String kind, String broker, int replicaId, String topic, int partition, long records,
                             long frame) {
            Line line = lines.get(kind + '\0' + broker + '\0' + replicaId + '\0');
            if (line != null) { // null: past the bound
                long[] v = line.lag.computeIfAbsent(new FetchLinkPart.TopicPartition(topic, partition),
                        k -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE, 0, 0});
                v[0]++;
                v[1] = Math.min(v[1], records);
                v[2] = Math.max(v[2], records);
                v[3] = records;
                v[4] = frame;
            }
        }
    };

    void onExchange(ExchangeSummary e, String apiName) {
        FrameSummary rq = e.request();
        FrameSummary rs = e.response();
        if (e.apiKey() == FETCH && rq != null && rq.decoded()) {
            fetch(e, rq, rs);
        }
        lag.exchange(e);
        LagFacts.read(e, lagFacts);
        if (rs == null || !rs.decoded()) {
            return;
        }
        ClusterFacts facts = rs.message().cluster();
        long frame = rs.frame().lastPacket();
        long time = rs.frame().lastTimestampNanos();
        String broker = e.conversation().broker();
        for (ClusterFacts.Node n : facts.nodes()) {
            String endpoint = n.host() + ":" + n.port();
            nodes.put(endpoint, new ReplicationPart.NodeSeen(endpoint, n.nodeId(), frame));
        }
        for (ClusterFacts.PartitionFact p : facts.partitions()) {
            if (p.leaderId() != -1 || p.leaderEpoch() != -1) {
                leader(p, frame, time, broker, apiName);
            }
        }
        KafkaRequestHeader h = e.requestHeader();
        for (FrameSummary.ErrorRef err : rs.errors()) {
            if ((err.code() == NOT_LEADER_OR_FOLLOWER || err.code() == FENCED_LEADER_EPOCH) && err.partition() >= 0) {
                event(new LeadershipPart.LeaderEvent(frame, time, key(err.topic(), err.topicId()), err.partition(), null,
                        null, null, null, ErrorCodes.name(err.code()), broker, h == null ? null : h.clientId(), apiName,
                        0));
            }
        }
    }

    private void fetch(ExchangeSummary e, FrameSummary rq, FrameSummary rs) {
        String kind = FetchKind.of(rq);
        int replicaId = rq.message().cluster().replicaId();
        String clientId = e.requestHeader().clientId();
        boolean consumer = kind.equals(FetchKind.CONSUMER);
        String id = consumer && clientId != null ? clientId : "";
        String broker = e.conversation().broker();
        String key = kind + '\0' + broker + '\0' + replicaId + '\0' + id;
        Line line = lines.get(key);
        if (line == null) {
            if (lines.size() >= MAX_LINES) {
                linesOmitted++;
                return;
            }
            line = new Line(kind, broker, replicaId, id);
            lines.put(key, line);
        }
        line.requests++;
        if (clientId != null) {
            line.clientIds.add(clientId);
        }
        for (FrameSummary.PartitionRef p : rq.partitions()) {
            line.partitions.add(new FetchLinkPart.TopicPartition(key(p.topic(), p.topicId()), p.partition()));
        }
        if (rs == null) {
            return;
        }
        line.responses++;
        line.responseBytes += rs.frame().length();
        line.errors += rs.errors().size();
        for (FrameSummary.RecordsRef r : rs.records()) {
            line.records += r.summary().records();
        }
        if (e.latencyMicros() >= 0) {
            LatencyPart.record(line.latency, e.latencyMicros());
            line.minLatency = Math.min(line.minLatency, e.latencyMicros());
            line.maxLatency = Math.max(line.maxLatency, e.latencyMicros());
        }
    }

    private void leader(ClusterFacts.PartitionFact p, long frame, long time, String broker, String api) {
        String topic = key(p.topic(), p.topicId());
        String k = topic + '\0' + p.partition();
        LeadershipPart.PartitionLeader was = leaders.get(k);
        if (was == null) {
            if (leaders.size() >= MAX_PARTITIONS) {
                partitionsOmitted++;
                return;
            }
            leaders.put(k, new LeadershipPart.PartitionLeader(topic, p.partition(), p.leaderId(), p.leaderEpoch(), frame,
                    time, broker, api, p.leaderId(), p.leaderEpoch(), frame, 0));
            return;
        }
        if (was.leaderId() == p.leaderId() && was.leaderEpoch() == p.leaderEpoch()) {
            leaders.put(k, new LeadershipPart.PartitionLeader(was.topic(), was.partition(), was.firstLeaderId(),
                    was.firstLeaderEpoch(), was.firstFrame(), was.firstTimeNanos(), was.firstBroker(), was.firstApi(),
                    was.leaderId(), was.leaderEpoch(), frame, was.changes()));
            return;
        }
        event(new LeadershipPart.LeaderEvent(frame, time, topic, p.partition(), p.leaderId(), p.leaderEpoch(),
                was.leaderId(), was.leaderEpoch(), null, broker, null, api, was.lastFrame()));
        leaders.put(k, new LeadershipPart.PartitionLeader(was.topic(), was.partition(), was.firstLeaderId(),
                was.firstLeaderEpoch(), was.firstFrame(), was.firstTimeNanos(), was.firstBroker(), was.firstApi(),
                p.leaderId(), p.leaderEpoch(), frame, was.changes() + 1));
    }

    private void event(LeadershipPart.LeaderEvent ev) {
        if (events.size() < MAX_EVENTS) {
            events.add(ev);
        } else {
            eventsOmitted++;
        }
    }

    /** A topic as the frames named it: its name, else its id. */
    private static String key(String topic, String topicId) {
        return topic != null ? topic : topicId;
    }

    ReplicationPart part() {
        List<FetchLinkPart> l = new ArrayList<>();
        lines.values().forEach(x -> l.add(x.part()));
        List<LeadershipPart.PartitionLeader> ps = new ArrayList<>(leaders.values());
        ps.sort((a, b) -> (a.topic() + '\0' + a.partition()).compareTo(b.topic() + '\0' + b.partition()));
        return new ReplicationPart(l, new LeadershipPart(List.copyOf(ps), List.copyOf(events), eventsOmitted,
                partitionsOmitted), List.copyOf(nodes.values()), linesOmitted, lag.part());
    }
}
