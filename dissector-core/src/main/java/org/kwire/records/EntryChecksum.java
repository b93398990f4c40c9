package org.kwire.records;

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

    /** Per thread: bytes of a read-only heap buffer on their way to the checksum. */
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
     * The checksum computed over the covered bytes of the entry {@code buf[start, end)}. A read-only heap buffer (a
     * frame as the analysis hands it on) is read through a reused chunk, where the JDK would allocate one per call.
     */
    long computed(ByteBuffer buf, int start, int end) {
        Checksum c = checksum.get();
        c.reset();
        int from = start + coversFrom;
        if (buf.hasArray()) {
            c.update(buf.array(), buf.arrayOffset() + from, end - from);
        } else if (buf.isDirect()) {
            c.update(buf.slice(from, end - from));
        } else {
            byte[] chunk = CHUNK.get();
            for (int p = from; p < end; p += chunk.length) {
                int n = Math.min(chunk.length, end - p);
                buf.get(p, chunk, 0, n);
                c.update(chunk, 0, n);
            }
        }
        return c.getValue();
    }
}
