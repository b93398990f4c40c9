package org.kwire.records;

import org.xerial.snappy.Snappy;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Kafka's snappy payloads, in either form clients send: snappy-java's stream framing, which the Java client writes
 * ({@code SnappyOutputStream}: header of the 8-byte magic 0x82 "SNAPPY" 0x00, int32 version and int32 compatible
 * version, then chunks of an int32 big-endian length and one raw snappy block), or one raw snappy block, which
 * librdkafka writes. Blocks are decompressed with snappy-java, each after its declared size has been checked against
 * the limit, so nothing is allocated for a block that would pass it.
 */
final class SnappyFrames {

    private static final byte[] MAGIC = {(byte) 0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0};
    private static final int HEADER = MAGIC.length + 8;

    private SnappyFrames() {
    }

    /** Decompresses {@code src[offset, offset + length)} into {@code out}. */
    static void decompress(byte[] src, int offset, int length, BoundedBuffer out)
            throws DecompressionException, IOException {
        int end = offset + length;
        if (!magicAt(src, offset, end)) {
            block(src, offset, length, out);
            return;
        }
        int pos = offset;
        while (pos < end) {
            if (magicAt(src, pos, end)) { // snappy-java also reads streams concatenated with their headers
                pos += HEADER;
                continue;
            }
            if (end - pos < 4) {
                throw DecompressionException.malformed("has its snappy chunk length cut short");
            }
            int n = ByteBuffer.wrap(src, pos, 4).getInt();
            pos += 4;
            if (n < 0 || n > end - pos) {
                throw DecompressionException.malformed("has a snappy chunk of " + n + " bytes with " + (end - pos)
                        + " left");
            }
            block(src, pos, n, out);
            pos += n;
        }
    }

    private static boolean magicAt(byte[] src, int pos, int end) {
        return end - pos >= HEADER && ByteBuffer.wrap(src, pos, MAGIC.length).equals(ByteBuffer.wrap(MAGIC));
    }

    /**
     * One raw block. A block that decompresses within the limit is taken as it is (snappy's decompressor checks every
     * tag as it goes and fails exactly where its validator would); only a block that fails, or whose size does not
     * fit, goes through the checks that say which problem it has.
     */
    private static void block(byte[] src, int offset, int length, BoundedBuffer out)
            throws DecompressionException, IOException {
        try {
            int n = Snappy.uncompressedLength(src, offset, length);
            if (n >= 0 && out.fits(n)) {
                out.reserve(n);
                out.advance(Snappy.uncompress(src, offset, length, out.array(), out.size()));
                return;
            }
        } catch (IOException e) {
            // malformed: the checks below name it
        }
        checkedBlock(src, offset, length, out);
    }

    private static void checkedBlock(byte[] src, int offset, int length, BoundedBuffer out)
            throws DecompressionException, IOException {
        if (!Snappy.isValidCompressedBuffer(src, offset, length)) {
            throw DecompressionException.malformed("has a malformed snappy block");
        }
        int n = Snappy.uncompressedLength(src, offset, length);
        if (n < 0) {
            throw DecompressionException.malformed("has a snappy block declaring a negative length");
        }
        out.reserve(n);
        out.advance(Snappy.uncompress(src, offset, length, out.array(), out.size()));
    }
}
