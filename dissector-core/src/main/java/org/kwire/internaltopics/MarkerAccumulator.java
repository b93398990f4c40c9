package org.kwire.internaltopics;

import org.kwire.records.BatchInfo;
import org.kwire.summary.FrameSummary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Collects the transaction markers that responses carry (Fetch of followers and consumers, ShareFetch): every
 * control batch whose first control record is COMMIT or ABORT, once per (topic, partition, offset) with the number of
 * times it was carried. Bounded by {@link MarkerPart#MAX_MARKERS}; sightings past it are only counted. Not
 * thread-safe.
 */
final class MarkerAccumulator {

    private final Map<String, long[]> sightings = new LinkedHashMap<>();
    private final Map<String, Marker> markers = new LinkedHashMap<>();
    private long total;
    private long omitted;

    /** The markers of a response's record sets. */
    void response(FrameSummary response) {
        for (FrameSummary.RecordsRef r : response.records()) {
            String topic = r.topic() != null ? r.topic() : r.topicId();
            for (BatchInfo b : r.summary().batches()) {
                if (b.control() && (b.controlType() == BatchInfo.COMMIT || b.controlType() == BatchInfo.ABORT)) {
                    add(new Marker(topic, r.partition(), b.baseOffset(), b.producerId(), b.producerEpoch(),
                            b.controlType() == BatchInfo.COMMIT, b.coordinatorEpoch(), b.maxTimestamp()));
                }
            }
        }
    }

    private void add(Marker m) {
        total++;
        String key = m.key();
        long[] n = sightings.get(key);
        if (n != null) {
            n[0]++;
        } else if (markers.size() < MarkerPart.MAX_MARKERS) {
            markers.put(key, m);
            sightings.put(key, new long[] {1});
        } else {
            omitted++;
        }
    }

    MarkerPart part() {
        ArrayList<MarkerPart.Seen> out = new ArrayList<>(markers.size());
        markers.forEach((key, m) -> out.add(new MarkerPart.Seen(m, sightings.get(key)[0])));
        return new MarkerPart(java.util.List.copyOf(out), total, omitted);
    }
}
