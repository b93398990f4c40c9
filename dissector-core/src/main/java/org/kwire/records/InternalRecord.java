package org.kwire.records;

import com.fasterxml.jackson.databind.JsonNode;
import org.kwire.expert.ExpertNote;
import org.kwire.schema.RecordFamily;

import java.util.List;

/**
 * One record Kafka wrote into its own logs, decoded by its schema ({@link InternalRecords}): a control record, a KRaft
 * metadata record or a coordinator's record. Immutable (the JSON nodes are the caller's own copies: do not share them
 * across threads while changing them).
 *
 * @param family       which family's schemas and framing apply
 * @param typeId       the record type: the control record type (Kafka's {@code ControlRecordType}, 0 ABORT ...), the
 *                     metadata record type ({@code MetadataRecordType}, the schema's {@code apiKey}), or the
 *                     coordinator record type (the int16 in front of the key, the schemas' {@code apiKey}); -1 if the
 *                     framing could not be read
 * @param type         Kafka's name of the record type, e.g. {@code "OffsetCommit"}, {@code "TopicRecord"},
 *                     {@code "EndTxnMarker"}, {@code "LeaderChangeMessage"}; {@code "Unknown(N)"} for a type no
 *                     bundled schema defines
 * @param keyVersion   the version the key was decoded with: a control record key's int16 version, 0 for a coordinator
 *                     key (Kafka decodes them with their one version); -1 where there is no key (metadata records) or
 *                     it could not be read
 * @param valueVersion the value's version (its int16, or the metadata record's varint version); -1 for a tombstone
 *                     (null value) or a value whose version could not be read
 * @param key          the key as the type's generated {@code *JsonConverter.write(key, keyVersion)} writes it (e.g.
 *                     {@code {"group":"g","topic":"t","partition":0}}, a control key {@code {"type":1}}); a text node
 *                     of its base64 when no schema decodes it; null when there is no key
 * @param value        the value as {@code *JsonConverter.write(value, valueVersion)} writes it; a text node of its
 *                     base64 when no schema decodes it; null for a tombstone
 * @param notes        expert notes raised ({@code kafka.records.schema_unknown}, {@code kafka.records.schema_malformed},
 *                     {@code dissect.nodes_left_out}); offsets count from the start of the key or value they concern
 *                     (the message says which), packet 0
 */
public record InternalRecord(RecordFamily family, int typeId, String type, int keyVersion, int valueVersion,
                             JsonNode key, JsonNode value, List<ExpertNote> notes) {

    /** @throws NullPointerException if family, type or notes is null */
    public InternalRecord {
        java.util.Objects.requireNonNull(family, "family");
        java.util.Objects.requireNonNull(type, "type");
        notes = List.copyOf(notes);
    }

    /** True if the value is null: a coordinator's tombstone (the key's state deleted). */
    public boolean tombstone() {
        return value == null;
    }
}
