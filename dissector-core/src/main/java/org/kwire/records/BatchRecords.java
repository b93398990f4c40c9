package org.kwire.records;

import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The records of one RecordBatch v2 (Kafka docs "Record Batch", "Record") as offsets, timestamps and key and value
 * bytes, for readers of what the records hold (the report's internal records, issue 23). A compressed batch is
 * decompressed, at most {@code maxDecompressed} bytes. The frame's bytes are not changed; the key and value buffers
 * are copies (they outlive the decompression scratch). Stateless, thread-safe.
 */
public final class BatchRecords {

    /** Bytes of a v2 batch before its records. */
    private static final int HEADER = 61;
    /** Most bytes of a batch read to look at its first record. */
    private static final int LOOK = 4096;

    private BatchRecords() {
    }

    /**
     * One record.
     *
     * @param offset    baseOffset + offsetDelta
     * @param timestamp baseTimestamp + timestampDelta, epoch ms
     * @param key       its key (position 0 to limit), null for a null key
     * @param value     its value, null for a null value (a tombstone)
     */
    public record Entry(long offset, long timestamp, ByteBuffer key, ByteBuffer value) {
    }

    /**
     * What walking a batch gave.
     *
     * @param records the records read, in order
     * @param problem why the walk stopped short (cut, malformed, too large to decompress), null if it did not
     * @param epoch   the batch's partitionLeaderEpoch, -1 if not read
     */
    public record Walk(List<Entry> records, String problem, int epoch) {

        /** Whether the batch was a partial's stand-in (its records left out; nothing wrong with them). */
        public boolean standIn() {
            return STAND_IN.equals(problem);
        }
    }

    private static final String STAND_IN = "a partial's stand-in: its records were left out";

    /**
     * The records of {@code batch} (a v2 entry the records stage listed: its {@link BatchInfo#offset()} and
     * {@link BatchInfo#sizeInBytes()} in {@code frame}); none for other magics.
     *
     * @param maxDecompressed most bytes a compressed batch may decompress to
     * @param maxRecords      most records returned
     */
    public static Walk walk(FrameBytes frame, BatchInfo batch, int maxDecompressed, int maxRecords) {
        if (batch.magic() != 2 || batch.sizeInBytes() < HEADER || batch.offset() + batch.sizeInBytes() > frame.length()) {
            return new Walk(List.of(), batch.magic() == 2 ? "batch cut short" : null, -1);
        }
        int from = batch.offset() + HEADER;
        int length = batch.sizeInBytes() - HEADER;
        int epoch = frame.getInt(batch.offset() + 12);
        if (BatchStandIn.standsFor(frame, from, length) != Integer.MIN_VALUE) {
            return new Walk(List.of(), STAND_IN, epoch);
        }
        ByteBuffer contents;
        if (batch.codec() == Codec.NONE) {
            byte[] copy = new byte[length];
            frame.get(from, copy, 0, length);
            contents = ByteBuffer.wrap(copy);
        } else {
            try {
                contents = Decompressor.decompress(batch.codec(), frame, from, length, maxDecompressed, 0);
            } catch (DecompressionException e) {
                return new Walk(List.of(), e.getMessage(), epoch);
            }
        }
        long baseTimestamp = frame.getLong(batch.offset() + 27);
        List<Entry> out = new ArrayList<>(Math.min(batch.recordsCount(), maxRecords));
        Reader r = new Reader(contents);
        try {
            while (r.pos < contents.limit() && out.size() < Math.min(batch.recordsCount(), maxRecords)) {
                long recordLength = r.varint();
                int end = r.pos + (int) recordLength;
                if (recordLength < 0 || end > contents.limit()) {
                    return new Walk(out, "record length " + recordLength + " past the batch", epoch);
                }
                r.pos++; // attributes
                long timestampDelta = r.varlong();
                long offsetDelta = r.varint();
                ByteBuffer key = r.bytes();
                ByteBuffer value = r.bytes();
                out.add(new Entry(batch.baseOffset() + offsetDelta, baseTimestamp + timestampDelta, key, value));
                r.pos = end; // headers skipped
            }
        } catch (IndexOutOfBoundsException | IllegalStateException e) {
            return new Walk(out, "record " + out.size() + " malformed", epoch);
        }
        return new Walk(out, null, epoch);
    }

    /**
     * Whether the first record of the uncompressed v2 batch at {@code run[p, p + length)} is framed as Kafka's own
     * records are: a metadata log record (null key, value starting with frame version 1, KIP-631) or a coordinator's
     * (key and value, if any, each starting with an int16 below 256: the record type and the value's version). Data
     * keys of text start with a printable byte and are ruled out; a compressed batch is not looked into (false).
     */
    public static boolean firstLooksInternal(byte[] run, int p, int length) {
        if (length <= HEADER || (run[p + 22] & 0x07) != 0) {
            return false;
        }
        Reader r = new Reader(ByteBuffer.wrap(run, p + HEADER, length - HEADER).slice());
        try {
            r.varint();
            r.pos++;
            r.varlong();
            r.varint();
            ByteBuffer key = r.bytes();
            ByteBuffer value = r.bytes();
            if (key == null) {
                return value != null && value.limit() > 0 && value.get(0) == 1;
            }
            return key.limit() >= 2 && key.get(0) == 0 && (value == null || value.limit() >= 2 && value.get(0) == 0);
        } catch (IndexOutOfBoundsException | IllegalStateException e) {
            return false;
        }
    }

    /**
     * {@link #firstLooksInternal(byte[], int, int)} of a batch the records stage listed in {@code frame} (at most its
     * first {@value #LOOK} bytes read).
     */
    public static boolean firstLooksInternal(FrameBytes frame, BatchInfo batch) {
        if (batch.magic() != 2 || batch.codec() != Codec.NONE || batch.offset() + batch.sizeInBytes() > frame.length()) {
            return false;
        }
        int n = Math.min(batch.sizeInBytes(), LOOK);
        byte[] head = new byte[n];
        frame.get(batch.offset(), head, 0, n);
        return firstLooksInternal(head, 0, n);
    }

    /** Zigzag varints (Kafka's ByteUtils.readVarint/readVarlong) and varint-sized bytes. */
    private static final class Reader {
        final ByteBuffer b;
        int pos;

        Reader(ByteBuffer b) {
            this.b = b;
        }

        long varlong() {
            long raw = 0;
            for (int shift = 0; ; shift += 7) {
                if (shift > 63) {
                    throw new IllegalStateException("varlong too long");
                }
                byte x = b.get(pos++);
                raw |= (long) (x & 0x7f) << shift;
                if ((x & 0x80) == 0) {
                    return (raw >>> 1) ^ -(raw & 1);
                }
            }
        }

        long varint() {
            long v = varlong();
            if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                throw new IllegalStateException("varint out of range");
            }
            return v;
        }

        ByteBuffer bytes() {
            int n = (int) varint();
            if (n < 0) {
                return null;
            }
            if (n > b.limit() - pos) {
                throw new IllegalStateException("bytes past the record");
            }
            byte[] copy = new byte[n];
            b.get(pos, copy, 0, n);
            pos += n;
            return ByteBuffer.wrap(copy);
        }
    }
}
