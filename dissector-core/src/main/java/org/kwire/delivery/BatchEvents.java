package org.kwire.delivery;

import org.kwire.records.BatchInfo;
import org.kwire.report.FetchKind;
import org.kwire.summary.ClusterFacts;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;

import java.util.Objects;

/**
 * The pairing's events in one exchange, read from its decoded frames. Stateless.
 * <ul>
 * <li>A <b>produced batch</b>: a partition a Produce (0) response answered without error with a {@code BaseOffset}
 * (not -1) whose request's record set for the partition is decoded; its last offset is the base offset plus the
 * offsets its batches take (each {@code lastOffsetDelta} + 1). A request of acks=0 gets no response: nothing.</li>
 * <li>A <b>fetched batch</b>: each complete batch, but control batches (transaction markers, which no producer
 * sent), in a Fetch (1) response whose request was a consumer's ({@link FetchKind#CONSUMER}: not a follower's, not
 * the metadata log's); a partial batch cut at the response's size limit is not delivered yet. ShareFetch is left
 * out.</li>
 * </ul>
 * Both with the response's last packet and its capture time.
 */
final class BatchEvents {

    private static final int PRODUCE = 0;
    private static final int FETCH = 1;

    /** Receives the events of an exchange. */
    interface Sink {
        /** A produced batch of the topic (name and id as the frame gave them) and partition. */
        void produced(String topic, String topicId, int partition, ProducedBatch p);

        /** A fetched batch of the topic and partition. */
        void fetched(String topic, String topicId, int partition, FetchedBatch f);
    }

    private BatchEvents() {
    }

    /** Hands {@code e}'s events to {@code sink}, in wire order. */
    static void of(ExchangeSummary e, Sink sink) {
        FrameSummary rq = e.request();
        FrameSummary rs = e.response();
        if (rq == null || rs == null || !rq.decoded() || !rs.decoded()) {
            return;
        }
        long frame = rs.frame().lastPacket();
        long time = rs.frame().lastTimestampNanos();
        if (e.apiKey() == PRODUCE) {
            for (ClusterFacts.PartitionFact p : rs.message().cluster().partitions()) {
                long span = span(rq, p);
                if (p.offset() >= 0 && span > 0 && !failed(rs, p)) {
                    sink.produced(p.topic(), p.topicId(), p.partition(),
                            new ProducedBatch(p.offset(), p.offset() + span - 1, rq.frame().firstPacket(), frame, time));
                }
            }
        } else if (e.apiKey() == FETCH && FetchKind.of(rq).equals(FetchKind.CONSUMER)) {
            for (FrameSummary.RecordsRef r : rs.records()) {
                for (BatchInfo b : r.summary().batches()) {
                    if (!b.control()) {
                        boolean createTime = !b.logAppendTime() && b.maxTimestamp() >= 0;
                        sink.fetched(r.topic(), r.topicId(), r.partition(), new FetchedBatch(b.baseOffset(), frame, time,
                                createTime ? b.firstTimestamp() : -1, createTime ? b.maxTimestamp() : -1));
                    }
                }
            }
        }
    }

    /** The offsets the request's batches for the partition take; 0 if it has none decoded. */
    private static long span(FrameSummary rq, ClusterFacts.PartitionFact p) {
        long span = 0;
        for (FrameSummary.RecordsRef r : rq.records()) {
            if (r.partition() == p.partition() && Objects.equals(r.topic(), p.topic())
                    && Objects.equals(r.topicId(), p.topicId())) {
                for (BatchInfo b : r.summary().batches()) {
                    span += b.lastOffsetDelta() + 1L;
                }
            }
        }
        return span;
    }

    /** True if the response gives the partition an error code. */
    private static boolean failed(FrameSummary rs, ClusterFacts.PartitionFact p) {
        for (FrameSummary.ErrorRef err : rs.errors()) {
            if (err.partition() == p.partition() && Objects.equals(err.topic(), p.topic())
                    && Objects.equals(err.topicId(), p.topicId())) {
                return true;
            }
        }
        return false;
    }
}
