package org.kwire.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Ties COMMIT/ABORT markers to their transactional.id when the report is built: a slice that met the markers of a
 * producer id, but not the InitProducerId exchange that tied it to its transactional.id (an earlier file of a rotated
 * capture had it), counted them under the unknown entry ({@code transactional_id} null), per producer id
 * ({@link TxnPart#unknownMarkers}). One analysis of all the files ties them to the transactional.id that producer id
 * belongs to; so does this, with the producer ids every slice tied. Markers past the unknown entry's per-producer cap
 * ({@link TransactionAccumulator#MAX_UNKNOWN_PRODUCERS}) stay unknown and are counted ({@link TxnPart#untrackedMarkers}).
 */
final class TxnMarkerTies {

    private TxnMarkerTies() {
    }

    /** The parts with the unknown entry's markers moved to the transactional.id of their producer id. */
    static List<TxnPart> tie(List<TxnPart> parts) {
        TxnPart unknown = null;
        Map<String, TxnPart> named = new LinkedHashMap<>();
        Map<Long, String> byProducerId = new HashMap<>();
        for (TxnPart t : parts) {
            if (t.transactionalId() == null) {
                unknown = t;
            } else {
                named.put(t.transactionalId(), t);
                t.producerIds().forEach(id -> byProducerId.putIfAbsent(id, t.transactionalId()));
            }
        }
        if (unknown == null || unknown.unknownMarkers().isEmpty()) {
            return parts;
        }
        Map<Long, TxnPart.Markers> left = new LinkedHashMap<>();
        unknown.unknownMarkers().forEach((producerId, m) -> {
            String id = byProducerId.get(producerId);
            if (id == null) {
                left.put(producerId, m);
            } else {
                named.put(id, named.get(id).withMarkers(m));
            }
        });
        List<TxnPart> out = new ArrayList<>(named.values());
        if (left.size() < unknown.unknownMarkers().size()) {
            TxnPart rest = unknown.onlyMarkersOf(left);
            if (rest.commitMarkers() + rest.abortMarkers() > 0) {
                out.add(rest);
            }
        } else {
            out.add(unknown);
        }
        return out;
    }
}
