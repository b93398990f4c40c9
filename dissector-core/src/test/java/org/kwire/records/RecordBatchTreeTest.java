package org.kwire.records;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MutableRecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.api.Test;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32C;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The nodes of batches and records, starting with the reference page's empty batch (shared seeds, ShareFetch v0). */
class RecordBatchTreeTest {

    /** Where the ShareFetch v0 reference response holds its one empty RecordBatch. */
    private static final int AT = 0x36;

    @Test
    void emptyBatchReproducesTheReferenceRendering() {
        ByteBuffer frame = ByteBuffer.allocate(150);
        frame.position(AT);
        frame.putLong(0).putInt(49).putInt(-1).put((byte) 2).putInt(0).putShort((short) 0).putInt(-1)
                .putLong(-1).putLong(-1).putLong(-1).putShort((short) -1).putInt(-1).putInt(0);
        CRC32C crc = new CRC32C();
        crc.update(frame.array(), AT + 21, 40);
        frame.putInt(AT + 17, (int) crc.getValue()).clear();
        FieldNode field = Nodes.field();

        RecordsSummary summary = new RecordsDecoder(RecordsOptions.defaults()).decode(frame, AT, 61, 3, field);

        FieldNode batch = field.children().get(0);
        assertEquals("RecordBatch v2 = empty [0x0036, 61B] fixed 61-byte RecordBatch v2 header, zero records",
                line(batch, batch.detail()));
        List<String> expected = List.of(
                "baseOffset int64 = 0 [0x0036, 8B] offset of the first record in the batch",
                "batchLength int32 = 49 [0x003e, 4B] bytes after this field to the end of the batch",
                "partitionLeaderEpoch int32 = -1 [0x0042, 4B] leader epoch, -1 when produced by a client",
                "magic int8 = 2 [0x0046, 1B] record format version, 2",
                "crc uint32 = 753290837 [0x0047, 4B] CRC-32C over attributes .. end of batch",
                "attributes int16 = 0 [0x004b, 2B] compression, timestamp type, txn and control flags",
                "lastOffsetDelta int32 = -1 [0x004d, 4B] offset delta of the last record, -1 when empty",
                "baseTimestamp int64 = -1 [0x0051, 8B] timestamp of the first record",
                "maxTimestamp int64 = -1 [0x0059, 8B] largest timestamp in the batch",
                "producerId int64 = -1 [0x0061, 8B] producer id, -1 when non-idempotent",
                "producerEpoch int16 = -1 [0x0069, 2B] producer epoch, -1 when non-idempotent",
                "baseSequence int32 = -1 [0x006b, 4B] sequence of the first record, -1 when non-idempotent",
                "recordsCount int32 = 0 [0x006f, 4B] number of records that follow, 0 here");
        assertEquals(expected, batch.children().stream().map(n -> line(n, n.value())).toList());
        assertEquals(List.of(Byte.class, Short.class, Integer.class, Long.class),
                List.of(batch.child("magic").value().getClass(), batch.child("attributes").value().getClass(),
                        batch.child("batchLength").value().getClass(), batch.child("crc").value().getClass()));
        assertEquals("stored 0x2ce64e55, computed 0x2ce64e55, valid", batch.child("crc").detail());
        assertEquals("none, CreateTime", batch.child("attributes").detail());
        assertEquals(1, summary.crcValid());
        assertEquals(List.of(), summary.notes());

        MutableRecordBatch kafka = MemoryRecords.readableRecords(frame.slice(AT, 61)).batches().iterator().next();
        assertTrue(kafka.isValid(), "kafka-clients accepts the batch");
        assertEquals(kafka.checksum(), batch.child("crc").value());
    }

    @Test
    void compressedRecordsHaveDecompressedOffsetsUnderTheCodecNode() {
        MemoryRecords built = MemoryRecords.withRecords(Compression.zstd().build(),
                new SimpleRecord(1L, utf8("k0"), utf8("v0")), new SimpleRecord(2L, utf8("k1"), utf8("v1")),
                new SimpleRecord(3L, null, utf8("v2")));
        FieldNode field = Nodes.field();

        RecordsSummary summary = new RecordsDecoder(RecordsOptions.defaults()).decode(built.buffer(), 0,
                built.sizeInBytes(), 1, field);

        FieldNode batch = field.children().get(0);
        assertEquals("3 records, zstd", batch.detail());
        FieldNode payload = batch.child("records");
        assertEquals("zstd", payload.type());
        assertEquals(61, payload.offset());
        assertEquals(built.sizeInBytes() - 61, payload.length());
        assertFalse(payload.inDecompressed());
        int decompressed = summary.batches().get(0).uncompressedBytes() - 61;
        assertEquals(payload.length() + " bytes, " + decompressed + " decompressed", payload.detail());
        List<FieldNode> records = Nodes.children(payload, "Record[");
        assertEquals(List.of(0, 11, 22), records.stream().map(FieldNode::offset).toList());
        assertEquals(decompressed, records.get(2).end());
        assertTrue(records.stream().allMatch(FieldNode::inDecompressed));
        assertEquals(List.of("offset 0", "offset 1", "offset 2"), records.stream().map(FieldNode::detail).toList());
        assertEquals(List.of("length", "attributes", "timestampDelta", "offsetDelta", "keyLength", "key",
                "valueLength", "value", "headers"), records.get(0).children().stream().map(FieldNode::name).toList());
    }

    @Test
    void valuesAreHiddenUnlessAskedAndCappedWhenShown() {
        MemoryRecords built = MemoryRecords.withRecords(Compression.NONE,
                new SimpleRecord(1L, utf8("key"), utf8("a value of 28 bytes \u00e9\u00e9\u00e9\u00e9")));
        FieldNode hidden = Nodes.field();
        FieldNode shown = Nodes.field();

        new RecordsDecoder(RecordsOptions.defaults()).decode(built.buffer(), 0, built.sizeInBytes(), 1, hidden);
        new RecordsDecoder(new RecordsOptions(1 << 20, true, 21, 1)).decode(built.buffer(), 0, built.sizeInBytes(), 1, shown);

        FieldNode hiddenRecord = hidden.children().get(0).child("Record[0]");
        assertNull(hiddenRecord.child("value").value());
        assertEquals("not shown", hiddenRecord.child("value").detail());
        assertEquals(28, hiddenRecord.child("valueLength").value());
        assertEquals(28, hiddenRecord.child("value").length());
        FieldNode shownRecord = shown.children().get(0).child("Record[0]");
        assertEquals("key", shownRecord.child("key").value());
        assertEquals("a value of 28 bytes ", shownRecord.child("value").value());
        assertEquals("utf8, first 20 of 28 bytes", shownRecord.child("value").detail());
    }

    private static String line(FieldNode n, Object value) {
        return String.format("%s %s = %s [0x%04x, %dB] %s", n.name(), n.type(), value, n.offset(), n.length(), n.about());
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
