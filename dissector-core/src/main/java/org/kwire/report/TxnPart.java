package org.kwire.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The mergeable state of one transactional.id of the report's {@code transactions} ({@link TransactionStats}); the
 * entry with a null id holds the markers of producers whose transactional.id its part did not see. Fields as in
 * {@link TransactionStats}; {@code topics} keeps the frame that first named each topic, {@code producerIds} the order
 * they were met in, and first/last seen are epoch ns.
 */
public record TxnPart(String transactionalId, List<Long> producerIds, int producerEpoch, long initProducerId,
                      long partitionsAdded, List<ApiPart.TopicSeen> topics, long produceRequests, long producedRecords,
                      long addOffsets, long offsetsCommitted, List<String> groups, long commits, long aborts,
                      long commitMarkers, long abortMarkers, long errors, Map<String, Long> errorCodes,
                      long firstSeenNanos, long lastSeenNanos) {

    /** The same transactional.id in a later part, added; its last epoch wins. */
    TxnPart merge(TxnPart o, FrameOrder order) {
        Set<Long> ids = new LinkedHashSet<>(producerIds);
        for (Long id : o.producerIds) {
            if (transactionalId != null || ids.size() < TransactionAccumulator.MAX_TOPICS) {
                ids.add(id);
            }
        }
        Map<String, ApiPart.TopicSeen> seen = new LinkedHashMap<>();
        for (ApiPart.TopicSeen t : Sequences.merge(topics, o.topics, ApiPart.TopicSeen::frame, order, Integer.MAX_VALUE)) {
            if (seen.size() < TransactionAccumulator.MAX_TOPICS) {
                seen.putIfAbsent(t.topic(), t);
            }
        }
        Set<String> g = new TreeSet<>(groups);
        g.addAll(o.groups);
        Map<String, Long> codes = new TreeMap<>(errorCodes);
        o.errorCodes.forEach((k, v) -> codes.merge(k, v, Long::sum));
        return new TxnPart(transactionalId, List.copyOf(new ArrayList<>(ids)), o.producerEpoch >= 0 ? o.producerEpoch : producerEpoch,
                initProducerId + o.initProducerId, partitionsAdded + o.partitionsAdded, List.copyOf(seen.values()),
                produceRequests + o.produceRequests, producedRecords + o.producedRecords, addOffsets + o.addOffsets,
                offsetsCommitted + o.offsetsCommitted, List.copyOf(g), commits + o.commits, aborts + o.aborts,
                commitMarkers + o.commitMarkers, abortMarkers + o.abortMarkers, errors + o.errors, codes,
                Math.min(firstSeenNanos, o.firstSeenNanos), Math.max(lastSeenNanos, o.lastSeenNanos));
    }

    TransactionStats toStats() {
        Set<String> names = new TreeSet<>();
        topics.forEach(t -> names.add(t.topic()));
        return new TransactionStats(transactionalId, List.copyOf(new TreeSet<>(producerIds)), producerEpoch, initProducerId,
                partitionsAdded, List.copyOf(names), produceRequests, producedRecords, addOffsets, offsetsCommitted,
                groups, commits, aborts, commitMarkers, abortMarkers, errors, new TreeMap<>(errorCodes),
                SeenSpan.iso(firstSeenNanos), SeenSpan.iso(lastSeenNanos));
    }
}
