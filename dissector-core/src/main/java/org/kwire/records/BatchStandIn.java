package org.kwire.records;

import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Stand-ins for the records of whole RecordBatch v2 entries whose decoding is known (kwire's own, for partial results):
 * a partial ({@code docs/PARTIAL.md}, "Size") keeps the boundary bytes of connections cut by a file rotation, which are
 * mostly record batches; it keeps a batch's 61-byte header and, in place of its records, only what decoding them gave
 * ({@link #find}). The merge puts the records back as a stand-in ({@link #fill}): the header, then
 * {@link #SIZE} bytes — a token random per process, never written anywhere, and the size the decoding found — then
 * zeros; a decoder {@link RecordsDecoder#acceptingStandIns() accepting stand-ins} takes such a batch for the one it
 * stands for (its CRC valid, its decompressed size as found) without reading its records. A batch is only replaced when
 * that is exact: a v2 batch, complete, not a control batch, its CRC-32C valid, its records decoded without a note by
 * the decoder the analysis uses; none of its records naming a Schema Registry schema (a stand-in keeps no
 * record's schema id: {@code org.kwire.framing}); and not a batch whose first record is framed as Kafka's own
 * records are ({@link BatchRecords#firstLooksInternal}: the report reads those records, issue 23).
 * <p>
 * Layout: Kafka docs "Record Batch" (KIP-98): baseOffset int64, batchLength int32, partitionLeaderEpoch int32, magic
 * int8 = 2, crc uint32 (CRC-32C over attributes .. end), attributes int16 (bit 5: control), ... recordsCount int32,
 * 61 bytes in all. Thread-safe (stateless but for the process's token).
 */
public final class BatchStandIn {

    /** Bytes of a batch's header, baseOffset .. recordsCount, kept as they are. */
    public static final int HEADER = 61;
    /** Bytes of a stand-in's mark at the start of the records: the token (16) and the decompressed size (int32). */
    public static final int SIZE = 20;
    /** Smallest records part (batch bytes after the header) worth replacing. */
    public static final int MIN_RECORDS = 64;

    private static final int LOG_OVERHEAD = 12;
    private static final byte[] TOKEN = new byte[16];

    static {
        new SecureRandom().nextBytes(TOKEN);
    }

    private BatchStandIn() {
    }

    /**
     * A whole batch found in a run of stream bytes, whose records a stand-in may replace.
     *
     * @param start        index of its first byte (baseOffset) in the run
     * @param length       its bytes: 12 + batchLength
     * @param uncompressed its size with the payload decompressed as the decoder found it
     *                     ({@link BatchInfo#uncompressedBytes()}: -1 when not decompressed)
     */
    public record Found(int start, int length, int uncompressed) {

        /** Index of its records' first byte (after the header) in the run. */
        public int recordsStart() {
            return start + HEADER;
        }

        /** Bytes of its records (after the header). */
        public int recordsLength() {
            return length - HEADER;
        }
    }

    /**
     * The whole batches in {@code run[from, to)} that a stand-in may replace, in order, none overlapping: at each
     * index, a v2 batch whose size fits, whose CRC-32C over its bytes matches and whose decoding by {@code decoder}
     * (alone, as a records field of its own) gives one valid non-control batch and no note; the scan goes on after it.
     * Bytes that only look like a batch (inside a record's value) are replaced only if all of that holds for them; see
     * {@code docs/PARTIAL.md}.
     */
    public static List<Found> find(byte[] run, int from, int to, RecordsDecoder decoder) {
        List<Found> found = new ArrayList<>(0);
        int p = from;
        while (p + HEADER + MIN_RECORDS <= to) {
            int length = wholeBatch(run, p, to);
            if (length > 0) {
                RecordsSummary s = decoder.decode(ByteBuffer.wrap(run, p, length).slice(), 0, length, 0, null);
                if (s.batches().size() == 1 && s.crcValid() == 1 && s.crcInvalid() == 0 && s.notes().isEmpty()
                        && s.framing().ids().isEmpty()
                        && s.partialBatch() == null && !s.batches().get(0).control()
                        && !BatchRecords.firstLooksInternal(run, p, length)) {
                    found.add(new Found(p, length, s.batches().get(0).uncompressedBytes()));
                    p += length;
                    continue;
                }
            }
            p++;
        }
        return found;
    }

    /** The size of the v2 batch at {@code p} if it lies whole in {@code run[p, to)} with a valid CRC, else 0. */
    private static int wholeBatch(byte[] run, int p, int to) {
        if (run[p + 16] != 2) {
            return 0;
        }
        int batchLength = getInt(run, p + 8);
        if (batchLength < HEADER - LOG_OVERHEAD + MIN_RECORDS || batchLength > to - p - LOG_OVERHEAD
                || (run[p + 22] & 0x20) != 0) {
            return 0;
        }
        CRC32C crc = new CRC32C();
        crc.update(run, p + 21, batchLength - 9);
        return crc.getValue() == (getInt(run, p + 17) & 0xffffffffL) ? LOG_OVERHEAD + batchLength : 0;
    }

    /**
     * The byte at {@code index} of the records part of the stand-in for a batch whose records decoded to
     * {@code uncompressed}: the mark, then zeros.
     */
    public static byte at(int index, int uncompressed) {
        if (index < TOKEN.length) {
            return TOKEN[index];
        }
        if (index < SIZE) {
            return (byte) (uncompressed >>> (8 * (SIZE - 1 - index)));
        }
        return 0;
    }

    /** Writes the stand-in's bytes {@code [index, index + n)} of the records part into {@code dst[off, off + n)}. */
    public static void fill(byte[] dst, int off, int index, int n, int uncompressed) {
        int marked = Math.max(0, Math.min(n, SIZE - index));
        for (int i = 0; i < marked; i++) {
            dst[off + i] = at(index + i, uncompressed);
        }
        java.util.Arrays.fill(dst, off + marked, off + n, (byte) 0);
    }

    /**
     * If the records part {@code frame[recordsStart, recordsStart + length)} of a batch is a stand-in of this
     * process, the decompressed size it stands for; else {@code Integer.MIN_VALUE}.
     */
    static int standsFor(FrameBytes frame, int recordsStart, int length) {
        if (length < SIZE) {
            return Integer.MIN_VALUE;
        }
        for (int i = 0; i < TOKEN.length; i++) {
            if (frame.get(recordsStart + i) != TOKEN[i]) {
                return Integer.MIN_VALUE;
            }
        }
        return frame.getInt(recordsStart + TOKEN.length);
    }

    private static int getInt(byte[] b, int i) {
        return (b[i] & 0xff) << 24 | (b[i + 1] & 0xff) << 16 | (b[i + 2] & 0xff) << 8 | b[i + 3] & 0xff;
    }
}
