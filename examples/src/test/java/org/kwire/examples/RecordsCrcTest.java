package org.kwire.examples;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.DefaultRecordBatch;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MutableRecordBatch;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.common.utils.internals.Crc32C;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * (d) {@link RecordsCrc} on a records field of three batches kafka-clients built (uncompressed, gzip, uncompressed),
 * intact and with one byte of the gzip batch flipped: the batches Kafka's own {@code RecordBatch.isValid()} refuses,
 * with the checksum Kafka reads from the batch and the one its {@code Crc32C} computes over the bytes.
 */
class RecordsCrcTest {

    @Test
    void anIntactFieldHasNoBadBatch() {
        ByteBuffer field = ByteBuffer.wrap(threeBatches());
        assertEquals(List.of(), kafkasBadBatches(field));
        assertEquals(List.of(), RecordsCrc.badBatches(field));
    }

    @Test
    void aFlippedByteIsTheBatchKafkaRefuses() {
        byte[] bytes = threeBatches();
        MemoryRecords records = MemoryRecords.readableRecords(ByteBuffer.wrap(bytes));
        List<MutableRecordBatch> batches = new ArrayList<>();
        records.batches().forEach(batches::add);
        int second = batches.get(0).sizeInBytes();
        bytes[second + batches.get(1).sizeInBytes() - 3] ^= 0x40; // in the gzip'd payload's last bytes
        ByteBuffer field = ByteBuffer.wrap(bytes);

        List<String> kafka = kafkasBadBatches(field);
        assertEquals(1, kafka.size());
        assertEquals(true, kafka.get(0).startsWith("batch at offset 3: stored crc "), kafka.get(0));
        assertEquals(kafka, RecordsCrc.badBatches(field));
        assertEquals(0, field.position(), "the caller's buffer is left as it was");
    }

    /** Base offsets 0, 3 and 5: 3 records, 2 gzip'd, 1. */
    private static byte[] threeBatches() {
        ByteBuffer out = ByteBuffer.allocate(4096);
        append(out, 0, Compression.NONE, "a", "b", "c");
        append(out, 3, Compression.gzip().build(), "d", "e");
        append(out, 5, Compression.NONE, "f");
        byte[] bytes = new byte[out.flip().remaining()];
        out.get(bytes);
        return bytes;
    }

    private static void append(ByteBuffer out, long baseOffset, Compression codec, String... values) {
        SimpleRecord[] records = new SimpleRecord[values.length];
        for (int i = 0; i < values.length; i++) {
            records[i] = new SimpleRecord(1_700_000_000_000L + i, ("key" + i).getBytes(StandardCharsets.UTF_8),
                    values[i].getBytes(StandardCharsets.UTF_8));
        }
        out.put(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, baseOffset, codec, TimestampType.CREATE_TIME,
                records).buffer());
    }

    /** Kafka's verdict: each batch it finds invalid, with its stored checksum and the CRC-32C of its bytes. */
    private static List<String> kafkasBadBatches(ByteBuffer field) {
        List<String> bad = new ArrayList<>();
        int start = 0;
        for (MutableRecordBatch batch : MemoryRecords.readableRecords(field.duplicate()).batches()) {
            if (!batch.isValid()) {
                int crcd = DefaultRecordBatch.CRC_OFFSET + 4; // attributes to the batch's end (KIP-98)
                bad.add(String.format("batch at offset %d: stored crc %08x, computed %08x", batch.baseOffset(),
                        batch.checksum(), Crc32C.compute(field, start + crcd, batch.sizeInBytes() - crcd)));
            }
            start += batch.sizeInBytes();
        }
        return bad;
    }
}
