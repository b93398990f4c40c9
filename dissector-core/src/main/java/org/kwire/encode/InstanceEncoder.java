package org.kwire.encode;

import org.kwire.plan.FieldKind;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.StructPlan;
import org.kwire.schema.Direction;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Writes an instance of a message plan in Kafka's wire encoding, with values chosen by a {@link ValueSource}, as a
 * whole size-prefixed frame with its header (correlation_id and client_id as given). This is the inverse of
 * {@link org.kwire.dissect.Interpreter}: {@code kwire schema --minimal} uses it with {@link MinimalValues}, tests with
 * random values.
 */
public final class InstanceEncoder {

    private final ValueSource values;

    /** @param values chooses every value written */
    public InstanceEncoder(ValueSource values) {
        this.values = values;
    }

    /**
     * A whole frame: size prefix, header, body.
     *
     * @param plan          the message plan (its direction picks the header kind)
     * @param headerVersion request header 0-2 or response header 0-1 (see {@code HeaderVersions})
     * @param correlationId the header's correlation_id
     * @param clientId      the request header's client_id (v1+), may be null
     * @return a buffer positioned at 0 holding the frame
     */
    public ByteBuffer frame(MessagePlan plan, int headerVersion, int correlationId, String clientId) {
        ByteSink out = new ByteSink();
        out.int32(0);
        if (plan.direction() == Direction.REQUEST) {
            out.int16(plan.spec().apiKey());
            out.int16(plan.version());
            out.int32(correlationId);
            if (headerVersion >= 1) {
                legacyString(out, clientId);
            }
            if (headerVersion >= 2) {
                out.uvarint(0);
            }
        } else {
            out.int32(correlationId);
            if (headerVersion >= 1) {
                out.uvarint(0);
            }
        }
        struct(out, plan.body());
        out.patchInt32(0, out.size() - 4);
        return ByteBuffer.wrap(out.toArray());
    }

    /** Only the body of an instance. */
    public byte[] body(MessagePlan plan) {
        ByteSink out = new ByteSink();
        struct(out, plan.body());
        return out.toArray();
    }

    private void struct(ByteSink out, StructPlan s) {
        for (FieldPlan f : s.untagged()) {
            field(out, f);
        }
        if (!s.flexible()) {
            return;
        }
        List<FieldPlan> tagged = new ArrayList<>();
        for (FieldPlan f : s.fields()) {
            if (f.isTagged() && values.includeTagged(f)) {
                tagged.add(f);
            }
        }
        tagged.sort(Comparator.comparingInt(FieldPlan::tag));
        out.uvarint(tagged.size());
        for (FieldPlan f : tagged) {
            ByteSink value = new ByteSink();
            field(value, f);
            out.uvarint(f.tag());
            out.uvarint(value.size());
            out.append(value);
        }
    }

    private void field(ByteSink out, FieldPlan f) {
        switch (f.kind()) {
            case INT8, BOOL -> out.int8(f.kind() == FieldKind.BOOL ? (values.bool(f) ? 1 : 0) : (int) values.number(f));
            case INT16, UINT16 -> out.int16((int) values.number(f));
            case INT32, UINT32 -> out.int32((int) values.number(f));
            case INT64 -> out.int64(values.number(f));
            case FLOAT64 -> out.int64(Double.doubleToRawLongBits(values.float64(f)));
            case UUID -> out.bytes(values.uuid(f));
            case STRING -> {
                String s = values.string(f);
                lengthPrefixed(out, f, s == null ? null : s.getBytes(StandardCharsets.UTF_8), 2);
            }
            case BYTES -> lengthPrefixed(out, f, values.bytes(f), 4);
            case RECORDS -> lengthPrefixed(out, f, values.records(f), 4);
            case STRUCT -> {
                if (f.nullable()) {
                    boolean present = values.structPresent(f);
                    out.int8(present ? 1 : -1);
                    if (!present) {
                        return;
                    }
                }
                struct(out, f.struct());
            }
            case ARRAY -> {
                int n = values.arrayLength(f);
                if (f.compact()) {
                    out.uvarint(n + 1L);
                } else {
                    out.int32(n);
                }
                for (int i = 0; i < n; i++) {
                    if (f.element().kind() == FieldKind.STRUCT) {
                        struct(out, f.element().struct());
                    } else {
                        field(out, f.element());
                    }
                }
            }
        }
    }

    private static void lengthPrefixed(ByteSink out, FieldPlan f, byte[] data, int legacyWidth) {
        if (f.compact()) {
            out.uvarint(data == null ? 0 : data.length + 1L);
        } else if (legacyWidth == 2) {
            out.int16(data == null ? -1 : data.length);
        } else {
            out.int32(data == null ? -1 : data.length);
        }
        if (data != null) {
            out.bytes(data);
        }
    }

    private static void legacyString(ByteSink out, String s) {
        byte[] b = s == null ? null : s.getBytes(StandardCharsets.UTF_8);
        out.int16(b == null ? -1 : b.length);
        if (b != null) {
            out.bytes(b);
        }
    }
}
