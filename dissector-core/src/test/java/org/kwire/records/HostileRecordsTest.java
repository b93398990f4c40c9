package org.kwire.records;

import com.github.luben.zstd.ZstdOutputStream;
import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;
import org.kwire.tree.FieldNode;
import org.xerial.snappy.Snappy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Input built to hurt: bombs, lying lengths and counts, unknown magics and codecs, random corruption. */
class HostileRecordsTest {

    private static final int GZIP = 1;
    private static final int SNAPPY = 2;
    private static final int ZSTD = 4;
    private static final int MIB = 1 << 20;

    @Test
    void gzipAndZstdBombsAreRefusedPastASmallLimit() throws IOException {
        RecordsOptions oneMiB = new RecordsOptions(MIB, false, 256, 1);
        byte[] gzip = gzip(2 * MIB);
        byte[] zstd = zstd(2 * MIB);
        assertTrue(gzip.length < 4096 && zstd.length < 4096, "a few KiB: " + gzip.length + ", " + zstd.length);

        assertRefused(TestBatches.v2(0, GZIP, 0, 1, gzip), oneMiB, "gzip");
        assertRefused(TestBatches.v2(0, ZSTD, 0, 1, zstd), oneMiB, "zstd");
    }

    /** Past the default 64 MiB; gzip cannot expand more than about 1000:1, so its bomb is some 64 KiB. */
    @Test
    void gzipAndZstdBombsAreRefusedPastTheDefaultLimit() throws IOException {
        assertRefused(TestBatches.v2(0, GZIP, 0, 1, gzip(65 * MIB)), RecordsOptions.defaults(), "gzip");
        assertRefused(TestBatches.v2(0, ZSTD, 0, 1, zstd(256 * MIB)), RecordsOptions.defaults(), "zstd");
    }

    @Test
    void aCorruptCompressedPayloadWithAValidCrcIsMalformed() {
        byte[] batch = TestBatches.v2(0, GZIP, 0, 1, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});

        RecordsSummary s = decode(batch, RecordsOptions.defaults());

