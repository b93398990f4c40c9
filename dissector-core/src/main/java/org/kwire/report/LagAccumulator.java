package org.kwire.report;

import org.kwire.groups.GroupFacts;
import org.kwire.summary.ClusterFacts;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the {@code consumer_lag} state ({@link LagPart}) from the exchanges, in capture order. A consumer Fetch
 * ({@link FetchKind#CONSUMER}) gives one sample per partition its request names ({@code FetchOffset}) and its response
 * answers with a high watermark: lag = {@code HighWatermark} - {@code FetchOffset}, or {@code LastStableOffset} -
 * {@code FetchOffset} when the request's {@code IsolationLevel} is 1 ({@code read_committed}). An incremental fetch
 * session's request that does not name a partition, or response that leaves it out (nothing new, high watermark
 * unchanged), gives no sample. Every Fetch response that is not of the metadata log (consumers' and followers':
 * both come from the partition's leader) updates the partition's last high watermark. An OffsetCommit (8) whose
 * response answers a partition without error updates the group's committed offset (TxnOffsetCommit is left out: its
 * offsets count only once the transaction commits). The same samples, the high watermarks of consumer fetches and the
 * commits also go over time to {@link LagSeriesAccumulator}. Bounded: {@link #MAX_ENTRIES} entries per list. Not
 * thread-safe.
 */
final class LagAccumulator {

    /** Entries kept per list; further ones are counted. */
    static final int MAX_ENTRIES = 10_000;
    /** The measure of {@code read_uncommitted} fetches. */
    static final String HIGH_WATERMARK = "high_watermark";
    /** The measure of {@code read_committed} fetches. */
    static final String LAST_STABLE_OFFSET = "last_stable_offset";

    private static final int FETCH = 1;
    private static final int OFFSET_COMMIT = 8;

    private final Map<String, LagPart.FetchLag> fetch = new TreeMap<>();
    private final Map<String, LagPart.Watermark> watermarks = new TreeMap<>();
    private final Map<String, LagPart.Commit> commits = new TreeMap<>();
    private long omitted;
    private final LagSeriesAccumulator series = new LagSeriesAccumulator();

    void onExchange(ExchangeSummary e) {
        FrameSummary rq = e.request();
        FrameSummary rs = e.response();
        if (rq == null || !rq.decoded() || rs == null || !rs.decoded()) {
            return;
        }
        if (e.apiKey() == FETCH) {
            fetch(e, rq, rs);
        } else if (e.apiKey() == OFFSET_COMMIT) {
            commit(rq, rs);
        }
    }

    private void fetch(ExchangeSummary e, FrameSummary rq, FrameSummary rs) {
        String kind = FetchKind.of(rq);
        if (kind.equals(FetchKind.METADATA_LOG)) {
            return;
        }
        long frame = rs.frame().lastPacket();
        ClusterFacts answer = rs.message().cluster();
        for (ClusterFacts.PartitionFact p : answer.partitions()) {
            if (p.offset() >= 0) {
                LagPart.Watermark w = new LagPart.Watermark(key(p.topic(), p.topicId()), p.partition(), p.offset(),
                        p.lastStableOffset(), frame);
                put(watermarks, w.key(), w);
            }
        }
        if (!kind.equals(FetchKind.CONSUMER) || e.requestHeader() == null) {
            return;
        }
        long nanos = rs.frame().lastTimestampNanos();
        for (ClusterFacts.PartitionFact p : answer.partitions()) {
            if (p.offset() >= 0) {
                series.watermark(key(p.topic(), p.topicId()), p.partition(), nanos, p.offset());
            }
        }
        ClusterFacts asked = rq.message().cluster();
        boolean committed = asked.isolationLevel() == 1;
        Map<String, Long> offsets = new HashMap<>();
        for (ClusterFacts.PartitionFact p : asked.partitions()) {
            offsets.put(key(p.topic(), p.topicId()) + '\0' + p.partition(), p.offset());
        }
        String clientId = java.util.Objects.toString(e.requestHeader().clientId(), "");
        String address = ClientAccumulator.address(e.conversation().client());
        for (ClusterFacts.PartitionFact p : answer.partitions()) {
            String topic = key(p.topic(), p.topicId());
            Long fetchOffset = offsets.get(topic + '\0' + p.partition());
            long end = committed ? p.lastStableOffset() : p.offset();
            if (fetchOffset == null || fetchOffset < 0 || end < 0) {
                continue;
            }
            long lag = end - fetchOffset;
            series.fetch(clientId, address, topic, p.partition(), committed ? LAST_STABLE_OFFSET : HIGH_WATERMARK, nanos, lag);
            LagPart.FetchLag s = new LagPart.FetchLag(clientId, address, topic, p.partition(),
                    committed ? LAST_STABLE_OFFSET : HIGH_WATERMARK, 1, lag, lag, lag, frame, lag, fetchOffset, end, frame);
            LagPart.FetchLag was = fetch.get(s.key());
            if (was == null) {
                put(fetch, s.key(), s);
            } else {
                fetch.put(s.key(), new LagPart.FetchLag(clientId, address, topic, p.partition(), s.against(),
                        was.samples() + 1, Math.min(was.min(), lag), Math.max(was.max(), lag), was.first(),
                        was.firstFrame(), lag, fetchOffset, end, frame));
            }
        }
    }

    private void commit(FrameSummary rq, FrameSummary rs) {
        GroupFacts q = rq.message().group();
        GroupFacts r = rs.message().group();
        String group = rq.message().groupId();
        if (q == null || r == null || group == null || r.errorCode() != 0) {
            return;
        }
        long frame = rs.frame().lastPacket();
        for (GroupFacts.Offset o : q.offsets()) {
            if (o.offset() < 0 || error(r.offsets(), o) != 0) {
                continue;
            }
            LagPart.Commit c = new LagPart.Commit(group, key(o.topic(), o.topicId()), o.partition(), o.offset(), frame, 1);
            series.commit(group, c.topic(), c.partition(), rs.frame().lastTimestampNanos(), c.offset());
            LagPart.Commit was = commits.get(c.key());
            if (was == null) {
                put(commits, c.key(), c);
            } else {
                commits.put(c.key(), new LagPart.Commit(group, c.topic(), c.partition(), c.offset(), frame,
                        was.commits() + 1));
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

    private <T> void put(Map<String, T> into, String key, T value) {
        if (into.size() >= MAX_ENTRIES && !into.containsKey(key)) {
            omitted++;
            return;
        }
        into.put(key, value);
    }

    /** A topic as the frames named it: its name, else its id. */
    private static String key(String topic, String topicId) {
        return topic != null ? topic : topicId;
    }

    LagPart part() {
        return new LagPart(List.copyOf(fetch.values()), List.copyOf(watermarks.values()), List.copyOf(commits.values()),
                omitted, series.part());
    }
}
