package org.kwire.records;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.api.Test;
import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link BatchRecords}: the records of batches built by kafka-clients (every codec) read back with Kafka's offsets,
 * timestamps, keys and values; damaged batches give a problem, never an exception; the first-record framing test.
 */
class BatchRecordsTest {

    private static final long T0 = 1_795_973_323_000L;
    private static final RecordsDecoder DECODER = new RecordsDecoder(RecordsOptions.defaults());

    @Test
    void recordsAsKafkaWroteThem() {
        for (Compression c : List.of(Compression.NONE, Compression.gzip().build(), Compression.zstd().build(),
                Compression.lz4().build(), Compression.snappy().build())) {
            MemoryRecords records = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 40L, c,
                    new SimpleRecord(T0, bytes("k0"), bytes("v0")), new SimpleRecord(T0 + 5, null, bytes("v1")),
                    new SimpleRecord(T0 + 9, bytes("k2"), null));
            FrameBytes frame = FrameBytes.of(records.buffer());
            BatchInfo batch = DECODER.decode(records.buffer(), 0, records.sizeInBytes(), 1, null).batches().get(0);

            BatchRecords.Walk walk = BatchRecords.walk(frame, batch, 1 << 20, 100);

            assertNull(walk.problem(), c.toString());
            List<String> got = new ArrayList<>();
            walk.records().forEach(e -> got.add(e.offset() + " " + (e.timestamp() - T0) + " " + text(e.key()) + " "
                    + text(e.value())));
            assertEquals(List.of("40 0 k0 v0", "41 5 null v1", "42 9 k2 null"), got, c.toString());
            assertEquals(2, BatchRecords.walk(frame, batch, 1 << 20, 2).records().size(), "at most maxRecords");
        }
    }

    @Test
    void damageGivesAProblemNeverAnException() {
        MemoryRecords records = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 0L, Compression.NONE,
                new SimpleRecord(T0, bytes("key"), bytes("value")), new SimpleRecord(T0, bytes("key"), bytes("value")));
        byte[] good = new byte[records.sizeInBytes()];
        records.buffer().get(good);
        BatchInfo batch = DECODER.decode(ByteBuffer.wrap(good), 0, good.length, 1, null).batches().get(0);
        Random random = new Random(23);
        int problems = 0;
        for (int i = 0; i < 2000; i++) {
            byte[] bad = good.clone();
            for (int k = 0; k < 1 + random.nextInt(4); k++) {
                bad[61 + random.nextInt(bad.length - 61)] = (byte) random.nextInt(256);
            }
            BatchRecords.Walk w = BatchRecords.walk(FrameBytes.of(ByteBuffer.wrap(bad)), batch, 1 << 20, 100);
            assertTrue(w.records().size() <= 2);
            problems += w.problem() == null ? 0 : 1;
        }
        assertTrue(problems > 100, "damaged records are told: " + problems);
        byte[] cut = java.util.Arrays.copyOf(good, good.length - 3);
        assertNotNull(BatchRecords.walk(FrameBytes.of(ByteBuffer.wrap(cut)), batch, 1 << 20, 100).problem(),
                "a batch past the frame's end");
    }

    @Test
    void kafkasOwnFramingIsToldFromText() {
        assertTrue(looksInternal(null, new byte[] {1, 2, 0, 0}), "a metadata log record: frame version 1");
        assertTrue(looksInternal(new byte[] {0, 1, 0, 0}, new byte[] {0, 3, 0}), "a coordinator's: int16 type, version");
        assertTrue(looksInternal(new byte[] {0, 2, 0, 0}, null), "a coordinator's tombstone");
        assertFalse(looksInternal(bytes("k0").array(), bytes("v0").array()), "text");
        assertFalse(looksInternal(null, bytes("v0").array()), "a null key and text");
    }

    private static boolean looksInternal(byte[] key, byte[] value) {
        MemoryRecords records = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 0L, Compression.NONE,
                new SimpleRecord(T0, key, value));
        byte[] b = new byte[records.sizeInBytes()];
        records.buffer().get(b);
        return BatchRecords.firstLooksInternal(b, 0, b.length);
    }

    private static ByteBuffer bytes(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
    }

    private static String text(ByteBuffer b) {
        return b == null ? "null" : StandardCharsets.UTF_8.decode(b.duplicate()).toString();
    }
}
