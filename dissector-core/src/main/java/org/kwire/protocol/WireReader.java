package org.kwire.protocol;

import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Bounds-checked reads of Kafka's primitive types (Kafka protocol guide, "Protocol Primitive Types") from a frame's
 * bytes, big-endian, at a moving absolute position. Reading past {@code limit} throws {@link Truncated}, which the
 * callers in this library turn into expert notes; nothing outside the library sees it. The bytes may be slices
 * ({@link FrameBytes}): a read inside the current slice is one buffer read, a read in another slice moves to it, and a
 * field that straddles two slices is assembled from its bytes.
 */
public final class WireReader {

    /** Thrown when a read would pass the end of the readable bytes; cheap (no stack trace). */
    public static final class Truncated extends Exception {
        /** Absolute offset of the read that failed. */
        public final int offset;
        /** Bytes the read needed. */
        public final long needed;

        Truncated(int offset, long needed) {
            super("truncated at offset " + offset + " (needed " + needed + " bytes)", null, false, false);
            this.offset = offset;
            this.needed = needed;
        }
    }

    private final FrameBytes bytes;
    private final int limit;
    private int pos;
    /** The current slice and the absolute indexes it holds, {@code [segStart, segEnd)}. */
    private ByteBuffer seg;
    private int segStart;
    private int segEnd;

    /**
     * @param buf   the bytes; absolute indexes are used and the buffer's position is not changed
     * @param start first readable absolute index
     * @param limit end (exclusive) of the readable bytes
     */
    public WireReader(ByteBuffer buf, int start, int limit) {
        this(FrameBytes.of(buf), start, limit);
    }

    /**
     * @param bytes the bytes, by absolute index (slices are not changed)
     * @param start first readable absolute index
     * @param limit end (exclusive) of the readable bytes, at most {@code bytes.length()}
     */
    public WireReader(FrameBytes bytes, int start, int limit) {
        this.bytes = bytes;
        this.pos = start;
        this.limit = limit;
        this.seg = bytes.slice(0);
        this.segEnd = bytes.start(1);
    }

    /** Current absolute position. */
    public int position() {
        return pos;
    }

    /** End (exclusive) of the readable bytes. */
    public int limit() {
        return limit;
    }

    /** Bytes left before the limit. */
    public int remaining() {
        return limit - pos;
    }

    /** The underlying bytes (absolute indexes). */
    public FrameBytes bytes() {
        return bytes;
    }

    /** True if the {@code n} bytes at {@code p} lie in the current slice, after moving to the slice holding {@code p}. */
    private boolean inSlice(int p, int n) {
        if (p < segStart || p >= segEnd) {
            int k = bytes.sliceAt(p);
            seg = bytes.slice(k);
            segStart = bytes.start(k);
            segEnd = bytes.start(k + 1);
        }
        return p + n <= segEnd;
    }

    private int need(long n) throws Truncated {
        if (n < 0 || n > limit - pos) {
            throw new Truncated(pos, n);
        }
        int p = pos;
        pos += (int) n;
        return p;
    }

    /** Skips {@code n} bytes. */
    public void skip(long n) throws Truncated {
        need(n);
    }

    /** Kafka's INT8. */
    public byte int8() throws Truncated {
        int p = need(1);
        return p >= segStart && p < segEnd || inSlice(p, 1) ? seg.get(p - segStart) : bytes.get(p);
    }

    /** Kafka's INT16, big-endian. */
    public short int16() throws Truncated {
        int p = need(2);
        return p >= segStart && p + 2 <= segEnd || inSlice(p, 2) ? seg.getShort(p - segStart) : bytes.getShort(p);
    }

    /** Kafka's UINT16 (2 bytes, unsigned). */
    public int uint16() throws Truncated {
        return int16() & 0xffff;
    }

    /** Kafka's INT32, big-endian. */
    public int int32() throws Truncated {
        int p = need(4);
        return p >= segStart && p + 4 <= segEnd || inSlice(p, 4) ? seg.getInt(p - segStart) : bytes.getInt(p);
    }

    /** Kafka's UINT32 (4 bytes, unsigned). */
    public long uint32() throws Truncated {
        return int32() & 0xffffffffL;
    }

    /** Kafka's INT64, big-endian. */
    public long int64() throws Truncated {
        int p = need(8);
        return p >= segStart && p + 8 <= segEnd || inSlice(p, 8) ? seg.getLong(p - segStart) : bytes.getLong(p);
    }

    /** Kafka's FLOAT64 (IEEE 754 double, big-endian). */
    public double float64() throws Truncated {
        return Double.longBitsToDouble(int64());
    }

    /** Unsigned LEB128 varint of up to 5 bytes (Kafka's UNSIGNED_VARINT), as a non-negative long. */
    public long uvarint() throws Truncated {
        long value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            byte b = int8();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new Truncated(pos, 1); // more than 5 bytes: not a valid uvarint, reported like a bad length
    }

    /** Zig-zag signed varint of up to 5 bytes (Kafka's VARINT). */
    public int varint() throws Truncated {
        long raw = uvarint();
        return (int) ((raw >>> 1) ^ -(raw & 1));
    }

    /** Zig-zag signed varlong of up to 10 bytes (Kafka's VARLONG). */
    public long varlong() throws Truncated {
        long value = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            byte b = int8();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return (value >>> 1) ^ -(value & 1);
            }
        }
        throw new Truncated(pos, 1);
    }

    /** {@code n} bytes decoded as UTF-8. */
    public String utf8(int n) throws Truncated {
        int p = need(n);
        byte[] b = new byte[n];
        bytes.get(p, b, 0, n);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** Kafka's NULLABLE_STRING: int16 length (-1 = null) then UTF-8 bytes. */
    public String nullableString() throws Truncated {
        short len = int16();
        return len < 0 ? null : utf8(len);
    }

    /** Skips a tagged-field section (uvarint count, then per field uvarint tag, uvarint size, bytes); returns the count. */
    public int skipTaggedFields() throws Truncated {
        long count = uvarint();
        for (long i = 0; i < count; i++) {
            uvarint();
            skip(uvarint());
        }
        return (int) count;
    }
}
