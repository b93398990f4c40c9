package org.kwire.records;

import org.kwire.frame.FrameBytes;
import org.kwire.framing.FramingTally;

import java.nio.ByteBuffer;

/**
 * The records of a RecordBatch v2 walked without a tree, straight over the bytes' array: the fast path of
 * {@link RecordV2Decoder} for the records of ordinary (not control) batches, which the deep decoding walks by the
 * million. It accepts exactly the records the general decoder reads without a note (Kafka docs "Record": varint
 * length, int8 attributes, varlong timestampDelta, varint offsetDelta, varint-sized key and value, -1 for null, varint
 * headerCount, each header a varint-sized key and value; varints of at most 5 bytes, varlongs of at most 10; every field
 * within the record, the record ending where its length says) and gives up on anything else, leaving that record to
 * the general decoder, which reads it again and says what is wrong. Used by one thread; allocates nothing per record.
 * <p>
 * Records inside one array (a decompressed payload; a batch inside one heap slice) are walked in place. The records of
 * an uncompressed batch in the mapped capture's memory, or spread over a frame's slices, are first copied in one bulk
 * copy into the thread's reused array ({@link Scratch#records}): reading them byte by byte through {@code ByteBuffer}
 * costs several times more. Only the deep decoding walks them (headers only reads no uncompressed records but a
 * control batch's, which the general decoder reads).
 */
final class RecordScan {

    private byte[] bytes;
    private int base;
    private int pos;
    private int limit;
    private boolean bad;
    /** Records the last {@link #walk} went over. */
    int walked;
    /** Counts the schema ids of the records walked (null: not counted). */
    private FramingTally framing;

    /**
     * Walks records of {@code frame} (absolute indexes) from {@code from} to {@code end}, at most {@code max} of them,
     * stopping before the first that is not regular.
     *
     * @param framing counts the schema ids of the records walked; null: none counted
     * @return the position after the last regular record walked; {@link #walked} tells how many
     */
    int walk(FrameBytes frame, int from, int end, int max, FramingTally framing) {
        this.framing = framing;
        ByteBuffer in = frame.within(from, end - from);
        if (in != null && in.hasArray()) {
            return walk(in.array(), in.arrayOffset() - from, from, end, max);
        }
        byte[] copy = Scratch.get().records(end - from);
        frame.get(from, copy, 0, end - from);
        return walk(copy, -from, from, end, max);
    }

    /**
     * Walks records of {@code array} (absolute index i at {@code array[arrayOffset + i]}) from {@code from} to
     * {@code end}, at most {@code max} of them, stopping before the first that is not regular.
     */
    private int walk(byte[] array, int arrayOffset, int from, int end, int max) {
        bytes = array;
        base = arrayOffset;
        int at = from;
        walked = 0;
        while (walked < max && at < end) {
            int next = record(at, end);
            if (next < 0) {
                break;
            }
            at = next;
            walked++;
        }
        bytes = null;
        return at;
    }

    /** One record at {@code at}: its end, or -1 if the general decoder would note anything about it. */
    private int record(int at, int end) {
        bad = false;
        pos = at;
        limit = end;
        long length = varint();
        if (bad || length < 0 || length > end - pos) {
            return -1;
        }
        int recordEnd = pos + (int) length;
        limit = recordEnd;
        if (pos >= limit) {
            return -1; // no attributes byte
        }
        pos++; // attributes
        varlong(); // timestampDelta
        varint(); // offsetDelta
        int key = sized();
        int keyAt = pos - Math.max(key, 0);
        int value = sized();
        if (framing != null && !bad) {
            framing.startRecord();
            framing.key(bytes, base + keyAt, key);
            framing.value(bytes, base + pos - Math.max(value, 0), value);
        }
        long headers = varint();
        if (bad || headers < 0) {
            return -1;
        }
        for (long i = 0; i < headers && !bad; i++) {
            int headerKey = sized();
            int headerKeyAt = pos - Math.max(headerKey, 0);
            int headerValue = sized();
            if (framing != null && !bad && headerKey > 0) {
                framing.header(bytes, base + headerKeyAt, headerKey, bytes, base + pos - Math.max(headerValue, 0),
                        headerValue);
            }
        }
        if (bad || pos != recordEnd) {
            return -1;
        }
        if (framing != null) {
            framing.endRecord();
        }
        return recordEnd;
    }

    /** A varint-sized field: -1 (null) or a length within the record, then its bytes; returns the length. */
    private int sized() {
        long n = varint();
        if (bad || n < -1 || n > limit - pos) {
            bad = true;
            return -1;
        } else if (n > 0) {
            pos += (int) n;
        }
        return (int) n;
    }

    /** Kafka's VARINT (zig-zag, at most 5 bytes), as {@code WireReader.varint} computes it. */
    private long varint() {
        long raw = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (pos >= limit) {
                bad = true;
                return 0;
            }
            byte b = bytes[base + pos++];
            raw |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return (int) ((raw >>> 1) ^ -(raw & 1));
            }
        }
        bad = true;
        return 0;
    }

    /** Kafka's VARLONG (zig-zag, at most 10 bytes). */
    private void varlong() {
        for (int i = 0; i < 10; i++) {
            if (pos >= limit) {
                bad = true;
                return;
            }
            if ((bytes[base + pos++] & 0x80) == 0) {
                return;
            }
        }
        bad = true;
    }
}
