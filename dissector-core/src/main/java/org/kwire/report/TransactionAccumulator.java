package org.kwire.report;

import org.kwire.protocol.ErrorCodes;
import org.kwire.records.BatchInfo;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.MessageFacts;
import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The report's {@code transactions}: per transactional.id, what its requests did (InitProducerId, AddPartitionsToTxn,
 * Produce, AddOffsetsToTxn, TxnOffsetCommit, EndTxn: Kafka's transaction protocol, KIP-98; with transaction.version 2,
 * KIP-890, brokers send AddPartitionsToTxn v4+ on the producer's behalf, counted for it too) and the COMMIT/ABORT
 * markers (control batches) that Fetch responses delivered for its producer ids. A producer id is tied to its
 * transactional.id by the InitProducerId exchange that gave it, or by a request carrying both. Memory grows with the
 * number of transactional ids and producer ids.
 */
final class TransactionAccumulator implements ExchangeSink {

    /** Most topics listed per transactional.id. */
    static final int MAX_TOPICS = 20;
    /** Most producer ids tied to transactional ids. */
    static final int MAX_PRODUCER_IDS = 100_000;
    /** Most producer ids without a transactional.id whose markers are kept apart (for a merge to tie them). */
    static final int MAX_UNKNOWN_PRODUCERS = 10_000;

    private static final int PRODUCE = 0;
    private static final int INIT_PRODUCER_ID = 22;
    private static final int ADD_PARTITIONS_TO_TXN = 24;
    private static final int ADD_OFFSETS_TO_TXN = 25;
    private static final int END_TXN = 26;
    private static final int TXN_OFFSET_COMMIT = 28;

    private final TopicNames names;
    private final Map<String, Txn> transactions = new TreeMap<>();
    private final Map<Long, String> byProducerId = new HashMap<>();
    /** Markers of producer ids no transactional.id was seen for. */
    private final Txn unknown = new Txn(null);

    private static final class Txn {
        final String id;
        final Set<Long> producerIds = new LinkedHashSet<>();
        final Map<String, Long> topics = new LinkedHashMap<>();
        final Set<String> groups = new TreeSet<>();
        final Map<String, Long> errorCodes = new TreeMap<>();
        int epoch = -1;
        long init;
        long partitionsAdded;
        long produceRequests;
        long producedRecords;
        long addOffsets;
        long offsetsCommitted;
        long commits;
        long aborts;
        long commitMarkers;
        long abortMarkers;
        long errors;
        final SeenSpan seen = new SeenSpan();
        /** In the unknown entry: markers per producer id. */
        final Map<Long, TxnPart.Markers> byProducer = new LinkedHashMap<>();
        long untracked;

        Txn(String id) {
            this.id = id;
        }

        void topic(String topic, long frame) {
            if (topic != null && topics.size() < MAX_TOPICS) {
                topics.putIfAbsent(topic, frame);
            }
        }
    }

    TransactionAccumulator(TopicNames names) {
        this.names = names;
    }

    @Override
    public void onExchange(ExchangeSummary e) {
        if (e.request() != null) {
            MessageFacts m = e.request().message();
            if (m.transactionalId() != null) {
                request(e, m);
            }
        }
        if (e.response() != null) {
            markers(e.response());
        }
    }

