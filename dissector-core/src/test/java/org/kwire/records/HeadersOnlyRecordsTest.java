package org.kwire.records;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kwire.expert.ExpertItem;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link RecordsDecoder#headersOnly}: batches built by kafka-clients give the same batches, counts, codecs, flags and
 * CRCs as the deep decoding, without decompressing; what only payloads show is left to the deep decoding.
 */
class HeadersOnlyRecordsTest {

    private static final long T0 = 1_795_973_323_000L;
    private static final RecordsDecoder DEEP = new RecordsDecoder(RecordsOptions.defaults());
    private static final RecordsDecoder HEADERS = RecordsDecoder.headersOnly(RecordsOptions.defaults());

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"none", "gzip", "snappy", "lz4", "zstd"})
    void everyCodecGivesTheDeepBatchesButTheUncompressedSize(String codec) {
        MemoryRecords first = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 40L, TestBatches.compression(codec),
                TimestampType.CREATE_TIME, records(7));
        MemoryRecords second = MemoryRecords.withIdempotentRecords(TestBatches.compression(codec), 78L, (short) 1, 5, records(3));
        ByteBuffer field = ByteBuffer.wrap(concat(first, second));

        RecordsSummary deep = DEEP.decode(field, 0, field.limit(), 3, null);
        RecordsSummary headers = HEADERS.decode(field, 0, field.limit(), 3, null);

        assertTrue(deep.deep());
        assertFalse(headers.deep());
        assertFalse(HEADERS.deep());
        assertEquals(2, headers.batches().size());
        assertEquals(10, headers.records());
        assertEquals(2, headers.crcValid());
        assertEquals(List.of(), headers.notes());
        assertEquals(deep.bytesCompressed(), headers.bytesCompressed());
        assertEquals(deep.codecs(), headers.codecs());
        assertEquals(-1, headers.bytesUncompressed(), "not known without decompressing");
        for (int i = 0; i < 2; i++) {
            BatchInfo d = deep.batches().get(i);
            BatchInfo h = headers.batches().get(i);
            assertEquals(codec.equals("none") ? d.uncompressedBytes() : -1, h.uncompressedBytes());
            assertEquals(withoutUncompressedSize(d), withoutUncompressedSize(h));
        }
        assertEquals(78L, headers.batches().get(1).producerId());
    }

    @Test
    void markersKeepTheirControlType() {
        for (ControlRecordType type : new ControlRecordType[] {ControlRecordType.COMMIT, ControlRecordType.ABORT}) {
            MemoryRecords marker = MemoryRecords.withEndTransactionMarker(90L, T0, 4, 77L, (short) 3,
                    new EndTransactionMarker(type, 12));
            ByteBuffer field = marker.buffer();

            RecordsSummary headers = HEADERS.decode(field, 0, field.limit(), 1, null);

            assertEquals(DEEP.decode(field, 0, field.limit(), 1, null).batches(), headers.batches());
            assertEquals(type == ControlRecordType.COMMIT ? BatchInfo.COMMIT : BatchInfo.ABORT,
                    headers.batches().get(0).controlType());
            assertEquals(12, headers.batches().get(0).coordinatorEpoch(), "the end transaction marker's coordinator epoch");
        }
    }

    /** A payload that does not decompress, under a valid CRC: only the deep decoding can tell. */
    @Test
    void aCorruptPayloadUnderAValidCrcIsLeftToTheDeepDecoding() {
        ByteBuffer field = ByteBuffer.wrap(TestBatches.v2(0, 1, 0, 1, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));

        RecordsSummary deep = DEEP.decode(field, 0, field.limit(), 1, null);
        RecordsSummary headers = HEADERS.decode(field, 0, field.limit(), 1, null);

        assertEquals(List.of(ExpertItem.RECORDS_COMPRESSION_MALFORMED), deep.notes().stream().map(n -> n.item()).toList());
        assertEquals(List.of(), headers.notes());
        assertEquals(1, headers.crcValid());
        assertEquals(1, headers.records());
    }

    /** A flipped byte is found by the CRC in both modes, with the same failure. */
    @Test
    void aFlippedByteIsACrcFailureInBothModes() {
        MemoryRecords built = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 0L, Compression.lz4().build(),
                TimestampType.CREATE_TIME, records(5));
        byte[] bytes = concat(built);
        bytes[bytes.length - 3] ^= 0x40;
        ByteBuffer field = ByteBuffer.wrap(bytes);

        RecordsSummary headers = HEADERS.decode(field, 0, field.limit(), 9, null);

        assertEquals(1, headers.crcInvalid());
        assertEquals(DEEP.decode(field, 0, field.limit(), 9, null).crcFailures(), headers.crcFailures());
        assertEquals(List.of(ExpertItem.RECORDS_CRC_INVALID), headers.notes().stream().map(n -> n.item()).toList());
    }

    /** Legacy wrappers are opened in both modes: their record count is their inner messages. */
    @Test
    void legacyWrappersAreDecodedInBothModes() {
        MemoryRecords wrapper = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V1, 10L, Compression.gzip().build(),
                TimestampType.CREATE_TIME, records(4));
        ByteBuffer field = wrapper.buffer();

        RecordsSummary headers = HEADERS.decode(field, 0, field.limit(), 1, null);

        assertEquals(DEEP.decode(field, 0, field.limit(), 1, null).batches(), headers.batches());
        assertEquals(4, headers.records());
        assertEquals(5, headers.crcValid(), "the wrapper and its four messages");
    }

    private static BatchInfo withoutUncompressedSize(BatchInfo b) {
        return new BatchInfo(b.offset(), b.sizeInBytes(), b.magic(), b.codec(), b.baseOffset(), b.lastOffsetDelta(),
                b.recordsCount(), 0, b.transactional(), b.control(), b.producerId(), b.producerEpoch(),
                b.baseSequence(), b.crc(), b.crcValid(), b.controlType(), b.firstTimestamp(), b.maxTimestamp(),
                b.logAppendTime(), b.coordinatorEpoch());
    }

    private static SimpleRecord[] records(int n) {
        SimpleRecord[] records = new SimpleRecord[n];
        for (int i = 0; i < n; i++) {
            records[i] = new SimpleRecord(T0 + i, ("key-" + i).getBytes(StandardCharsets.UTF_8),
                    ("value " + i + " of the records kwire does not decompress by default").getBytes(StandardCharsets.UTF_8));
        }
        return records;
    }


    private static byte[] concat(MemoryRecords... parts) {
        List<byte[]> arrays = new ArrayList<>();
        for (MemoryRecords p : parts) {
            ByteBuffer b = p.buffer().duplicate();
            byte[] a = new byte[b.remaining()];
            b.get(a);
            arrays.add(a);
        }
        return TestBatches.concat(arrays.toArray(new byte[0][]));
    }
}
