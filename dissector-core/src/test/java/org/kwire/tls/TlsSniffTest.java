package org.kwire.tls;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link TlsSniff}: a record header at the start, records in a row from a connection's middle, Kafka bytes not. */
class TlsSniffTest {

    private static byte[] records(int cut, int... lengths) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        out.writeBytes(new byte[cut]); // the rest of a record cut by a file boundary
        for (int n : lengths) {
            out.writeBytes(new byte[] {23, 3, 3, (byte) (n >> 8), (byte) n});
            out.writeBytes(new byte[n]);
        }
        return out.toByteArray();
    }

    @Test
    void aRecordHeaderFirst() {
        byte[] b = records(0, 300);
        assertTrue(TlsSniff.startsWithRecord(b, 0, b.length));
        assertTrue(TlsSniff.chainOfRecords(b, 0, b.length), "one record filling the bytes from their start");
        assertFalse(TlsSniff.startsWithRecord(b, 0, 4), "a header needs 5 bytes");
    }

    @Test
    void recordsInARowFromTheMiddle() {
        byte[] b = records(77, 40, 1200, 16);
        assertFalse(TlsSniff.startsWithRecord(b, 0, b.length));
        assertTrue(TlsSniff.chainOfRecords(b, 0, b.length));
    }

    @Test
    void kafkaIsNotTls() {
        byte[] kafka = {0, 0, 0, 40, 0, 3, 0, 12, 0, 0, 0, 1, 0, 4, 'k', 'c', 'a', 't'};
        assertFalse(TlsSniff.startsWithRecord(kafka, 0, kafka.length));
        assertFalse(TlsSniff.chainOfRecords(kafka, 0, kafka.length));
        byte[] lone = records(50, 20);
        lone = java.util.Arrays.copyOf(lone, lone.length + 30); // one header, then no record where it ends
        assertFalse(TlsSniff.chainOfRecords(lone, 0, lone.length), "a lone header in the middle may be chance");
    }
}
