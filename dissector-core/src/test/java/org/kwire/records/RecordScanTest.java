package org.kwire.records;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link RecordScan}, the fast path over records without a tree, against the general decoder building a tree: every
 * byte of a kafka-clients-built batch's records set to values that break varints, lengths and counts, and the
 * summaries (counts, notes with their offsets and messages) must be the same.
 */
class RecordScanTest {

    private static final int[] VALUES = {0x00, 0x01, 0x02, 0x7f, 0x80, 0xff, 0xfe, 0x0c, 0x40};

    @Test
    void everyDamagedByteGivesWhatTheTreeGives() {
        byte[] original = batch();
        RecordsDecoder decoder = new RecordsDecoder(RecordsOptions.defaults());
        assertEquals(4, decoder.decode(ByteBuffer.wrap(original), 0, original.length, 1, null).records());
        int differentNotes = 0;
        for (int at = 61; at < original.length; at++) { // the records, after the 61-byte header
            for (int value : VALUES) {
                byte[] bytes = original.clone();
                bytes[at] = (byte) value;
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                RecordsSummary fast = decoder.decode(buf, 0, bytes.length, 1, null);
                RecordsSummary tree = decoder.decode(buf, 0, bytes.length, 1, Nodes.field());
                assertEquals(tree, fast, "byte " + at + " set to " + value);
                differentNotes += fast.notes().size() > 1 ? 1 : 0; // a CRC failure, and a record-level note
            }
        }
        assertTrue(differentNotes > 100, "damage reached the records: " + differentNotes);
    }

    /** Four records: keys, a null key, a null value, headers (one with a null value). */
    private static byte[] batch() {
        Header[] headers = {new RecordHeader("trace", "abc".getBytes(StandardCharsets.UTF_8)), new RecordHeader("none", null)};
        MemoryRecords built = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 100L, Compression.NONE,
                TimestampType.CREATE_TIME,
                new SimpleRecord(1_795_973_323_000L, "k1".getBytes(StandardCharsets.UTF_8), "v1".getBytes(StandardCharsets.UTF_8)),
                new SimpleRecord(1_795_973_323_001L, null, "no key".getBytes(StandardCharsets.UTF_8)),
                new SimpleRecord(1_795_973_323_002L, "k3".getBytes(StandardCharsets.UTF_8), null, headers),
                new SimpleRecord(1_795_973_323_400L, "k4".getBytes(StandardCharsets.UTF_8), new byte[300]));
        ByteBuffer b = built.buffer().duplicate();
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return bytes;
    }
}