        assertEquals(1, s.crcValid());
        assertEquals(-1, s.batches().get(0).uncompressedBytes());
        assertNote(s, ExpertItem.RECORDS_COMPRESSION_MALFORMED, 61, "gzip payload of 10 bytes is malformed: Not in GZIP format");
    }

    /** A snappy block is taken as snappy decompresses it; a corrupt one and one past the limit are named as such. */
    @Test
    void snappyBlocksCorruptOrPastTheLimitAreNamed() throws IOException {
        byte[] block = Snappy.compress(new byte[4096]);
        byte[] corrupt = block.clone();
        corrupt[corrupt.length - 1] = (byte) 0xff;

        assertEquals(61 + 4096, decode(TestBatches.v2(0, SNAPPY, 0, 0, block), RecordsOptions.defaults()).batches()
                .get(0).uncompressedBytes());
        assertNote(decode(TestBatches.v2(0, SNAPPY, 0, 1, corrupt), RecordsOptions.defaults()), ExpertItem.RECORDS_COMPRESSION_MALFORMED, 61, "snappy payload of " + corrupt.length + " bytes has a malformed snappy block");
        assertNote(decode(TestBatches.v2(0, SNAPPY, 0, 1, block), new RecordsOptions(1000, false, 256, 1)),
                ExpertItem.RECORDS_DECOMPRESSION_LIMIT, 61, "snappy payload of " + block.length + " bytes decompresses past "
                        + "the limit of 1000 bytes (maxDecompressedBytes); records not decoded");
    }

    @Test
    void aCountBeyondTheRecordsIsMalformedNotAllocated() {
        byte[] batch = TestBatches.v2(0, 0, 0, Integer.MAX_VALUE, record(new byte[] {'k'}));

        RecordsSummary s = decode(batch, RecordsOptions.defaults());

        assertEquals(Integer.MAX_VALUE, s.records(), "as declared");
        assertNote(s, ExpertItem.RECORDS_COUNT_MISMATCH, batch.length,
                "RecordBatch v2 baseOffset 0 declares 2147483647 records but holds 1");
    }

    @Test
    void aKeyLengthBeyondTheRecordIsMalformed() {
        byte[] record = {32, 0, 0, 0, (byte) 0x80, (byte) 0x89, 0x7a, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        byte[] batch = TestBatches.v2(0, 0, 0, 1, record);
        FieldNode field = Nodes.field();

        RecordsSummary s = new RecordsDecoder(RecordsOptions.defaults()).decode(ByteBuffer.wrap(batch), 0,
                batch.length, 1, field);

        assertNote(s, ExpertItem.RECORDS_FIELD_MALFORMED, 65,
                "record 0 of RecordBatch v2 baseOffset 0: keyLength 1000000 does not fit the 10 bytes left");
        assertEquals(List.of(s.notes().get(0)), field.children().get(0).notes());
    }

    @Test
    void negativeAndTinySizesStopTheWalkWithANote() {
        byte[] bytes = ByteBuffer.allocate(30).putLong(0).putInt(-5).array();

        RecordsSummary s = decode(bytes, RecordsOptions.defaults());

        assertEquals(List.of(), s.batches());
        assertNull(s.partialBatch());
        assertNote(s, ExpertItem.RECORDS_ENTRY_SIZE_INVALID, 0, "entry size -5 is below the 14-byte minimum of any batch or "
                + "message; the rest of the records not decoded");
    }

    @Test
    void aV2BatchShorterThanItsHeaderIsSkipped() {
        byte[] bytes = TestBatches.concat(ByteBuffer.allocate(52).putLong(0).putInt(40).putInt(0).put((byte) 2).array(),
                TestBatches.v2(1, 0, -1, 0, new byte[0]));

        RecordsSummary s = decode(bytes, RecordsOptions.defaults());

        assertEquals(List.of(1L), s.batches().stream().map(BatchInfo::baseOffset).toList(), "the next one decodes");
        assertNote(s, ExpertItem.RECORDS_ENTRY_TOO_SHORT, 0, "magic 2 entry of 52 bytes is shorter than its header");
    }

    @Test
    void anUnknownMagicIsSkippedAndTheNextEntryDecoded() {
        byte[] unknown = TestBatches.v2(0, 0, -1, 0, new byte[0]);
        unknown[16] = 3;
        byte[] bytes = TestBatches.concat(unknown, TestBatches.v2(1, 0, -1, 0, new byte[0]));

        RecordsSummary s = decode(bytes, RecordsOptions.defaults());

        assertEquals(List.of(1L), s.batches().stream().map(BatchInfo::baseOffset).toList());
        assertNote(s, ExpertItem.RECORDS_MAGIC_UNKNOWN, 0, "entry with unknown magic 3 (61 bytes) not decoded");
    }

    @Test
    void anUnknownCodecIsUndecoded() {
        byte[] batch = TestBatches.v2(0, 5, 0, 1, new byte[] {1, 2, 3});

        RecordsSummary s = decode(batch, RecordsOptions.defaults());

        assertEquals(Codec.UNKNOWN, s.batches().get(0).codec());
        assertNote(s, ExpertItem.RECORDS_COMPRESSION_MALFORMED, 61,
                "unknown payload of 3 bytes is in a compression codec Kafka does not define");
    }

    @Test
    void aRecordsFieldOutsideTheFrameIsANoteNotAnException() {
        RecordsSummary s = new RecordsDecoder(RecordsOptions.defaults()).decode(ByteBuffer.allocate(10), 5, 20, 1,
                null);

        assertNote(s, ExpertItem.RECORDS_OUTSIDE_FRAME, 5,
                "records field of 20 bytes at offset 5 does not lie within the frame's 10 bytes");
    }

    /** Seeded random corruption of real batches: never an exception, and the fast path finds what the tree finds. */
    @Test
    void randomCorruptionNeverThrows() {
        Random random = new Random(4);
        for (String blob : List.of("java-basic-fetch-5codecs.bin", "old-client-produce-gzip-v1.bin",
                "kcat-produce-lz4.bin", "kcat-produce-snappy.bin")) {
            byte[] original = TestBatches.resource(blob);
            for (int round = 0; round < 500; round++) {
                byte[] bytes = original.clone();
                for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                RecordsSummary fast = new RecordsDecoder(KafkaOracle.SHOW_ALL).decode(buf, 0, bytes.length, 1, null);
                assertEquals(fast, new RecordsDecoder(KafkaOracle.SHOW_ALL).decode(buf, 0, bytes.length, 1,
                        Nodes.field()));
            }
        }
    }

    private static void assertRefused(byte[] batch, RecordsOptions options, String codec) {
        FieldNode field = Nodes.field();
        RecordsSummary s = new RecordsDecoder(options).decode(ByteBuffer.wrap(batch), 0, batch.length, 1, field);

        assertEquals(1, s.crcValid());
        assertEquals(-1, s.batches().get(0).uncompressedBytes());
        assertNote(s, ExpertItem.RECORDS_DECOMPRESSION_LIMIT, 61, codec + " payload of " + (batch.length - 61)
                + " bytes decompresses past the limit of " + options.maxDecompressedBytes()
                + " bytes (maxDecompressedBytes); records not decoded");
        FieldNode payload = field.children().get(0).child("records");
        assertEquals(s.notes(), payload.notes());
        assertEquals(List.of(), payload.children());
    }

    private static void assertNote(RecordsSummary s, ExpertItem item, long offset, String message) {
        assertEquals(List.of(new ExpertNote(item, 1, offset, "records", message)), s.notes());
    }

    private static RecordsSummary decode(byte[] bytes, RecordsOptions options) {
        return new RecordsDecoder(options).decode(ByteBuffer.wrap(bytes), 0, bytes.length, 1, null);
    }

    /** A v2 record with offset and timestamp delta 0, the given key, a null value and no headers. */
    private static byte[] record(byte[] key) {
        ByteBuffer b = ByteBuffer.allocate(7 + key.length);
        b.put((byte) ((6 + key.length) << 1)).put((byte) 0).put((byte) 0).put((byte) 0)
                .put((byte) (key.length << 1)).put(key).put((byte) 1).put((byte) 0);
        return b.array();
    }

    private static byte[] gzip(int zeros) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(out)) {
            writeZeros(gz, zeros);
        }
        return out.toByteArray();
    }

    private static byte[] zstd(int zeros) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream z = new ZstdOutputStream(out)) {
            writeZeros(z, zeros);
        }
        return out.toByteArray();
    }

    private static void writeZeros(OutputStream out, int n) throws IOException {
        byte[] chunk = new byte[64 * 1024];
        for (int left = n; left > 0; left -= chunk.length) {
            out.write(chunk, 0, Math.min(left, chunk.length));
        }
    }
}
