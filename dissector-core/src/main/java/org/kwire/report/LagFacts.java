package org.kwire.report;

import org.kwire.groups.GroupFacts;
import org.kwire.summary.ClusterFacts;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads the lag facts of one exchange, the one rule of the report's {@code consumer_lag} section
 * ({@link LagAccumulator}), its {@code replication} section's follower lag ({@link ReplicationAccumulator}) and the
 * metrics' {@code kwire_consumer_lag_records} and {@code kwire_replication_lag_records} ({@code org.kwire.metrics}):
 * <ul>
 * <li>a Fetch (1) whose request and response were decoded: every partition the response gives a high watermark
 * ({@code HighWatermark} &ge; 0) is a {@link Listener#watermark watermark}, unless the fetch is of KRaft's metadata
 * log ({@link FetchKind}); consumers' and followers' fetches both go to the partition's leader;</li>
 * <li>a consumer's Fetch with a request header: per partition its request names ({@code FetchOffset} &ge; 0) and its
 * response answers, one {@link Listener#consumer sample}: {@code HighWatermark - FetchOffset}, or
 * {@code LastStableOffset - FetchOffset} when the request's {@code IsolationLevel} is 1 ({@code read_committed}). An
 * incremental fetch session's request that does not name a partition, or response that leaves it out (nothing new),
 * gives none;</li>
 * <li>a follower's or metadata-log fetch whose request was decoded and whose response came: per partition the same,
 * {@code HighWatermark - FetchOffset} ({@link Listener#follower});</li>
 * <li>an OffsetCommit (8) whose response answers a partition without error: the group's {@link Listener#commit
 * committed offset} (TxnOffsetCommit is left out: its offsets count only once the transaction commits).</li>
 * </ul>
 * Topics are as the frames named them (name, else id). Stateless; thread-safe.
 */
public final class LagFacts {

    /** The measure of {@code read_uncommitted} fetches. */
    public static final String HIGH_WATERMARK = "high_watermark";
    /** The measure of {@code read_committed} fetches. */
    public static final String LAST_STABLE_OFFSET = "last_stable_offset";

    private static final int FETCH = 1;
    private static final int OFFSET_COMMIT = 8;

    /** Receives the facts of an exchange, in wire order. Every method does nothing by default. */
    public interface Listener {

        /** A consumer's lag on one partition at one Fetch response: a single sample (min = max = first = last). */
        default void consumer(LagPart.FetchLag sample) {
        }

        /** A partition's high watermark (and last stable offset) in a Fetch response, and its frame. */
        default void watermark(LagPart.Watermark w) {
        }

        /** A group's offset committed without error, and the response frame (one commit). */
        default void commit(LagPart.Commit c) {
        }

        /**
         * A follower's (or metadata-log fetcher's) lag on one partition at one Fetch response.
         *
         * @param kind      {@link FetchKind#FOLLOWER} or {@link FetchKind#METADATA_LOG}
         * @param broker    the leader's endpoint (the connection's broker side)
         * @param replicaId the fetching replica's id (its broker or node id)
         * @param lag       {@code HighWatermark - FetchOffset}, in records
         * @param frame     the response's last packet
         */
        default void follower(String kind, String broker, int replicaId, String topic, int partition, long lag,
                              long frame) {
        }
    }

    private LagFacts() {
    }

    /** Gives the lag facts of {@code e} to {@code l}. */
    public static void read(ExchangeSummary e, Listener l) {
        FrameSummary rq = e.request();
        FrameSummary rs = e.response();
        if (rq == null || !rq.decoded()) {
            return;
        }
        if (e.apiKey() == FETCH) {
            String kind = FetchKind.of(rq);
            if (rs != null && rs.decoded()) {
                consumerFetch(e, kind, rq, rs, l);
            }
            if (rs != null && !kind.equals(FetchKind.CONSUMER)) {
                follow(e, kind, rq, rs, l);
            }
        } else if (e.apiKey() == OFFSET_COMMIT && rs != null && rs.decoded()) {
            commit(rq, rs, l);
        }
    }

    private static void consumerFetch(ExchangeSummary e, String kind, FrameSummary rq, FrameSummary rs, Listener l) {
        if (kind.equals(FetchKind.METADATA_LOG)) {
            return;
        }
        long frame = rs.frame().lastPacket();
        ClusterFacts answer = rs.message().cluster();
        for (ClusterFacts.PartitionFact p : answer.partitions()) {
            if (p.offset() >= 0) {
                l.watermark(new LagPart.Watermark(key(p.topic(), p.topicId()), p.partition(), p.offset(),
                        p.lastStableOffset(), frame));
            }
        }
        if (!kind.equals(FetchKind.CONSUMER) || e.requestHeader() == null) {
            return;
        }
        boolean committed = rq.message().cluster().isolationLevel() == 1;
        Map<String, Long> offsets = fetchOffsets(rq);
        String clientId = Objects.toString(e.requestHeader().clientId(), "");
        String address = ClientAccumulator.address(e.conversation().client());
        for (ClusterFacts.PartitionFact p : answer.partitions()) {
            String topic = key(p.topic(), p.topicId());
            Long fetchOffset = offsets.get(topic + '\0' + p.partition());
            long end = committed ? p.lastStableOffset() : p.offset();
            if (fetchOffset == null || fetchOffset < 0 || end < 0) {
                continue;
            }
            long lag = end - fetchOffset;
            l.consumer(new LagPart.FetchLag(clientId, address, topic, p.partition(),
                    committed ? LAST_STABLE_OFFSET : HIGH_WATERMARK, 1, lag, lag, lag, frame, lag, fetchOffset, end, frame));
        }
    }

    private static void follow(ExchangeSummary e, String kind, FrameSummary rq, FrameSummary rs, Listener l) {
        Map<String, Long> offsets = fetchOffsets(rq);
        int replicaId = rq.message().cluster().replicaId();
        String broker = e.conversation().broker();
        long frame = rs.frame().lastPacket();
        for (ClusterFacts.PartitionFact p : rs.message().cluster().partitions()) {
            String topic = key(p.topic(), p.topicId());
            Long fetchOffset = offsets.get(topic + '\0' + p.partition());
            if (fetchOffset != null && fetchOffset >= 0 && p.offset() >= 0) {
                l.follower(kind, broker, replicaId, topic, p.partition(), p.offset() - fetchOffset, frame);
            }
        }
    }

    /** A Fetch request's {@code FetchOffset} per topic (name, else id) and partition, keyed {@code topic\0partition}. */
    private static Map<String, Long> fetchOffsets(FrameSummary rq) {
        Map<String, Long> offsets = new HashMap<>();
        for (ClusterFacts.PartitionFact p : rq.message().cluster().partitions()) {
            offsets.put(key(p.topic(), p.topicId()) + '\0' + p.partition(), p.offset());
        }
        return offsets;
    }

    private static void commit(FrameSummary rq, FrameSummary rs, Listener l) {
        GroupFacts q = rq.message().group();
        GroupFacts r = rs.message().group();
        String group = rq.message().groupId();
        if (q == null || r == null || group == null || r.errorCode() != 0) {
            return;
        }
        long frame = rs.frame().lastPacket();
        for (GroupFacts.Offset o : q.offsets()) {
            if (o.offset() >= 0 && error(r.offsets(), o) == 0) {
                l.commit(new LagPart.Commit(group, key(o.topic(), o.topicId()), o.partition(), o.offset(), frame, 1));
            }
        }
    }

    /** The response's error code for a committed partition; -1 if the response does not answer it. */
    private static int error(List<GroupFacts.Offset> answers, GroupFacts.Offset o) {
        for (GroupFacts.Offset a : answers) {
            if (a.partition() == o.partition() && (a.topic() != null ? a.topic().equals(o.topic())
                    : a.topicId() != null && a.topicId().equals(o.topicId()))) {
                return a.errorCode();
            }
        }
        return -1;
    }

    /** A topic as the frames named it: its name, else its id. */
    static String key(String topic, String topicId) {
        return topic != null ? topic : topicId;
    }
}
