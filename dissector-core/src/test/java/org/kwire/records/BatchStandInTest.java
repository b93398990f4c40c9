package org.kwire.records;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertItem;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link BatchStandIn}: which batches built by kafka-clients a partial may leave the records of out, and that a stand-in
 * put back decodes, by a decoder accepting them, to exactly the batches the bytes decoded to.
 */
class BatchStandInTest {

    private static final long T0 = 1_795_973_323_000L;
    private static final RecordsDecoder DEEP = new RecordsDecoder(RecordsOptions.defaults());
    private static final RecordsDecoder HEADERS = RecordsDecoder.headersOnly(RecordsOptions.defaults());

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"none", "gzip", "lz4", "zstd"})
    void standInsDecodeToTheBatchesTheyStandFor(String codec) {
        byte[] first = bytes(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 40L, TestBatches.compression(codec),
                TimestampType.CREATE_TIME, records(20)));
        byte[] second = bytes(MemoryRecords.withIdempotentRecords(TestBatches.compression(codec), 78L, (short) 1, 5, records(12)));
        byte[] junk = "not a batch: the end of the frame before".getBytes(StandardCharsets.US_ASCII);
        byte[] run = TestBatches.concat(junk, first, second, junk);

        for (RecordsDecoder decoder : List.of(HEADERS, DEEP)) {
            List<BatchStandIn.Found> found = BatchStandIn.find(run, 0, run.length, decoder);
            RecordsSummary real = decoder.decode(ByteBuffer.wrap(run, junk.length, first.length + second.length).slice(),
                    0, first.length + second.length, 7, null);
            assertEquals(2, found.size());
            assertEquals(junk.length, found.get(0).start());
            assertEquals(first.length, found.get(0).length());
            assertEquals(junk.length + first.length, found.get(1).start());
            assertEquals(real.batches().get(1).uncompressedBytes(), found.get(1).uncompressed());

            byte[] field = new byte[first.length + second.length];
            System.arraycopy(run, junk.length, field, 0, field.length);
            for (BatchStandIn.Found f : found) {
                int at = f.recordsStart() - junk.length;
                BatchStandIn.fill(field, at, 0, f.recordsLength(), f.uncompressed());
            }
            RecordsSummary standIns = decoder.acceptingStandIns().decode(ByteBuffer.wrap(field), 0, field.length, 7, null);
            assertEquals(real, standIns, "the batches, CRCs valid, notes: the same");
            RecordsSummary refused = decoder.decode(ByteBuffer.wrap(field), 0, field.length, 7, null);
            assertEquals(2, refused.crcInvalid(), "a decoder not told to accept stand-ins sees their CRCs fail");
            assertEquals(ExpertItem.RECORDS_CRC_INVALID, refused.notes().get(0).item());
        }
    }

    @Test
    void controlBatchesDamagedBatchesAndCutBatchesStayAsTheyAre() {
        byte[] marker = bytes(MemoryRecords.withEndTransactionMarker(90L, T0, 4, 77L, (short) 3,
                new EndTransactionMarker(ControlRecordType.COMMIT, 12)));
        byte[] damaged = bytes(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 0L, Compression.NONE,
                TimestampType.CREATE_TIME, records(5)));
        damaged[damaged.length - 3] ^= 1;
        byte[] whole = bytes(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 5L, Compression.NONE,
                TimestampType.CREATE_TIME, records(5)));
        byte[] run = TestBatches.concat(marker, damaged, whole, whole);

        List<BatchStandIn.Found> found = BatchStandIn.find(run, 0, run.length - 1, HEADERS);

        assertEquals(List.of(new BatchStandIn.Found(marker.length + damaged.length, whole.length, whole.length)), found,
                "only the whole, valid, ordinary batch: the last one is cut by the run's end");
    }

    private static byte[] bytes(MemoryRecords r) {
        ByteBuffer b = r.buffer().duplicate();
        byte[] a = new byte[b.remaining()];
        b.get(a);
        return a;
    }

    private static SimpleRecord[] records(int n) {
        SimpleRecord[] records = new SimpleRecord[n];
        for (int i = 0; i < n; i++) {
            records[i] = new SimpleRecord(T0 + i, ("key-" + i).getBytes(StandardCharsets.UTF_8),
                    ("value " + i + " of a batch in flight when the capture file rotated").getBytes(StandardCharsets.UTF_8));
        }
        return records;
    }

}
