package org.kwire.summary;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.record.internal.CompressionType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.RequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.FrameAssembler;
import org.kwire.frame.FrameSink;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.RequestFrame;
import org.kwire.records.BatchInfo;
import org.kwire.records.Codec;
import org.kwire.records.CrcFailure;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.records.RecordsSummary;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Produce request built by kafka-clients, fed to the framing stage in 1-byte, 7-byte and MSS-sized (1448) pieces,
 * each piece a buffer of its own (heap and direct in turn, as stdin and mapped captures give them): the frame is cut
 * as the pieces' slices, never joined, and its header, batch facts, CRC verdicts, decompressed sizes and records are
 * exactly those of the same frame in one buffer, in the default (headers and CRCs) and the deep decoding.
 */
class SpanningFrameTest {

    private static final SchemaRegistry SCHEMAS = SchemaRegistry.bundled();
    private static final PlanCache PLANS = new PlanCache(SCHEMAS);
    private static final HeaderDecoder HEADERS = new HeaderDecoder(SCHEMAS);
    private static final short VERSION = 9;
    private static final long T0 = 1_795_973_323_000L;
    private static final int[] PIECES = {1, 7, 1448};

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"none", "gzip", "snappy", "lz4", "zstd"})
    void aFrameInPiecesGivesWhatTheWholeFrameGives(String codec) {
        byte[] frame = produce(MemoryRecords.withRecords(5L, compression(codec), values(300)));
        for (boolean deep : new boolean[]{false, true}) {
            RecordsDecoder decoder = deep ? new RecordsDecoder(RecordsOptions.defaults())
                    : RecordsDecoder.headersOnly(RecordsOptions.defaults());
            List<RecordsSummary> whole = records(cut(frame, frame.length, false), decoder);
            assertExpected(codec, deep, whole);
            assertEquals(whole, records(cut(frame, frame.length, true), decoder), "in direct memory, as mapped");
            for (int piece : PIECES) {
                KafkaFrame spanning = cut(frame, piece, false);
                assertEquals(1 + (frame.length + piece - 1) / piece - 4 / piece, spanning.data().slices(),
                        "the size prefix, then one slice per piece holding bytes after it");
                assertEquals(whole, records(spanning, decoder), codec + " in " + piece + "-byte pieces, deep " + deep);
            }
        }
    }

    @Test
    void aCrcFailureInsideASpanningFrameIsFound() {
        MemoryRecords zstd = MemoryRecords.withRecords(5L, Compression.zstd().build(), values(300));
        byte[] frame = produce(zstd);
        byte[] batchBytes = new byte[zstd.sizeInBytes()];
        zstd.buffer().duplicate().get(batchBytes);
        int batch = indexOf(frame, batchBytes);
        int end = batch + batchBytes.length;
        long stored = ByteBuffer.wrap(frame).getInt(batch + 17) & 0xffffffffL;
        frame[end - 10] ^= 0x5a; // a byte of the compressed payload
        CRC32C crc = new CRC32C();
        crc.update(frame, batch + 21, end - batch - 21);
        CrcFailure expected = new CrcFailure(batch, 5, stored, crc.getValue(), (byte) 2);
        for (int piece : new int[]{7, 1448}) {
            List<RecordsSummary> s = records(cut(frame, piece, false), RecordsDecoder.headersOnly(RecordsOptions.defaults()));
            assertEquals(1, s.get(0).crcInvalid());
            assertEquals(List.of(expected), s.get(0).crcFailures());
            assertEquals(1, s.get(1).crcValid(), "the other partition's batch is intact");
            RecordsDecoder deep = new RecordsDecoder(RecordsOptions.defaults());
            RecordsSummary whole = records(cut(frame, frame.length, false), deep).get(0);
            RecordsSummary spanning = records(cut(frame, piece, false), deep).get(0);
            assertEquals(whole.batches(), spanning.batches());
            assertEquals(List.of(expected), spanning.crcFailures());
            assertEquals(List.of(ExpertItem.RECORDS_CRC_INVALID, ExpertItem.RECORDS_COMPRESSION_MALFORMED),
                    spanning.notes().stream().map(ExpertNote::item).toList());
            assertEquals(whole.notes().stream().map(n -> n.offset() + " " + n.message()).toList(),
                    spanning.notes().stream().map(n -> n.offset() + " " + n.message()).toList(),
                    "the damaged payload fails exactly as in one buffer (only the notes' packet differs: the frame's last)");
        }
    }

    private static void assertExpected(String codec, boolean deep, List<RecordsSummary> whole) {
        assertEquals(2, whole.size());
        RecordsSummary compressed = whole.get(0);
        RecordsSummary plain = whole.get(1);
        assertEquals(300, compressed.records());
        assertEquals(3, plain.records());
        assertEquals(1, compressed.crcValid());
        assertEquals(1, plain.crcValid());
        assertEquals(List.of(), compressed.notes());
        assertEquals(List.of(), plain.notes());
        BatchInfo b = compressed.batches().get(0);
        assertEquals(Codec.valueOf(codec.toUpperCase()), b.codec());
        assertEquals(5L, b.baseOffset());
        int uncompressedSize = MemoryRecords.withRecords(5L, Compression.NONE, values(300)).sizeInBytes();
        assertEquals(deep || codec.equals("none") ? uncompressedSize : -1, b.uncompressedBytes());
    }

    /** The records summaries of the frame's two partitions, by the summarizer's one pass. */
    private static List<RecordsSummary> records(KafkaFrame frame, RecordsDecoder decoder) {
        RequestFrame request = HEADERS.requestFrame(frame);
        assertEquals("producer", request.header().clientId());
        assertEquals(42, request.header().correlationId());
        FrameFindings f = new FrameSummarizer(PLANS, decoder, new TopicNames()).examine(frame,
                request.header().bodyOffset(), ApiKeys.PRODUCE.id, Direction.REQUEST, VERSION, null);
        assertTrue(f.decoded());
        assertEquals(List.of(), f.problems());
        List<RecordsSummary> out = new ArrayList<>();
        f.records().forEach(r -> out.add(r.summary()));
        return out;
    }

    /** The frame cut by a {@link FrameAssembler} fed {@code piece}-byte buffers, odd ones direct (all if {@code direct}). */
    private static KafkaFrame cut(byte[] frame, int piece, boolean direct) {
        List<KafkaFrame> frames = new ArrayList<>();
        FrameAssembler assembler = new FrameAssembler(8, 1 << 24, true, null, new FrameSink() {
            @Override
            public void onFrame(KafkaFrame f) {
                frames.add(f);
            }

            @Override
            public void onNote(ExpertNote note) {
                throw new AssertionError(note.toString());
            }
        }, "test");
        for (int at = 0, k = 0; at < frame.length; at += piece, k++) {
            int n = Math.min(piece, frame.length - at);
            ByteBuffer b = direct || k % 2 == 1 ? ByteBuffer.allocateDirect(n) : ByteBuffer.allocate(n);
            b.put(frame, at, n).flip();
            assembler.accept(b, 1000L * k, k + 1);
        }
        assertEquals(1, frames.size());
        assertEquals(frame.length, frames.get(0).length());
        return frames.get(0);
    }

    /** Produce v9, acks -1, correlation_id 42: topic "spans" partition 0 with 300 records, partition 1 with 3, uncompressed. */
    private static byte[] produce(MemoryRecords first) {
        ProduceRequestData.TopicProduceData t = new ProduceRequestData.TopicProduceData().setName("spans");
        t.partitionData().add(new ProduceRequestData.PartitionProduceData().setIndex(0)
                .setRecords(first));
        t.partitionData().add(new ProduceRequestData.PartitionProduceData().setIndex(1)
                .setRecords(MemoryRecords.withRecords(0L, Compression.NONE, values(3))));
        ProduceRequestData data = new ProduceRequestData().setAcks((short) -1).setTimeoutMs(1000);
        data.topicData().add(t);
        ByteBuffer body = new ProduceRequest(data, VERSION).serializeWithHeader(
                new RequestHeader(ApiKeys.PRODUCE, VERSION, "producer", 42));
        ByteBuffer b = ByteBuffer.allocate(4 + body.remaining()).putInt(body.remaining()).put(body);
        return b.array();
    }

    /** Records with keys, values and a header, varied enough that a codec leaves some kilobytes. */
    private static SimpleRecord[] values(int n) {
        SimpleRecord[] r = new SimpleRecord[n];
        for (int i = 0; i < n; i++) {
            byte[] value = ("value " + i + " " + Integer.toHexString(i * 2654435761L > 0 ? (int) (i * 2654435761L) : i)
                    + " " + "x".repeat(i % 37)).getBytes(StandardCharsets.UTF_8);
            r[i] = new SimpleRecord(T0 + i, ("key-" + i).getBytes(StandardCharsets.UTF_8), value,
                    new RecordHeader[]{new RecordHeader("h", new byte[]{(byte) i})});
        }
        return r;
    }

    private static Compression compression(String codec) {
        return Compression.of(CompressionType.forName(codec)).build();
    }

    /** Where {@code part} first occurs in {@code frame}. */
    private static int indexOf(byte[] frame, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= frame.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (frame[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }
}
