package org.kwire.records;

import org.kwire.expert.ExpertItem;
import org.kwire.protocol.WireReader;
import org.kwire.tree.FieldNode;

import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;

/**
 * The bytes being decoded — the frame, or a buffer decompressed from it — read field by field. Every read adds a node
 * under {@code parent} when it is not null (building a tree) and only reads when it is null (the fast path: no node,
 * no boxed value). Reads stop at a movable bound (the end of the current batch, record or message) and throw
 * {@link Malformed} past it.
 */
final class FieldReader {

    /** Wire types of single fields (Kafka protocol guide, "Protocol Primitive Types"), with their display names. */
    enum Wire {
        INT8("int8"), INT16("int16"), INT32("int32"), UINT32("uint32"), INT64("int64"), VARINT("varint"),
        VARLONG("varlong");

        final String label;

        Wire(String label) {
            this.label = label;
        }

        /** The value as a node holds it: Byte, Short, Integer or Long by wire size. */
        Object box(long v) {
            return switch (this) {
                case INT8 -> (byte) v;
                case INT16 -> (short) v;
                case INT32, VARINT -> (int) v;
                case UINT32, INT64, VARLONG -> v;
            };
        }
    }

    /**
     * A length-prefixed bytes field, -1 meaning null: the wire type, name and about of its length, its own name, type
     * and about, and whether it is user data (shown only with {@link RecordsOptions#showValues()}).
     */
    record Sized(Wire lengthWire, String lengthName, String lengthAbout, String name, String type, String about,
                 boolean userData) {
    }

    private final DecodeContext ctx;
    private final FrameBytes buf;
    private final int limit;
    private final int depth;
    private final int anchor;
    private WireReader in;
    private int bound;
    private FieldNode last;

    /**
     * @param buf    the bytes, absolute indexes (the frame's slices, or one decompressed buffer)
     * @param start  first byte to read
     * @param limit  end (exclusive) of the readable bytes
     * @param depth  0 for the frame, n inside n levels of decompression
     * @param anchor frame offset that notes about decompressed bytes point at: the compressed payload's
     */
    FieldReader(DecodeContext ctx, FrameBytes buf, int start, int limit, int depth, int anchor) {
        this.ctx = ctx;
        this.buf = buf;
        this.limit = limit;
        this.depth = depth;
        this.anchor = anchor;
        this.in = new WireReader(buf, start, limit);
        this.bound = limit;
    }

    DecodeContext context() {
        return ctx;
    }

    FrameBytes bytes() {
        return buf;
    }

    /** 0 for the frame, n inside n levels of decompression. */
    int depth() {
        return depth;
    }

    int position() {
        return in.position();
    }

    int limit() {
        return limit;
    }

    /** Moves the read position (forward or back) to {@code pos}, within the limit; once per entry, not per field. */
    void seek(int pos) {
        if (pos != in.position()) {
            in = new WireReader(buf, pos, limit);
        }
    }

    /** Sets the end of the structure being read and returns the previous one. */
    int bound(int end) {
        int previous = bound;
        bound = end;
        return previous;
    }

    /** The node made by the last read or payload; null in the fast path. */
    FieldNode last() {
        return last;
    }

    /** Reads one field and returns its value (unsigned for UINT32, sign-extended otherwise). */
    long read(FieldNode parent, Wire wire, String name, String about) throws Malformed {
        int at = in.position();
        long value;
        try {
            value = switch (wire) {
                case INT8 -> in.int8();
                case INT16 -> in.int16();
                case INT32 -> in.int32();
                case UINT32 -> in.uint32();
                case INT64 -> in.int64();
                case VARINT -> in.varint();
                case VARLONG -> in.varlong();
            };
        } catch (WireReader.Truncated t) {
            throw cutShort(at, name);
        }
        if (in.position() > bound) {
            throw cutShort(at, name);
        }
        if (parent != null) {
            last = node(parent, name, wire.label, at, in.position() - at).setValue(wire.box(value)).setAbout(about);
        }
        return value;
    }

    /** Skips {@code n} bytes of the current structure. */
    void skip(int n, String name) throws Malformed {
        int at = in.position();
        if (n > bound - at) {
            throw cutShort(at, name);
        }
        try {
            in.skip(n);
        } catch (WireReader.Truncated t) {
            throw cutShort(at, name);
        }
    }

    /** Reads the length of a sized field: -1 (null) up to the bytes left in the current structure. */
    int length(FieldNode parent, Sized field) throws Malformed {
        int at = in.position();
        long n = read(parent, field.lengthWire(), field.lengthName(), field.lengthAbout());
        if (n < -1 || n > bound - in.position()) {
            throw new Malformed(at, field.lengthName() + " " + n + " does not fit the " + (bound - in.position())
                    + " bytes left");
        }
        if (n < 0 && parent != null) {
            last.setDetail("null");
        }
        return (int) n;
    }

