package org.kwire.records;

import net.jpountz.lz4.LZ4Exception;
import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;

/**
 * The fast path of lz4 payloads ({@link KafkaLz4Frame}'s format): the frame header read through a 15-byte array, then
 * each block decompressed by lz4-java straight from the slice it lies in (a heap array, or the mapped capture's direct
 * memory through lz4-java's {@code ByteBuffer} API) into the output array; only a block that straddles two slices is
 * first copied into the thread's reused block array (lz4's block format needs one contiguous input). It takes only
 * what Kafka's producers write: no block checksums, every block within its bounds and the limit, an end mark. On
 * anything else it gives up, and {@link Decompressor} decodes the payload again with {@link KafkaLz4Frame}, which says
 * what is wrong.
 */
final class Lz4Payload {

    /** Magic, FLG, BD, optional 8-byte content size, header checksum. */
    private static final int MAX_HEADER = 15;

    private Lz4Payload() {
    }

    /**
     * Decompresses {@code src[offset, offset + length)} into {@code out}.
     *
     * @return true if done; false if the payload is not one this path takes (then {@code out} holds garbage)
     */
    static boolean decompress(FrameBytes src, int offset, int length, BoundedBuffer out, Scratch scratch) {
        byte[] head = new byte[MAX_HEADER];
        int end = offset + length;
        src.get(offset, head, 0, Math.min(MAX_HEADER, length));
        if (length < 7 || KafkaLz4Frame.intLE(head, 0) != KafkaLz4Frame.MAGIC) {
            return false;
        }
        int flg = head[4] & 0xff;
        int bd = head[5] & 0xff;
        int blockSizeId = (bd >>> 4) & 7;
        if (flg >>> 6 != 1 || (flg & 0x13) != 0 || (bd & 0x8f) != 0 || blockSizeId < 4) {
            return false; // also block checksums (0x10): the checked path verifies them
        }
        int checksumAt = 6 + ((flg & 0x08) != 0 ? 8 : 0);
        if (checksumAt >= length) {
            return false;
        }
        int stored = head[checksumAt] & 0xff;
        if (stored != KafkaLz4Frame.headerChecksum(head, 4, checksumAt)
                && stored != KafkaLz4Frame.headerChecksum(head, 0, checksumAt)) {
            return false;
        }
        int maxBlock = 1 << (2 * blockSizeId + 8);
        int pos = offset + checksumAt + 1;
        while (end - pos >= 4) {
            int word = Integer.reverseBytes(src.getInt(pos));
            pos += 4;
            if (word == 0) {
                return true;
            }
            int size = word & 0x7fffffff;
            if (size > maxBlock || size > end - pos || !out.fits(word < 0 ? size : maxBlock)) {
                return false;
            }
            try {
                out.reserve(word < 0 ? size : maxBlock);
            } catch (DecompressionException e) {
                return false;
            }
            if (word < 0) {
                src.get(pos, out.array(), out.size(), size);
                out.advance(size);
            } else {
                int n = block(src, pos, size, out, maxBlock, scratch);
                if (n < 0) {
                    return false;
                }
                out.advance(n);
            }
            pos += size;
        }
        return false;
    }

    /** One compressed block into the output at its size, at most {@code max} bytes; -1 if lz4 rejects it. */
    private static int block(FrameBytes src, int pos, int size, BoundedBuffer out, int max, Scratch scratch) {
        ByteBuffer in = src.within(pos, size);
        try {
            if (in != null && in.isDirect()) {
                return KafkaLz4Frame.BLOCKS.decompress(in, 0, size, ByteBuffer.wrap(out.array()), out.size(), max);
            }
            if (in != null && in.hasArray()) {
                return KafkaLz4Frame.BLOCKS.decompress(in.array(), in.arrayOffset(), size, out.array(), out.size(), max);
            }
            byte[] copy = scratch.block(size);
            src.get(pos, copy, 0, size);
            return KafkaLz4Frame.BLOCKS.decompress(copy, 0, size, out.array(), out.size(), max);
        } catch (LZ4Exception e) {
            return -1;
        }
    }
}