    private void request(ExchangeSummary e, MessageFacts m) {
        Txn t = transactions.computeIfAbsent(m.transactionalId(), Txn::new);
        FrameSummary req = e.request();
        FrameSummary resp = e.response();
        t.seen.add(req.frame().lastTimestampNanos());
        tie(t, m.producerId(), m.producerEpoch());
        switch (e.apiKey()) {
            case INIT_PRODUCER_ID -> {
                t.init++;
                if (resp != null) {
                    tie(t, resp.message().producerId(), resp.message().producerEpoch());
                }
            }
            case ADD_PARTITIONS_TO_TXN -> {
                if (!Boolean.TRUE.equals(m.verifyOnly())) { // KIP-890's checks add nothing
                    t.partitionsAdded += req.partitions().size();
                }
                req.partitions().forEach(p -> t.topic(names.display(p.topic(), p.topicId()), req.frame().lastPacket()));
            }
            case PRODUCE -> {
                t.produceRequests++;
                for (FrameSummary.RecordsRef r : req.records()) {
                    t.producedRecords += r.summary().records();
                    t.topic(names.display(r.topic(), r.topicId()), req.frame().lastPacket());
                    r.summary().batches().forEach(b -> tie(t, b.producerId(), b.producerEpoch()));
                }
            }
            case ADD_OFFSETS_TO_TXN -> {
                t.addOffsets++;
                group(t, m.groupId());
            }
            case TXN_OFFSET_COMMIT -> {
                t.offsetsCommitted += req.partitions().size();
                group(t, m.groupId());
            }
            case END_TXN -> {
                if (Boolean.TRUE.equals(m.committed())) {
                    t.commits++;
                } else if (Boolean.FALSE.equals(m.committed())) {
                    t.aborts++;
                }
            }
            default -> {
            }
        }
        if (resp != null) {
            t.seen.add(resp.frame().lastTimestampNanos());
            t.errors += resp.errors().size();
            resp.errors().forEach(err -> t.errorCodes.merge(ErrorCodes.name(err.code()), 1L, Long::sum));
        }
    }

    private static void group(Txn t, String group) {
        if (group != null) {
            t.groups.add(group);
        }
    }

    private void tie(Txn t, long producerId, int epoch) {
        if (producerId < 0) {
            return;
        }
        t.producerIds.add(producerId);
        if (epoch >= 0) {
            t.epoch = epoch;
        }
        if (byProducerId.size() < MAX_PRODUCER_IDS || byProducerId.containsKey(producerId)) {
            byProducerId.put(producerId, t.id);
        }
    }

    /** COMMIT and ABORT control batches in a response's record sets (Fetch, ShareFetch). */
    private void markers(FrameSummary response) {
        for (FrameSummary.RecordsRef r : response.records()) {
            for (BatchInfo b : r.summary().batches()) {
                if (!b.control() || b.controlType() != BatchInfo.COMMIT && b.controlType() != BatchInfo.ABORT) {
                    continue;
                }
                String id = byProducerId.get(b.producerId());
                Txn t = id == null ? unknown : transactions.get(id);
                if (t == unknown && t.producerIds.size() < MAX_TOPICS) {
                    t.producerIds.add(b.producerId()); // a few examples to look for
                }
                long time = response.frame().lastTimestampNanos();
                t.seen.add(time);
                if (t == unknown) {
                    keepApart(b, time);
                }
                if (b.controlType() == BatchInfo.COMMIT) {
                    t.commitMarkers++;
                } else {
                    t.abortMarkers++;
                }
            }
        }
    }

    /** A marker of a producer id with no transactional.id (yet), kept per producer id up to the cap. */
    private void keepApart(BatchInfo b, long time) {
        if (unknown.byProducer.size() >= MAX_UNKNOWN_PRODUCERS && !unknown.byProducer.containsKey(b.producerId())) {
            unknown.untracked++;
            return;
        }
        boolean commit = b.controlType() == BatchInfo.COMMIT;
        unknown.byProducer.merge(b.producerId(), new TxnPart.Markers(commit ? 1 : 0, commit ? 0 : 1, time, time),
                TxnPart.Markers::plus);
    }

    /** The mergeable state of every transactional.id, then (if it has markers) of producers of unknown ones. */
    List<TxnPart> parts() {
        List<TxnPart> out = new ArrayList<>();
        transactions.values().forEach(t -> out.add(part(t)));
        if (unknown.commitMarkers + unknown.abortMarkers > 0) {
            out.add(part(unknown));
        }
        return out;
    }

    private static TxnPart part(Txn t) {
        List<ApiPart.TopicSeen> topics = new ArrayList<>();
        t.topics.forEach((name, frame) -> topics.add(new ApiPart.TopicSeen(name, frame)));
        return new TxnPart(t.id, List.copyOf(t.producerIds), t.epoch, t.init, t.partitionsAdded, List.copyOf(topics),
                t.produceRequests, t.producedRecords, t.addOffsets, t.offsetsCommitted, List.copyOf(t.groups), t.commits,
                t.aborts, t.commitMarkers, t.abortMarkers, t.errors, new TreeMap<>(t.errorCodes), t.seen.firstNanos(),
                t.seen.lastNanos(), new LinkedHashMap<>(t.byProducer), t.untracked);
    }
}
