package org.kwire.text;

import org.kwire.report.Report;
import org.kwire.report.SchemaIds;

import java.util.ArrayList;
import java.util.List;

/**
 * The summary's {@code Schema ids} entry (the report's {@code schema_registry}): for the first {@value #TOP} topics
 * whose keys or values are Schema Registry framed (produced, else fetched), the schema ids and GUIDs and their records,
 * and the records without one, with the producing clients that wrote such records. It needs a look when a framed
 * topic has records without a schema id. None when records were not walked (no {@code --deep}: the JSON says so),
 * when no record set was seen, or no topic is framed.
 */
public final class SchemaIdWords {

    /** Topics named at most. */
    static final int TOP = 3;

    private SchemaIdWords() {
    }

    /** The entry, or null when there is nothing to say. */
    static SummaryEntry of(Report r) {
        SchemaIds s = r.schemaRegistry();
        if (s == null || !s.collected()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        boolean look = false;
        int topics = 0;
        for (SchemaIds.TopicIds t : s.topics()) {
            if (t.direction().equals("fetch") && s.topics().stream().anyMatch(o -> o.topic().equals(t.topic())
                    && o.direction().equals("produce"))) {
                continue; // the produced records tell who wrote them
            }
            for (boolean key : new boolean[] {false, true}) {
                SchemaIds.Side side = key ? t.key() : t.value();
                if (side == null || !side.framed()) {
                    continue;
                }
                if (++topics > TOP) {
                    break;
                }
                look |= side.unframedRecords() > 0;
                parts.add(t.topic() + " " + (key ? "keys" : "values") + (t.direction().equals("fetch") ? " fetched" : "")
                        + ": " + ids(side) + (side.unframedRecords() == 0 ? "" : "; " + Units.count(side.unframedRecords())
                        + " of " + Units.count(t.records()) + " without" + writers(s, t.topic(), key)));
            }
        }
        if (topics > TOP) {
            parts.add((topics - TOP) + " more");
        }
        if (s.omitted() > 0) {
            parts.add(Units.count(s.omitted()) + " records past the bounds not counted");
        }
        return parts.isEmpty() ? null : new SummaryEntry(look, String.join("; ", parts));
    }

    /** {@code id 7 (5), guid 0f1e2d3c... in headers (2)}: a GUID by its first 8 hex digits (the JSON has it whole). */
    private static String ids(SchemaIds.Side side) {
        List<String> out = new ArrayList<>();
        for (SchemaIds.IdStats id : side.ids()) {
            out.add((id.schemaId() != null ? "id " + id.schemaId() : "guid " + id.schemaGuid().substring(0, 8) + "...")
                    + (id.source().equals("header") ? " in headers" : "") + " (" + Units.count(id.records()) + ")");
        }
        return String.join(", ", out);
    }

    /** The producing clients that wrote records without a schema id to the topic: {@code " (client 2, other 1)"}. */
    private static String writers(SchemaIds s, String topic, boolean key) {
        List<String> out = new ArrayList<>();
        for (SchemaIds.ClientIds c : s.clients()) {
            SchemaIds.Side side = key ? c.key() : c.value();
            if (c.topic().equals(topic) && side != null && side.unframedRecords() > 0) {
                out.add((c.clientId() == null ? "no client_id" : c.clientId()) + " " + Units.count(side.unframedRecords()));
            }
        }
        return out.isEmpty() ? "" : " (" + String.join(", ", out) + ")";
    }
}