    /** Reads the {@code n} bytes of a sized field whose length has been read. */
    private void payload(FieldNode parent, Sized field, int n) throws Malformed {
        int at = in.position();
        skip(n, field.name());
        if (parent != null) {
            last = node(parent, field.name(), field.type(), at, n).setAbout(field.about());
            if (field.userData() && !ctx.options().showValues()) {
                last.setDetail("not shown");
            } else {
                ValueText.show(last, buf, at, n, ctx.options().maxValueBytes());
            }
        }
    }

    /** Reads a sized field, length then bytes; returns the length, -1 for null. */
    int sized(FieldNode parent, Sized field) throws Malformed {
        int n = length(parent, field);
        if (n >= 0) {
            payload(parent, field, n);
        }
        return n;
    }

    /** A node grouping the fields that follow, or null in the fast path. */
    FieldNode group(FieldNode parent, String name, String type, int offset, int length) {
        return parent == null ? null : node(parent, name, type, offset, length);
    }

    /**
     * Records a note about the bytes at {@code offset} of this reader; a note about decompressed bytes points at the
     * compressed payload in the frame and names the decompressed offset in its message.
     */
    void note(FieldNode at, ExpertItem item, int offset, String message) {
        ctx.note(at, item, frameOffset(offset),
                depth == 0 ? message : message + " (offset " + offset + " of the decompressed data)");
    }

    /** Records a {@code malformed} error note for {@code m}. */
    void malformed(FieldNode at, String where, Malformed m) {
        note(at, ExpertItem.RECORDS_FIELD_MALFORMED, m.offset, where + ": " + m.getMessage());
    }

    /**
     * Checks the stored checksum of the entry {@code [start, end)}: sets the crc node's detail to stored, computed and
     * valid/invalid, counts it, and on a mismatch records a {@link CrcFailure} and a {@code checksum} error note.
     */
    boolean verify(FieldNode crcNode, EntryChecksum kind, long stored, int start, int end, long baseOffset,
                   byte magic) {
        long computed = kind.computed(buf, start, end);
        boolean valid = stored == computed;
        if (crcNode != null) {
            crcNode.setDetail(comparison(stored, computed) + (valid ? ", valid" : ", invalid"));
        }
        if (valid) {
            ctx.crcValid();
        } else {
            ctx.crcInvalid(new CrcFailure(frameOffset(start), baseOffset, stored, computed, magic));
            String entry = magic == 2 ? "RecordBatch v2 baseOffset " : "message v" + magic + " offset ";
            note(crcNode, ExpertItem.RECORDS_CRC_INVALID, start,
                    kind.algorithm + " mismatch in " + entry + baseOffset + ": " + comparison(stored, computed));
        }
        return valid;
    }

    private static String comparison(long stored, long computed) {
        return String.format("stored 0x%08x, computed 0x%08x", stored, computed);
    }

    /**
     * Decompresses the payload {@code [offset, offset + length)} of this reader within the current entry's budget;
     * returns a reader over the decompressed bytes (valid until the next payload at the same depth is decompressed), or
     * null after a note if it is malformed, too large, nested deeper than maxDepth or of a codec whose library is
     * absent. {@code at} (the payload's node, may be null) gets the sizes as detail.
     */
    FieldReader decompress(FieldNode at, Codec codec, int offset, int length) {
        if (depth >= ctx.options().maxDepth()) {
            note(at, ExpertItem.RECORDS_NESTED_TOO_DEEP, offset, codec.label() + " payload nested " + (depth + 1)
                    + " levels deep not decoded (maxDepth " + ctx.options().maxDepth() + ")");
            return null;
        }
        try {
            ByteBuffer out = Decompressor.decompress(codec, buf, offset, length, ctx.budget(), depth);
            ctx.spend(out.limit());
            if (at != null) {
                at.setDetail(length + " bytes, " + out.limit() + " decompressed");
            }
            return new FieldReader(ctx, FrameBytes.of(out), 0, out.limit(), depth + 1, frameOffset(offset));
        } catch (DecompressionException e) {
            note(at, e.item, offset, codec.label() + " payload of " + length + " bytes " + e.getMessage());
            return null;
        }
    }

    private int frameOffset(int offset) {
        return depth == 0 ? offset : anchor;
    }

    private Malformed cutShort(int at, String name) {
        return new Malformed(at, name + " runs past the end of its batch, record or message");
    }

    private FieldNode node(FieldNode parent, String name, String type, int offset, int length) {
        return parent.add(new FieldNode(name, type, offset, length).setInDecompressed(depth > 0));
    }
}
