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
 *
 * @param unknownMarkers   in the entry with a null id: its markers per producer id (at most
 *                         {@link TransactionAccumulator#MAX_UNKNOWN_PRODUCERS}), so that the report ties them to the
 *                         transactional.id another slice tied the producer id to ({@link TxnMarkerTies}); empty otherwise
 * @param untrackedMarkers in the entry with a null id: markers of producer ids past that cap (counted above, not tied)
 */
public record TxnPart(String transactionalId, List<Long> producerIds, int producerEpoch, long initProducerId,
                      long partitionsAdded, List<ApiPart.TopicSeen> topics, long produceRequests, long producedRecords,
                      long addOffsets, long offsetsCommitted, List<String> groups, long commits, long aborts,
                      long commitMarkers, long abortMarkers, long errors, Map<String, Long> errorCodes,
                      long firstSeenNanos, long lastSeenNanos, Map<Long, Markers> unknownMarkers,
                      long untrackedMarkers) {

    /** An entry without {@code unknownMarkers} (read from an older partial) has none. */
    public TxnPart {
        unknownMarkers = unknownMarkers == null ? Map.of() : unknownMarkers;
    }

    /**
     * The COMMIT and ABORT markers of one producer id, with the capture times (epoch ns) of the first and last
     * response that delivered them.
     */
    public record Markers(long commits, long aborts, long firstSeenNanos, long lastSeenNanos) {

        Markers plus(Markers o) {
            return new Markers(commits + o.commits, aborts + o.aborts, Math.min(firstSeenNanos, o.firstSeenNanos),
                    Math.max(lastSeenNanos, o.lastSeenNanos));
        }
    }

    /** This transactional.id with a producer id's markers added (tied by {@link TxnMarkerTies}). */
    TxnPart withMarkers(Markers m) {
        return new TxnPart(transactionalId, producerIds, producerEpoch, initProducerId, partitionsAdded, topics,
                produceRequests, producedRecords, addOffsets, offsetsCommitted, groups, commits, aborts,
                commitMarkers + m.commits, abortMarkers + m.aborts, errors, errorCodes,
                Math.min(firstSeenNanos, m.firstSeenNanos), Math.max(lastSeenNanos, m.lastSeenNanos), unknownMarkers,
                untrackedMarkers);
    }

    /** The unknown entry with only the markers of the producer ids in {@code left} (the others tied elsewhere). */
    TxnPart onlyMarkersOf(Map<Long, Markers> left) {
        long c = commitMarkers;
        long a = abortMarkers;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Map.Entry<Long, Markers> e : unknownMarkers.entrySet()) {
            if (!left.containsKey(e.getKey())) {
                c -= e.getValue().commits;
                a -= e.getValue().aborts;
            } else {
                first = Math.min(first, e.getValue().firstSeenNanos);
                last = Math.max(last, e.getValue().lastSeenNanos);
            }
        }
        if (untrackedMarkers > 0) { // their times are not kept: the span stays the whole entry's
            first = firstSeenNanos;
            last = lastSeenNanos;
        }
        List<Long> ids = producerIds.stream().filter(left::containsKey).toList();
        return new TxnPart(null, ids, producerEpoch, initProducerId, partitionsAdded, topics, produceRequests,
                producedRecords, addOffsets, offsetsCommitted, groups, commits, aborts, c, a, errors, errorCodes, first,
                last, new LinkedHashMap<>(left), untrackedMarkers);
    }

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
        Map<Long, Markers> unknown = new LinkedHashMap<>(unknownMarkers);
        long untracked = untrackedMarkers + o.untrackedMarkers;
        for (Map.Entry<Long, Markers> e : o.unknownMarkers.entrySet()) {
            if (unknown.containsKey(e.getKey()) || unknown.size() < TransactionAccumulator.MAX_UNKNOWN_PRODUCERS) {
                unknown.merge(e.getKey(), e.getValue(), Markers::plus);
            } else {
                untracked += e.getValue().commits + e.getValue().aborts;
            }
        }
        Map<String, Long> codes = new TreeMap<>(errorCodes);
        o.errorCodes.forEach((k, v) -> codes.merge(k, v, Long::sum));
        return new TxnPart(transactionalId, List.copyOf(new ArrayList<>(ids)), o.producerEpoch >= 0 ? o.producerEpoch : producerEpoch,
                initProducerId + o.initProducerId, partitionsAdded + o.partitionsAdded, List.copyOf(seen.values()),
                produceRequests + o.produceRequests, producedRecords + o.producedRecords, addOffsets + o.addOffsets,
                offsetsCommitted + o.offsetsCommitted, List.copyOf(g), commits + o.commits, aborts + o.aborts,
                commitMarkers + o.commitMarkers, abortMarkers + o.abortMarkers, errors + o.errors, codes,
                Math.min(firstSeenNanos, o.firstSeenNanos), Math.max(lastSeenNanos, o.lastSeenNanos), unknown, untracked);
    }

    /** The report's entry; topic ids are named by {@code topicNames} (learned in any slice). */
    TransactionStats toStats(org.kwire.summary.TopicNames topicNames) {
        Set<String> names = new TreeSet<>();
        topics.forEach(t -> names.add(topicNames.display(null, t.topic())));
        return new TransactionStats(transactionalId, List.copyOf(new TreeSet<>(producerIds)), producerEpoch, initProducerId,
                partitionsAdded, List.copyOf(names), produceRequests, producedRecords, addOffsets, offsetsCommitted,
                groups, commits, aborts, commitMarkers, abortMarkers, errors, new TreeMap<>(errorCodes),
                SeenSpan.iso(firstSeenNanos), SeenSpan.iso(lastSeenNanos));
    }
}
