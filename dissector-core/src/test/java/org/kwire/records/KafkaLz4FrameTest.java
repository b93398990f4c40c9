package org.kwire.records;

import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertItem;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** LZ4 frames built from the "LZ4 Frame Format Description" with lz4-java's block compressor. */
class KafkaLz4FrameTest {

    private static final byte[] TEXT = "an lz4 block, an lz4 block, an lz4 block".getBytes(StandardCharsets.UTF_8);

    @Test
    void decodesACompressedAndAStoredBlock() throws Exception {
        byte[] frame = frame(0x60, true, false, block(TEXT, false), block(TEXT, true));

        assertArrayEquals(concat(TEXT, TEXT), decompress(frame, 1000));
    }

    @Test
    void acceptsTheHeaderChecksumOfMagicZeroMessages() throws Exception {
        byte[] frame = frame(0x60, false, false, block(TEXT, false));

        assertArrayEquals(TEXT, decompress(frame, 1000));
    }

    @Test
    void checksBlockChecksums() throws Exception {
        byte[] frame = frame(0x70, true, true, block(TEXT, false));
        assertArrayEquals(TEXT, decompress(frame, 1000));

        frame[frame.length - 5] ^= 1; // the block checksum, before the end mark
        assertEquals("has an LZ4 block whose checksum does not match", failure(frame, 1000).getMessage());
    }

    @Test
    void refusesWhatKafkaDoesNotWrite() {
        byte[] frame = frame(0x60, true, false, block(TEXT, false));
        byte[] badChecksum = frame.clone();
        badChecksum[6] ^= 1;
        byte[] noEndMark = Arrays.copyOf(frame, frame.length - 4);

        assertEquals("has an LZ4 frame header checksum 0x" + Integer.toHexString((frame[6] ^ 1) & 0xff)
                + " that does not match", failure(badChecksum, 1000).getMessage());
        assertEquals("ends its LZ4 frame without the end mark", failure(noEndMark, 1000).getMessage());
        assertEquals("has an LZ4 frame descriptor Kafka does not write: FLG 0x61 BD 0x40",
                failure(frame(0x61, true, false, block(TEXT, false)), 1000).getMessage());
        assertEquals("does not start with the LZ4 frame magic 0x184D2204", failure(TEXT, 1000).getMessage());
        assertEquals(ExpertItem.RECORDS_DECOMPRESSION_LIMIT, failure(frame, 10).item, "40 bytes past a 10-byte limit");
    }

    private static byte[] decompress(byte[] frame, int limit) throws DecompressionException {
        BoundedBuffer out = new BoundedBuffer(limit, 16);
        KafkaLz4Frame.decompress(frame, 0, frame.length, out);
        return Arrays.copyOf(out.array(), out.size());
    }

    private static DecompressionException failure(byte[] frame, int limit) {
        return assertThrows(DecompressionException.class, () -> decompress(frame, limit));
    }

    /** Magic, FLG, BD 64 KiB, header checksum (over the descriptor, or over magic + descriptor as magic 0 has it). */
    private static byte[] frame(int flg, boolean correctChecksum, boolean blockChecksums, byte[]... blocks) {
        ByteBuffer header = ByteBuffer.allocate(7).order(ByteOrder.LITTLE_ENDIAN).putInt(0x184D2204)
                .put((byte) flg).put((byte) 0x40);
        int from = correctChecksum ? 4 : 0;
        int hash = XXHashFactory.fastestInstance().hash32().hash(header.array(), from, 6 - from, 0);
        header.put((byte) (hash >>> 8));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(header.array());
        for (byte[] block : blocks) {
            out.writeBytes(block);
            if (blockChecksums) {
                int data = XXHashFactory.fastestInstance().hash32().hash(block, 4, block.length - 4, 0);
                out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(data).array());
            }
        }
        out.writeBytes(new byte[4]);
        return out.toByteArray();
    }

    /** A block: int32 little-endian size (high bit: stored), then the data. */
    private static byte[] block(byte[] data, boolean stored) {
        byte[] body = stored ? data : LZ4Factory.fastestInstance().fastCompressor().compress(data);
        return ByteBuffer.allocate(4 + body.length).order(ByteOrder.LITTLE_ENDIAN)
                .putInt(stored ? body.length | 0x80000000 : body.length).put(body).array();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }
}
