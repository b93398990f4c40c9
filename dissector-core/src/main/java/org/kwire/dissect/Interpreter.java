package org.kwire.dissect;

import org.kwire.expert.ExpertItem;
import org.kwire.plan.FieldKind;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.StructPlan;
import org.kwire.protocol.WireReader;

import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;

/**
 * The one schema interpreter: walks a compiled {@link MessagePlan} over a frame's body and reports every field to a
 * {@link DissectionVisitor}. Encodings follow Kafka's protocol guide and message schema README: legacy strings
 * (int16 length, -1 = null), legacy bytes, records and arrays (int32 length, -1 = null), compact forms (uvarint
 * length + 1, 0 = null), nullable structs behind an int8 presence marker (negative = null), and in flexible versions a
 * tagged-field section ending every struct. Lengths and counts are checked against the bytes left before anything is
 * read, so hostile input allocates nothing; problems reach the visitor, nothing is thrown.
 */
public final class Interpreter {

    /** Unwinds decoding after a fatal problem was reported. */
    private static final class Stop extends Exception {
        Stop() {
            super(null, null, false, false);
        }
    }

    private final DissectionVisitor visitor;
    private WireReader in;

    private Interpreter(DissectionVisitor visitor, WireReader in) {
        this.visitor = visitor;
        this.in = in;
    }

    /**
     * Decodes a message body.
     *
     * @param frame      the frame, size prefix at index 0
     * @param bodyOffset index of the first body byte (after the header)
     * @param limit      end of the body (exclusive), normally {@code frame.limit()}
     * @param plan       the plan of the frame's API, version and direction
     * @param visitor    receives the fields
     * @return the index where decoding stopped: {@code limit} for a well-formed body (also given to
     *         {@link DissectionVisitor#end})
     */
    public static int decode(ByteBuffer frame, int bodyOffset, int limit, MessagePlan plan, DissectionVisitor visitor) {
        return decode(FrameBytes.of(frame), bodyOffset, limit, plan, visitor);
    }

    /** {@link #decode(ByteBuffer, int, int, MessagePlan, DissectionVisitor)} over a frame's slices, read where they lie. */
    public static int decode(FrameBytes frame, int bodyOffset, int limit, MessagePlan plan, DissectionVisitor visitor) {
        int end = walk(frame, bodyOffset, limit, plan, visitor);
        visitor.end(end);
        return end;
    }

    private static int walk(FrameBytes frame, int bodyOffset, int limit, MessagePlan plan, DissectionVisitor visitor) {
        Interpreter i = new Interpreter(visitor, new WireReader(frame, bodyOffset, limit));
        try {
            i.struct(null, plan.body(), bodyOffset, 0);
            if (i.in.remaining() > 0) {
                visitor.problem(i.in.position(), ExpertItem.BODY_TRAILING_BYTES, i.in.remaining() + " bytes after the end of the body");
            }
        } catch (WireReader.Truncated t) {
            visitor.problem(t.offset, ExpertItem.BODY_TRUNCATED, "frame ends inside a field (needed " + t.needed + " more bytes at offset "
                    + t.offset + ", " + Math.max(0, limit - t.offset) + " left)");
            return t.offset;
        } catch (Stop s) {
            return i.in.position();
        }
        return i.in.position();
    }

    private void struct(FieldPlan field, StructPlan s, int offset, int markerLength) throws WireReader.Truncated, Stop {
        visitor.beginStruct(field, s, offset, markerLength);
        for (FieldPlan f : s.untagged()) {
            field(f);
        }
        if (s.flexible()) {
            taggedFields(s);
        }
        visitor.endStruct(s, in.position());
    }

    private void field(FieldPlan f) throws WireReader.Truncated, Stop {
        int off = in.position();
        switch (f.kind()) {
            case INT8 -> visitor.number(f, off, in.int8());
            case INT16 -> visitor.number(f, off, in.int16());
            case UINT16 -> visitor.number(f, off, in.uint16());
            case INT32 -> visitor.number(f, off, in.int32());
            case UINT32 -> visitor.number(f, off, in.uint32());
            case INT64 -> visitor.number(f, off, in.int64());
            case FLOAT64 -> visitor.float64(f, off, in.float64());
            case BOOL -> visitor.bool(f, off, in.int8() != 0);
            case UUID -> visitor.uuid(f, off, in.int64(), in.int64());
            case STRING -> {
                int len = length(f, f.compact() ? -1 : 2);
                visitor.string(f, off, in.position() - off, len);
                in.skip(Math.max(len, 0));
            }
            case BYTES, RECORDS -> {
                int len = length(f, f.compact() ? -1 : 4);
                if (f.kind() == FieldKind.BYTES) {
                    visitor.bytes(f, off, in.position() - off, len);
                } else {
                    visitor.records(f, off, in.position() - off, len);
                }
                in.skip(Math.max(len, 0));
            }
            case STRUCT -> {
                if (f.nullable()) {
                    byte marker = in.int8();
                    if (marker < 0) {
                        visitor.nullStruct(f, off, 1);
                    } else {
                        struct(f, f.struct(), off, 1);
                    }
                } else {
                    struct(f, f.struct(), off, 0);
                }
            }
            case ARRAY -> array(f, off);
        }
    }

