package org.kwire.records;

import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;
import java.util.function.Supplier;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;

/** The checksum of a batch or message: its algorithm and the bytes it covers. */
enum EntryChecksum {
    /** RecordBatch v2 (KIP-98): CRC-32C over attributes (+21) .. end of batch. */
    BATCH_V2("CRC-32C", 21, CRC32C::new),
    /** Legacy message, magic 0 and 1 (Kafka docs "Message Sets"): CRC-32 over magic (+16) .. end of message. */
    LEGACY_MESSAGE("CRC-32", 16, CRC32::new);

    /** Per thread: bytes of a read-only heap buffer or of direct memory on their way to the checksum. */
    private static final ThreadLocal<byte[]> CHUNK = ThreadLocal.withInitial(() -> new byte[16 << 10]);

    final String algorithm;
    private final int coversFrom;
    /** One instance per thread, reset before each use: no allocation per message. */
    private final ThreadLocal<Checksum> checksum;

    EntryChecksum(String algorithm, int coversFrom, Supplier<Checksum> checksum) {
        this.algorithm = algorithm;
        this.coversFrom = coversFrom;
        this.checksum = ThreadLocal.withInitial(checksum);
    }

    /**
     * The checksum computed over the covered bytes of the entry {@code buf[start, end)}, updated slice by slice over the
     * slices it lies in (never over a joined copy): a slice backed by an array is read in place; a read-only heap
     * buffer or direct memory (a mapped capture) through a reused chunk, where the JDK would allocate an array or a
     * buffer per call (for mapped bytes: no slice object per segment, the same CPU within the noise of issue 26's
     * measurements).
     */
    long computed(FrameBytes buf, int start, int end) {
        Checksum c = checksum.get();
        c.reset();
        int from = start + coversFrom;
        for (int k = buf.sliceAt(from); from < end; k++) {
            int at = from - buf.start(k);
            int n = Math.min(end - from, buf.start(k + 1) - from);
            update(c, buf.slice(k), at, n);
            from += n;
        }
        return c.getValue();
    }

    private static void update(Checksum c, ByteBuffer slice, int at, int n) {
        if (slice.hasArray()) {
            c.update(slice.array(), slice.arrayOffset() + at, n);
        } else {
            byte[] chunk = CHUNK.get();
            for (int p = at; p < at + n; p += chunk.length) {
                int m = Math.min(chunk.length, at + n - p);
                slice.get(p, chunk, 0, m);
                c.update(chunk, 0, m);
            }
        }
    }
}
