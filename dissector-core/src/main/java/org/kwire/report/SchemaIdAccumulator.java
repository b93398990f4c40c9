package org.kwire.report;

import org.kwire.framing.FramingFacts;
import org.kwire.schema.Direction;
import org.kwire.summary.FrameSummary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the {@code schema_registry} section ({@link SchemaIdPart}) from the record sets of Produce requests (per
 * producing client_id) and of Fetch and ShareFetch responses: the schema ids the deep decoding found in them
 * ({@link org.kwire.records.RecordsSummary#framing()}). Bounded: {@link #MAX_ENTRIES} entries, the records of further
 * ones only counted. Not thread-safe.
 */
final class SchemaIdAccumulator {

    /** Entries kept (records examined per direction, topic and client; records per schema of each). */
    static final int MAX_ENTRIES = 10_000;

    private long deepFields;
    private long headersOnlyFields;
    private long omitted;
    private final Map<String, SchemaIdPart.Walked> walked = new HashMap<>();
    private final Map<String, SchemaIdPart.Seen> ids = new HashMap<>();

    /** The record sets of a frame; {@code clientId} that of its request (for a Produce request). */
    void add(FrameSummary s, String clientId) {
        boolean produce = s.direction() == Direction.REQUEST;
        String direction = produce ? "produce" : "fetch";
        String client = produce ? clientId : null;
        long frame = s.frame().lastPacket();
        for (FrameSummary.RecordsRef r : s.records()) {
            if (!r.summary().deep()) {
                headersOnlyFields++;
                continue;
            }
            deepFields++;
            FramingFacts f = r.summary().framing();
            if (f.records() == 0) {
                continue;
            }
            String topic = r.topic() != null ? r.topic() : r.topicId();
            SchemaIdPart.Walked w = new SchemaIdPart.Walked(direction, topic, client, f.records());
            SchemaIdPart.Walked had = walked.get(w.mergeKey());
            if (had != null) {
                walked.put(w.mergeKey(), new SchemaIdPart.Walked(direction, topic, client, had.records() + f.records()));
            } else if (full()) {
                omitted += f.records();
            } else {
                walked.put(w.mergeKey(), w);
            }
            omitted += f.omitted();
            for (FramingFacts.Count c : f.ids()) {
                SchemaIdPart.Seen x = new SchemaIdPart.Seen(direction, topic, client, c.key(), c.header(), c.schema(),
                        c.records(), frame, frame);
                SchemaIdPart.Seen old = ids.get(x.mergeKey());
                if (old != null) {
                    ids.put(x.mergeKey(), old.add(c.records(), frame, frame, FrameOrder.NATURAL));
                } else if (full()) {
                    omitted += c.records();
                } else {
                    ids.put(x.mergeKey(), x);
                }
            }
        }
    }

    private boolean full() {
        return walked.size() + ids.size() >= MAX_ENTRIES;
    }

    SchemaIdPart part() {
        List<SchemaIdPart.Walked> w = SchemaIdPart.sorted(new ArrayList<>(walked.values()), SchemaIdPart.Walked::mergeKey);
        List<SchemaIdPart.Seen> s = SchemaIdPart.sorted(new ArrayList<>(ids.values()), SchemaIdPart.Seen::mergeKey);
        return new SchemaIdPart(deepFields, headersOnlyFields, w, s, omitted);
    }
}
