package org.kwire.records;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.kwire.dissect.BodyProblem;
import org.kwire.dissect.Interpreter;
import org.kwire.dissect.ValuesBuilder;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.records.RecordFraming.Part;

import java.util.Base64;
import java.util.List;

/**
 * An internal record's key or value in Kafka's JSON shape: its fields decoded by the schema interpreter with
 * {@link ValuesBuilder} (what the generated {@code *JsonConverter.write(data, version)} writes), or its bytes as base64
 * when no schema decodes it. Stateless.
 */
final class RecordValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private RecordValues() {
    }

    /**
     * The part's JSON (null for an absent part); problems become {@code kafka.records.schema_malformed} notes (offsets
     * from the part's start) added to {@code notes}, a cut by {@code maxValues} a {@code dissect.nodes_left_out} one.
     */
    static JsonNode json(Part p, int maxValues, long packet, List<ExpertNote> notes) {
        if (p == null) {
            return null;
        }
        if (p.plan() == null) {
            return raw(p);
        }
        ValuesBuilder values = new ValuesBuilder(p.buf(), false, maxValues);
        Interpreter.decode(p.buf(), p.fieldsAt(), p.end(), p.plan(), values);
        for (BodyProblem b : values.bodyProblems()) {
            notes.add(note(p, b, packet));
        }
        JsonNode result = values.result();
        return result == null ? raw(p) : result;
    }

    /** A problem of the interpreter as the note of an internal record's key or value. */
    static ExpertNote note(Part p, BodyProblem b, long packet) {
        if (b.item() == ExpertItem.DISSECT_NODES_LEFT_OUT) {
            return new ExpertNote(b.item(), packet, -1, "", p.label() + ": " + b.message());
        }
        return new ExpertNote(ExpertItem.RECORDS_SCHEMA_MALFORMED, packet, b.offset() - p.start(), "",
                p.label() + " at its offset " + (b.offset() - p.start()) + ": " + b.message());
    }

    /** The whole key or value as base64 text. */
    static JsonNode raw(Part p) {
        byte[] bytes = new byte[p.end() - p.start()];
        p.buf().get(p.start(), bytes);
        return NODES.textNode(Base64.getEncoder().encodeToString(bytes));
    }
}
