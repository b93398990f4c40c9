package org.kwire.records;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Batches built by kafka-clients 4.4.0 decode to exactly what kafka-clients itself reads from them. */
class KafkaOracleTest {

    private static final long T0 = 1_795_973_323_000L;

    static Stream<Arguments> codecsAndMagics() {
        return Stream.of("none", "gzip", "snappy", "lz4", "zstd").flatMap(codec -> Stream.of(
                Arguments.of(codec, RecordBatch.MAGIC_VALUE_V2),
                Arguments.of(codec, RecordBatch.MAGIC_VALUE_V1),
                Arguments.of(codec, RecordBatch.MAGIC_VALUE_V0)))
                .filter(a -> !(a.get()[0].equals("zstd") && (byte) a.get()[1] < 2)); // zstd needs magic 2 (KIP-110)
    }

    @ParameterizedTest(name = "{0} magic {1}")
    @MethodSource("codecsAndMagics")
    void everyCodecAndMagic(String codec, byte magic) {
        SimpleRecord[] records = magic == 2 ? v2Records() : legacyRecords();
        MemoryRecords built = MemoryRecords.withRecords(magic, 40L, compression(codec), TimestampType.CREATE_TIME, records);

        RecordsSummary summary = KafkaOracle.assertSameAsKafka(built);

        boolean wrapped = magic < 2 && !codec.equals("none"); // legacy: one wrapper, or one batch per message
        int batches = magic == 2 || wrapped ? 1 : records.length;
        assertEquals(batches, summary.batches().size());
        assertEquals(records.length, summary.records());
        assertEquals(Map.of(Codec.fromAttributes(compression(codec).type().id), batches), summary.codecs());
        assertEquals(batches, summary.crcValid() - (wrapped ? records.length : 0));
    }

    @Test
    void transactionalAndIdempotentBatches() {
        MemoryRecords txn = MemoryRecords.withTransactionalRecords(Compression.zstd().build(), 77L, (short) 3, 10,
                v2Records());
        MemoryRecords idempotent = MemoryRecords.withIdempotentRecords(Compression.lz4().build(), 78L, (short) 1, 5,
                v2Records());

        assertEquals(1, KafkaOracle.assertSameAsKafka(txn).transactionalBatches());
        BatchInfo batch = KafkaOracle.assertSameAsKafka(idempotent).batches().get(0);
        assertEquals(78L, batch.producerId());
        assertEquals(5, batch.baseSequence());
    }

    @Test
    void commitAndAbortMarkers() {
        for (ControlRecordType type : new ControlRecordType[] {ControlRecordType.COMMIT, ControlRecordType.ABORT}) {
            MemoryRecords marker = MemoryRecords.withEndTransactionMarker(90L, T0, 4, 77L, (short) 3,
                    new EndTransactionMarker(type, 12));

            RecordsSummary summary = KafkaOracle.assertSameAsKafka(marker);

            assertEquals(1, summary.controlBatches());
            assertEquals(1, summary.transactionalBatches());
        }
    }

    @Test
    void logAppendTimeBatches() {
        KafkaOracle.assertSameAsKafka(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 0L,
                Compression.gzip().build(), TimestampType.LOG_APPEND_TIME, v2Records()));
    }

    @Test
    void severalBatchesOfMixedMagicsInOneField() {
        byte[] mixed = TestBatches.concat(
                bytes(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V0, 0L, Compression.gzip().build(),
                        TimestampType.CREATE_TIME, legacyRecords())),
                bytes(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V1, 4L, Compression.NONE,
                        TimestampType.CREATE_TIME, legacyRecords())),
                bytes(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 8L, Compression.snappy().build(),
                        TimestampType.CREATE_TIME, v2Records())));

        RecordsSummary summary = KafkaOracle.assertSameAsKafka(mixed);

        assertEquals(1 + 4 + 1, summary.batches().size());
        assertEquals(4 + 4 + 5, summary.records());
    }

    /** Keys, a null key, a null value, an empty value, headers with a null value, multi-byte UTF-8, binary bytes. */
    private static SimpleRecord[] v2Records() {
        Header[] headers = {new RecordHeader("codec", utf8("test")), new RecordHeader("null-header", null)};
        return new SimpleRecord[] {
                new SimpleRecord(T0, utf8("key-0"), utf8("value 0 \u00e9\u00e8\u2603"), headers),
                new SimpleRecord(T0 + 5, null, utf8("value with a null key"), new Header[0]),
                new SimpleRecord(T0 + 9, utf8("key-2"), null, headers),
                new SimpleRecord(T0 + 2, utf8("key-3"), new byte[0], new Header[] {new RecordHeader("bin", new byte[] {0, 1, 2, -1})}),
                new SimpleRecord(T0 + 12, new byte[] {0, -2, 7}, utf8("x".repeat(300)), headers)};
    }

    /** Legacy messages have no headers. */
    private static SimpleRecord[] legacyRecords() {
        return new SimpleRecord[] {
                new SimpleRecord(T0, utf8("old-key-0"), utf8("legacy value 0")),
                new SimpleRecord(T0 + 1, null, utf8("legacy value with a null key")),
                new SimpleRecord(T0 + 2, utf8("old-key-2"), null),
                new SimpleRecord(T0 + 3, new byte[] {1, 2, 3}, utf8("y".repeat(200)))};
    }

    private static Compression compression(String codec) {
        return Compression.of(codec).build();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bytes(MemoryRecords records) {
        byte[] b = new byte[records.sizeInBytes()];
        records.buffer().duplicate().get(b);
        return b;
    }
}
