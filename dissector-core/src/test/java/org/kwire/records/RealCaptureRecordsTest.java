package org.kwire.records;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32C;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Records fields cut from real captures (test resources, provenance in their README): kwire agrees with kafka-clients'
 * MemoryRecords on every field, and the values pinned here are those of the captures' reference.json.
 */
class RealCaptureRecordsTest {

    private static final String FIVE_CODECS = "java-basic-fetch-5codecs.bin";

    @Test
    void javaClientBatchesOfAllFiveCodecs() {
        RecordsSummary s = KafkaOracle.assertSameAsKafka(TestBatches.resource(FIVE_CODECS));

        assertEquals(List.of(0L, 5L, 6L, 9L, 16L), s.batches().stream().map(BatchInfo::baseOffset).toList());
        assertEquals(List.of(4L, 5L, 8L, 15L, 18L), s.batches().stream().map(BatchInfo::lastOffset).toList());
        assertEquals(List.of(5, 1, 3, 7, 3), s.batches().stream().map(BatchInfo::recordsCount).toList());
        assertEquals(List.of(630, 183, 277, 331, 233), s.batches().stream().map(BatchInfo::sizeInBytes).toList());
        assertEquals(List.of(718474053L, 584876121L, 1708829277L, 4008199649L, 349984244L),
                s.batches().stream().map(BatchInfo::crc).toList());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), s.batches().stream().map(BatchInfo::producerId).toList());
        assertEquals(Map.of(Codec.NONE, 1, Codec.GZIP, 1, Codec.SNAPPY, 1, Codec.LZ4, 1, Codec.ZSTD, 1), s.codecs());
        assertEquals(19, s.records());
        assertEquals(1654, s.bytesCompressed());
        assertEquals(5, s.crcValid());
        assertNull(s.partialBatch());
    }

    @Test
    void recordsOfTheJavaClientAsTheReferenceHasThem() {
        FieldNode field = decodeTree(TestBatches.resource(FIVE_CODECS));

        FieldNode gzipRecord = field.children().get(1).child("records").child("Record[0]");
        assertEquals("offset 5", gzipRecord.detail());
        assertEquals(-1, gzipRecord.child("keyLength").value());
        assertEquals(104, gzipRecord.child("valueLength").value());
        assertEquals(List.of("codec=gzip", "seq=1"), headers(gzipRecord));
        FieldNode lz4Record = field.children().get(3).child("records").child("Record[1]");
        assertEquals("offset 10", lz4Record.detail());
        assertEquals("lz4-key-2", lz4Record.child("key").value());
        assertEquals(-1, lz4Record.child("valueLength").value());
        assertEquals(List.of("codec=lz4", "seq=2", "null-header=null"), headers(lz4Record));
        FieldNode noneRecord = field.children().get(0).child("Record[0]");
        assertEquals("value 0 from none producer to basic-alpha \u00e9\u00e8\u2603 lorem ipsum dolor sit amet ",
                noneRecord.child("value").value());
    }

    @Test
    void librdkafkaRawSnappyAndLz4() {
        RecordsSummary snappy = KafkaOracle.assertSameAsKafka(TestBatches.resource("kcat-produce-snappy.bin"));
        RecordsSummary lz4 = KafkaOracle.assertSameAsKafka(TestBatches.resource("kcat-produce-lz4.bin"));

        assertEquals(List.of(1032055148L), snappy.batches().stream().map(BatchInfo::crc).toList());
        assertEquals(Map.of(Codec.SNAPPY, 1), snappy.codecs());
        assertEquals(-1L, snappy.batches().get(0).producerId());
        assertEquals(List.of("key6"), keys(decodeTree(TestBatches.resource("kcat-produce-snappy.bin")).children().get(0)));
        assertEquals(List.of(3808301745L), lz4.batches().stream().map(BatchInfo::crc).toList());
        assertEquals(10, lz4.records());
        assertEquals(List.of("key1", "key2", "key3", "key4", "key5", "key6", "key7", "key8", "key9", "key10"),
                keys(decodeTree(TestBatches.resource("kcat-produce-lz4.bin")).children().get(0)));
    }

    @Test
    void kafkajsGzip() {
        RecordsSummary s = KafkaOracle.assertSameAsKafka(TestBatches.resource("kafkajs-produce-gzip.bin"));

        assertEquals(List.of(251102701L), s.batches().stream().map(BatchInfo::crc).toList());
        assertEquals(6, s.records());
        assertEquals(List.of("k3", "k4", "k5", "k7", "k8", "k9"),
                keys(decodeTree(TestBatches.resource("kafkajs-produce-gzip.bin")).children().get(0)));
    }

    @Test
    void legacyMagicOneGzipWrapperOfAnOldJavaClient() {
        RecordsSummary s = KafkaOracle.assertSameAsKafka(TestBatches.resource("old-client-produce-gzip-v1.bin"));
        FieldNode wrapper = decodeTree(TestBatches.resource("old-client-produce-gzip-v1.bin")).children().get(0);

        BatchInfo batch = s.batches().get(0);
        assertEquals(List.of((byte) 1, 0L, 9L, 10, 3794902710L), List.of(batch.magic(), batch.baseOffset(),
                batch.lastOffset(), batch.recordsCount(), batch.crc()));
        assertEquals(11, s.crcValid(), "the wrapper's CRC-32 and its 10 inner messages'");
        assertEquals(9L, wrapper.child("offset").value());
        assertEquals("gzip wrapper, 10 messages", wrapper.detail());
        List<FieldNode> inner = Nodes.children(wrapper.child("value"), "Message");
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L),
                inner.stream().map(m -> m.child("offset").value()).toList(), "relative offsets as on the wire");
        assertEquals(1795973479803L, inner.get(0).child("timestamp").value());
        assertEquals("old-key-0", inner.get(0).child("key").value());
        assertEquals(-1, inner.get(1).child("keyLength").value());
    }

    @Test
    void legacyMagicOneMessagesDownConvertedByTheBroker() {
        RecordsSummary s = KafkaOracle.assertSameAsKafka(TestBatches.resource("old-client-fetch-none-v1.bin"));

        assertEquals(List.of(1298274471L, 2016828571L, 4177483805L, 1464593876L, 2946951209L, 1203680L, 3902498729L,
                1194316384L, 3257952786L, 1837424603L), s.batches().stream().map(BatchInfo::crc).toList());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L),
                s.batches().stream().map(BatchInfo::baseOffset).toList());
        assertEquals(10, s.crcValid());
    }

    @Test
    void kraftControlBatch() {
        RecordsSummary s = KafkaOracle.assertSameAsKafka(TestBatches.resource("kraft-fetch-control.bin"));
        FieldNode batch = decodeTree(TestBatches.resource("kraft-fetch-control.bin")).children().get(0);

        assertEquals(1, s.controlBatches());
        assertEquals(List.of(4030003403L), s.batches().stream().map(BatchInfo::crc).toList());
        assertEquals(List.of("LEADER_CHANGE", "KRAFT_VERSION", "KRAFT_VOTERS"),
                Nodes.children(batch, "Record[").stream().map(r -> r.child("key").detail()).toList());
        assertEquals("3 records, control", batch.detail());
    }

    /** One flipped byte in the value of the uncompressed batch: exactly one CRC failure, the records still decode. */
    @Test
    void oneFlippedByteIsOneCrcFailure() {
        byte[] bytes = TestBatches.resource(FIVE_CODECS);
        bytes[200] ^= 0x01;
        CRC32C crc = new CRC32C();
        crc.update(bytes, 21, 630 - 21);
        FieldNode field = Nodes.field();

        RecordsSummary s = new RecordsDecoder(RecordsOptions.defaults()).decode(ByteBuffer.wrap(bytes), 0,
                bytes.length, 260, field);

        assertEquals(List.of(new CrcFailure(0, 0L, 718474053L, crc.getValue(), (byte) 2)), s.crcFailures());
        assertEquals(1, s.crcInvalid());
        assertEquals(4, s.crcValid());
        assertEquals(19, s.records());
        ExpertNote note = s.notes().get(0);
        assertEquals(1, s.notes().size());
        assertEquals(List.of(ExpertItem.RECORDS_CRC_INVALID, 260L, 0L), List.of(note.item(),
                note.packet(), note.offset()));
        assertEquals(String.format("CRC-32C mismatch in RecordBatch v2 baseOffset 0: stored 0x2ad30b45, computed 0x%08x",
                crc.getValue()), note.message());
        FieldNode crcNode = field.children().get(0).child("crc");
        assertEquals(List.of(note), crcNode.notes());
        assertEquals(String.format("stored 0x2ad30b45, computed 0x%08x, invalid", crc.getValue()), crcNode.detail());
    }

    /** Every cut inside a batch is a partial trailing batch (one low-severity note); a cut between batches is none. */
    @ParameterizedTest
    @ValueSource(strings = {FIVE_CODECS, "kcat-produce-snappy.bin", "kcat-produce-lz4.bin",
            "kafkajs-produce-gzip.bin", "old-client-produce-gzip-v1.bin", "old-client-fetch-none-v1.bin",
            "kraft-fetch-control.bin"})
    void truncationAtEveryByteIsAPartialTrailingBatch(String blob) {
        byte[] bytes = TestBatches.resource(blob);
        RecordsSummary whole = new RecordsDecoder(RecordsOptions.defaults()).decode(ByteBuffer.wrap(bytes), 0,
                bytes.length, 1, null);
        for (int cut = 1; cut < bytes.length; cut++) {
            ByteBuffer buf = ByteBuffer.wrap(Arrays.copyOf(bytes, cut));
            RecordsSummary fast = new RecordsDecoder(RecordsOptions.defaults()).decode(buf, 0, cut, 1, null);
            FieldNode field = Nodes.field();
            assertEquals(fast, new RecordsDecoder(RecordsOptions.defaults()).decode(buf, 0, cut, 1, field));

            int complete = fast.batches().size();
            int start = complete == 0 ? 0 : fast.batches().get(complete - 1).offset()
                    + fast.batches().get(complete - 1).sizeInBytes();
            assertEquals(whole.batches().subList(0, complete), fast.batches(), "complete batches before the cut");
            if (start == cut) {
                assertEquals(List.of(), fast.notes());
                continue;
            }
            long declared = cut - start < 12 ? -1 : whole.batches().get(complete).sizeInBytes();
            assertEquals(new PartialBatch(start, cut - start, declared), fast.partialBatch());
            assertEquals(1, fast.notes().size());
            ExpertNote note = fast.notes().get(0);
            assertEquals(List.of(ExpertItem.RECORDS_PARTIAL_BATCH, (long) start), List.of(note.item(),
                    note.offset()));
            String size = declared < 0 ? (cut - start) + " bytes, size field incomplete"
                    : (cut - start) + " of " + declared + " bytes";
            assertEquals("partial trailing batch (" + size + ")", note.message());
            assertEquals("PartialBatch", field.children().get(complete).name());
        }
    }

    private static FieldNode decodeTree(byte[] bytes) {
        FieldNode field = Nodes.field();
        new RecordsDecoder(KafkaOracle.SHOW_ALL).decode(ByteBuffer.wrap(bytes), 0, bytes.length, 1, field);
        return field;
    }

    private static List<Object> keys(FieldNode batch) {
        FieldNode parent = batch.child("records") != null ? batch.child("records") : batch;
        return Nodes.children(parent, "Record[").stream().map(r -> r.child("key").value()).toList();
    }

    private static List<String> headers(FieldNode record) {
        return Nodes.children(record.child("headers"), "Header[").stream()
                .map(h -> h.child("headerKey").value() + "=" + (h.child("headerValue") == null ? "null"
                        : h.child("headerValue").value())).toList();
    }
}
