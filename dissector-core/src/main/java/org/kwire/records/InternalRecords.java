package org.kwire.records;

import org.kwire.dissect.BodyProblem;
import org.kwire.dissect.FrameDissector;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordFraming.Framed;
import org.kwire.schema.RecordFamily;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Decodes the records Kafka writes into its own logs by their schemas (issue 23): control records of any topic
 * (transaction markers, KRaft's leader changes, voters, snapshot headers and footers), the KRaft metadata log
 * ({@value #CLUSTER_METADATA}) and the coordinators' logs ({@value #CONSUMER_OFFSETS}, {@value #TRANSACTION_STATE},
 * {@value #SHARE_GROUP_STATE}), each with its family's framing ({@link RecordFamily}) and the schemas bundled from the
 * Kafka artifacts ({@link org.kwire.schema.RecordSchemas}), applied by kwire's one schema interpreter. Keys and values
 * come out in the shape of the record type's generated {@code *JsonConverter} ({@link InternalRecord}).
 * <p>
 * Errors: nothing is thrown on bad bytes. A record type or version no bundled schema defines is kept as base64 with a
 * {@code kafka.records.schema_unknown} note; framing or fields the bytes contradict (cut short, a bad varint, an array
 * count past the bytes left, bytes left over) give a {@code kafka.records.schema_malformed} note and what could be
 * decoded; a key or value longer than {@link RecordsOptions#maxDecompressedBytes()} is not decoded (raw, with a
 * note); at most {@code maxNodes} values per key or value, the rest counted ({@code dissect.nodes_left_out}).
 * <p>
 * Immutable and thread-safe (plans compiled on first use, cached); the given buffers are only read, their position,
 * limit and byte order left as they are.
 */
public final class InternalRecords {

    /** The group coordinator's log. */
    public static final String CONSUMER_OFFSETS = "__consumer_offsets";
    /** The transaction coordinator's log. */
    public static final String TRANSACTION_STATE = "__transaction_state";
    /** The share coordinator's log (KIP-932). */
    public static final String SHARE_GROUP_STATE = "__share_group_state";
    /** The KRaft metadata log. */
    public static final String CLUSTER_METADATA = "__cluster_metadata";

    private final PlanCache plans;
    private final RecordsOptions options;
    private final int maxNodes;

    /** With at most {@link FrameDissector#DEFAULT_MAX_NODES} values per key or value. */
    public InternalRecords(SchemaRegistry schemas, RecordsOptions options) {
        this(schemas, options, FrameDissector.DEFAULT_MAX_NODES);
    }

    /**
     * @param schemas  where the record schemas come from ({@link SchemaRegistry#records()})
     * @param options  the records stage's bounds: a key or value longer than its maxDecompressedBytes is not decoded
     * @param maxNodes most values (fields and array elements) of one key or value ({@code --max-nodes})
     * @throws NullPointerException     if schemas or options is null
     * @throws IllegalArgumentException if maxNodes is not positive
     */
    public InternalRecords(SchemaRegistry schemas, RecordsOptions options, int maxNodes) {
        this.plans = new PlanCache(Objects.requireNonNull(schemas, "schemas"));
        this.options = Objects.requireNonNull(options, "options");
        if (maxNodes < 1) {
            throw new IllegalArgumentException("maxNodes must be positive");
        }
        this.maxNodes = maxNodes;
    }

    /** The family whose records a topic holds: one of the four internal topics' (exact names), else empty. */
    public static Optional<RecordFamily> family(String topic) {
        if (topic == null) {
            return Optional.empty();
        }
        return switch (topic) {
            case CONSUMER_OFFSETS -> Optional.of(RecordFamily.GROUP_COORDINATOR);
            case TRANSACTION_STATE -> Optional.of(RecordFamily.TRANSACTION_COORDINATOR);
            case SHARE_GROUP_STATE -> Optional.of(RecordFamily.SHARE_COORDINATOR);
            case CLUSTER_METADATA -> Optional.of(RecordFamily.METADATA);
            default -> Optional.empty();
        };
    }

    /**
     * A (non-control) record of an internal topic decoded; empty if {@code topic} is not one of the four internal
     * topics. Control records are decoded by {@link #decodeControl} on every topic.
     *
     * @param keyOrNull   the record's key from its position to its limit, or null
     * @param valueOrNull the record's value likewise, or null (a coordinator's tombstone)
     */
    public Optional<InternalRecord> decode(String topic, ByteBuffer keyOrNull, ByteBuffer valueOrNull) {
        return family(topic).map(f -> decode(f, keyOrNull, valueOrNull));
    }

    /**
     * A control record decoded: the key {@code [int16 version][int16 type]}, the value by the type's schema (0 ABORT,
     * 1 COMMIT: {@code EndTxnMarker}; 2 {@code LeaderChangeMessage}; 3 {@code SnapshotHeaderRecord}; 4
     * {@code SnapshotFooterRecord}; 5 {@code KRaftVersionRecord}; 6 {@code VotersRecord}).
     */
    public InternalRecord decodeControl(ByteBuffer key, ByteBuffer value) {
        return decode(RecordFamily.CONTROL, key, value);
    }

    /** A record of the given family decoded with that family's framing (see {@link RecordFamily}). */
    public InternalRecord decode(RecordFamily family, ByteBuffer keyOrNull, ByteBuffer valueOrNull) {
        Objects.requireNonNull(family, "family");
        ByteBuffer k = keyOrNull == null ? null : keyOrNull.slice();
        ByteBuffer v = valueOrNull == null ? null : valueOrNull.slice();
        List<ExpertNote> notes = new ArrayList<>();
        if (tooLong(k, "key", notes) | tooLong(v, "value", notes)) {
            return new InternalRecord(family, -1, "Unknown", -1, -1, raw(k), raw(v), notes);
        }
        Framed f = RecordFraming.frame(family, plans, k, 0, k == null ? -1 : k.limit(), v, 0, v == null ? -1 : v.limit());
        for (BodyProblem p : f.problems()) {
            notes.add(new ExpertNote(p.item(), 0, p.offset(), "", p.message()));
        }
        return new InternalRecord(family, f.typeId(), f.type(), f.keyVersion(), f.valueVersion(),
                RecordValues.json(f.key(), maxNodes, 0, notes), RecordValues.json(f.value(), maxNodes, 0, notes), notes);
    }

    /** The compiled plans, for the records walker's trees. */
    PlanCache plans() {
        return plans;
    }

    /** Most values of one key or value. */
    int maxNodes() {
        return maxNodes;
    }

    private boolean tooLong(ByteBuffer b, String what, List<ExpertNote> notes) {
        if (b == null || b.limit() <= options.maxDecompressedBytes()) {
            return false;
        }
        notes.add(new ExpertNote(ExpertItem.RECORDS_DECOMPRESSION_LIMIT, 0, 0, "", what + " of " + b.limit()
                + " bytes not decoded: longer than maxDecompressedBytes " + options.maxDecompressedBytes()));
        return true;
    }

    private static com.fasterxml.jackson.databind.JsonNode raw(ByteBuffer b) {
        return b == null ? null : RecordValues.raw(new RecordFraming.Part(false, b, 0, b.limit(), List.of(), 0, null, ""));
    }
}
