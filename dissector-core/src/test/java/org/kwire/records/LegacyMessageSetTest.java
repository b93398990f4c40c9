package org.kwire.records;

import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;
import org.kwire.tree.FieldNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Legacy message sets built byte by byte from the Kafka docs ("Message Sets"), checked by kafka-clients too. */
class LegacyMessageSetTest {

    private static final int GZIP = 1;

    @Test
    void magicZeroMessageFieldByField() {
        byte[] message = TestBatches.legacy(0, 7, 0, 0, utf8("k"), utf8("v"));
        CRC32 crc = new CRC32();
        crc.update(message, 16, message.length - 16);
        FieldNode field = Nodes.field();

        RecordsSummary s = new RecordsDecoder(KafkaOracle.SHOW_ALL).decode(ByteBuffer.wrap(message), 0,
                message.length, 1, field);

        FieldNode node = field.children().get(0);
        assertEquals(List.of("Message v0 [0, 28B] offset 7", "offset int64 7 [0, 8B]", "messageSize int32 16 [8, 4B]",
                        "crc uint32 " + crc.getValue() + " [12, 4B]", "magic int8 0 [16, 1B]", "attributes int8 0 [17, 1B]",
                        "keyLength int32 1 [18, 4B]", "key bytes k [22, 1B]", "valueLength int32 1 [23, 4B]",
                        "value bytes v [27, 1B]"),
                lines(node));
        assertEquals(String.format("stored 0x%08x, computed 0x%08x, valid", crc.getValue(), crc.getValue()),
                node.child("crc").detail());
        assertEquals(1, s.crcValid());
        KafkaOracle.assertSameAsKafka(message);
    }

    /** A magic 0 wrapper: inner offsets absolute, the wrapper's offset that of its last inner message. */
    @Test
    void magicZeroGzipWrapper() {
        byte[] wrapper = TestBatches.legacy(0, 4, GZIP, 0, null, gzip(TestBatches.concat(
                TestBatches.legacy(0, 3, 0, 0, utf8("a"), utf8("first")),
                TestBatches.legacy(0, 4, 0, 0, null, utf8("second")))));

        RecordsSummary s = KafkaOracle.assertSameAsKafka(wrapper);

        BatchInfo batch = s.batches().get(0);
        assertEquals(List.of(3L, 4L, 2, Codec.GZIP), List.of(batch.baseOffset(), batch.lastOffset(),
                batch.recordsCount(), batch.codec()));
        assertEquals(3, s.crcValid());
        assertEquals(26 + 32 + 32, batch.uncompressedBytes(), "the wrapper's 26-byte header, two 32-byte messages");
    }

    @Test
    void anInnerMessageWithABadCrcIsOneFailureAtTheWrapperValue() {
        byte[] inner = TestBatches.legacy(1, 0, 0, 1000, null, utf8("corrupted later"));
        inner[inner.length - 1] ^= 0x20;
        byte[] wrapper = TestBatches.legacy(1, 0, GZIP, 1000, null, gzip(inner));

        RecordsSummary s = decode(wrapper, RecordsOptions.defaults());

        CRC32 computed = new CRC32();
        computed.update(inner, 16, inner.length - 16);
        long stored = ByteBuffer.wrap(inner).getInt(12) & 0xffffffffL;
        int valueOffset = 12 + 4 + 1 + 1 + 8 + 4 + 4;
        assertEquals(List.of(new CrcFailure(valueOffset, 0, stored, computed.getValue(), (byte) 1)), s.crcFailures());
        assertEquals(1, s.crcValid(), "the wrapper's own");
        assertEquals(List.of(new ExpertNote(ExpertItem.RECORDS_CRC_INVALID, 1, valueOffset, "records", String.format(
                "CRC-32 mismatch in message v1 offset 0: stored 0x%08x, computed 0x%08x (offset 0 of the "
                        + "decompressed data)", stored, computed.getValue()))), s.notes());
    }

    /** Kafka allows one level of compression; deeper wrappers are decoded only up to maxDepth. */
    @Test
    void nestedWrappersAreDecodedUpToMaxDepth() {
        byte[] innermost = TestBatches.legacy(1, 0, 0, 1000, utf8("deep"), utf8("value"));
        byte[] nested = TestBatches.legacy(1, 0, GZIP, 1000, null, gzip(innermost));
        byte[] outer = TestBatches.legacy(1, 0, GZIP, 1000, null, gzip(nested));
        int valueOffset = 12 + 4 + 1 + 1 + 8 + 4 + 4; // of the outer wrapper in the frame, the nested one inside it

        RecordsSummary one = decode(outer, RecordsOptions.defaults());
        RecordsSummary two = decode(outer, new RecordsOptions(1 << 20, false, 256, 2));

        assertEquals(List.of(new ExpertNote(ExpertItem.RECORDS_NESTED_TOO_DEEP, 1, valueOffset, "records",
                "gzip payload nested 2 levels deep not decoded (maxDepth 1) (offset " + valueOffset
                        + " of the decompressed data)")), one.notes());
        assertEquals(2, one.crcValid());
        assertEquals(List.of(), two.notes());
        assertEquals(3, two.crcValid());
        assertEquals(1, two.records());
    }

    private static List<String> lines(FieldNode message) {
        List<String> lines = new java.util.ArrayList<>();
        lines.add(message.name() + " " + message.type() + " [" + message.offset() + ", " + message.length() + "B] "
                + message.detail());
        message.children().forEach(c -> lines.add(c.name() + " " + c.type() + " " + c.value() + " [" + c.offset()
                + ", " + c.length() + "B]"));
        return lines;
    }

    private static RecordsSummary decode(byte[] bytes, RecordsOptions options) {
        return new RecordsDecoder(options).decode(ByteBuffer.wrap(bytes), 0, bytes.length, 1, null);
    }

    private static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