    /** Reads a length prefix (2 or 4 bytes, or -1 for compact) and checks it against the bytes left; -1 means null. */
    private int length(FieldPlan f, int legacyWidth) throws WireReader.Truncated, Stop {
        int off = in.position();
        long len = legacyWidth == -1 ? in.uvarint() - 1 : legacyWidth == 2 ? in.int16() : in.int32();
        if (len < 0) {
            if (len < -1 || legacyWidth == -1 && len != -1) {
                fatal(off, ExpertItem.BODY_LENGTH_INVALID, f.name() + ": invalid length " + len);
            }
            if (!f.nullable()) {
                visitor.problem(off, ExpertItem.BODY_NULL_NOT_ALLOWED, f.name() + " is null but the schema does not allow null in this version");
            }
            return -1;
        }
        if (len > in.remaining()) {
            fatal(off, ExpertItem.BODY_LENGTH_OVERRUN, f.name() + ": length " + len + " is beyond the end of the frame (" + in.remaining() + " bytes left)");
        }
        return (int) len;
    }

    private void array(FieldPlan f, int off) throws WireReader.Truncated, Stop {
        long count = f.compact() ? in.uvarint() - 1 : in.int32();
        int prefix = in.position() - off;
        if (count < 0) {
            if (count < -1) {
                fatal(off, ExpertItem.BODY_LENGTH_INVALID, f.name() + ": invalid array length " + count);
            }
            if (!f.nullable()) {
                visitor.problem(off, ExpertItem.BODY_NULL_NOT_ALLOWED, f.name() + " is null but the schema does not allow null in this version");
            }
            visitor.beginArray(f, off, prefix, -1);
            visitor.endArray(f, in.position());
            return;
        }
        FieldPlan element = f.element();
        int minSize = Math.max(1, element.kind().fixedSize());
        if (count * minSize > in.remaining()) {
            fatal(off, ExpertItem.BODY_LENGTH_OVERRUN, f.name() + ": " + count + " elements cannot fit in the " + in.remaining() + " bytes left");
        }
        visitor.beginArray(f, off, prefix, (int) count);
        for (int i = 0; i < count; i++) {
            if (element.kind() == FieldKind.STRUCT) {
                struct(element, element.struct(), in.position(), 0);
            } else {
                field(element);
            }
        }
        visitor.endArray(f, in.position());
    }

    private void taggedFields(StructPlan s) throws WireReader.Truncated, Stop {
        int off = in.position();
        long count = in.uvarint();
        if (count > in.remaining()) {
            fatal(off, ExpertItem.BODY_LENGTH_OVERRUN, "tagged field count " + count + " cannot fit in the " + in.remaining() + " bytes left");
        }
        visitor.beginTaggedFields(off, in.position() - off, (int) count);
        for (long i = 0; i < count; i++) {
            int start = in.position();
            long tag = in.uvarint();
            long size = in.uvarint();
            int header = in.position() - start;
            if (size > in.remaining() || tag > Integer.MAX_VALUE) {
                fatal(start, ExpertItem.BODY_LENGTH_OVERRUN, "tagged field " + tag + ": size " + size + " is beyond the end of the frame ("
                        + in.remaining() + " bytes left)");
            }
            FieldPlan known = s.tagged((int) tag);
            visitor.beginTaggedField(known, (int) tag, start, header, (int) size);
            int end = in.position() + (int) size;
            if (known != null) {
                taggedValue(known, end);
            }
            in.skip(end - in.position());
            visitor.endTaggedField(end);
        }
        visitor.endTaggedFields(in.position());
    }

    /** Decodes a known tagged field inside its declared size; a value that overruns or underruns it is reported. */
    private void taggedValue(FieldPlan f, int end) throws WireReader.Truncated, Stop {
        WireReader outer = in;
        in = new WireReader(outer.bytes(), outer.position(), end);
        try {
            field(f);
            if (in.remaining() > 0) {
                visitor.problem(in.position(), ExpertItem.BODY_TAGGED_FIELD_UNREAD, "tagged field " + f.name() + ": " + in.remaining()
                        + " bytes of its declared size left unread");
            }
        } catch (WireReader.Truncated t) {
            fatal(t.offset, ExpertItem.BODY_TAGGED_FIELD_OVERRUN, "tagged field " + f.name() + " overruns its declared size");
        } finally {
            int pos = in.position();
            in = outer;
            in.skip(pos - in.position());
        }
    }

    private void fatal(int offset, ExpertItem item, String message) throws Stop {
        visitor.problem(offset, item, message);
        throw new Stop();
    }
}
