package org.kwire.records;

import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHash32;
import net.jpountz.xxhash.XXHashFactory;

/**
 * Kafka's lz4 payloads: one LZ4 frame ("LZ4 Frame Format Description": magic 0x184D2204, FLG and BD bytes, optional
 * 8-byte content size, header checksum, then blocks of an int32 little-endian size — high bit set for a stored block,
 * 0 for the end mark — each optionally followed by its xxHash32), as Kafka's {@code KafkaLZ4BlockOutputStream} writes
 * it (KIP-57). The blocks are decompressed with lz4-java's safe block decompressor.
 * <p>
 * Before KIP-57, Kafka computed the header checksum over the magic bytes too; magic 0 messages still carry that
 * checksum. Both forms are accepted for every magic. Blocks must be independent (Kafka's own writer and reader require
 * it); a dictionary id is not supported, as in Kafka; the content checksum after the end mark is not checked.
 */
final class KafkaLz4Frame {

    static final int MAGIC = 0x184D2204;
    static final LZ4SafeDecompressor BLOCKS = LZ4Factory.fastestInstance().safeDecompressor();
    private static final XXHash32 XXHASH = XXHashFactory.fastestInstance().hash32();

    private KafkaLz4Frame() {
    }

    /** Decompresses the frame in {@code src[offset, offset + length)} into {@code out}. */
    static void decompress(byte[] src, int offset, int length, BoundedBuffer out) throws DecompressionException {
        int end = offset + length;
        if (length < 7 || intLE(src, offset) != MAGIC) {
            throw DecompressionException.malformed("does not start with the LZ4 frame magic 0x184D2204");
        }
        int flg = src[offset + 4] & 0xff;
        int bd = src[offset + 5] & 0xff;
        int blockSizeId = (bd >>> 4) & 7;
        if (flg >>> 6 != 1 || (flg & 0x03) != 0 || (bd & 0x8f) != 0 || blockSizeId < 4) {
            throw DecompressionException.malformed(String.format(
                    "has an LZ4 frame descriptor Kafka does not write: FLG 0x%02x BD 0x%02x", flg, bd));
        }
        int checksumAt = offset + 6 + ((flg & 0x08) != 0 ? 8 : 0);
        if (checksumAt >= end) {
            throw DecompressionException.malformed("has its LZ4 frame header cut short");
        }
        int stored = src[checksumAt] & 0xff;
        if (stored != headerChecksum(src, offset + 4, checksumAt)
                && stored != headerChecksum(src, offset, checksumAt)) {
            throw DecompressionException.malformed("has an LZ4 frame header checksum 0x" + Integer.toHexString(stored)
                    + " that does not match");
        }
        decompressBlocks(src, checksumAt + 1, end, 1 << (2 * blockSizeId + 8), (flg & 0x10) != 0, out);
    }

    private static void decompressBlocks(byte[] src, int pos, int end, int maxBlock, boolean blockChecksums,
                                         BoundedBuffer out) throws DecompressionException {
        int trailer = blockChecksums ? 4 : 0;
        byte[] block = null;
        while (end - pos >= 4) {
            int word = intLE(src, pos);
            pos += 4;
            if (word == 0) {
                return;
            }
            int size = word & 0x7fffffff;
            if (size > maxBlock || size > end - pos - trailer) {
                throw DecompressionException.malformed("has an LZ4 block of " + size
                        + " bytes that does not fit (block maximum " + maxBlock + ", " + (end - pos) + " bytes left)");
            }
            if (blockChecksums && XXHASH.hash(src, pos, size, 0) != intLE(src, pos + size)) {
                throw DecompressionException.malformed("has an LZ4 block whose checksum does not match");
            }
            if (word < 0) {
                out.append(src, pos, size);
            } else if (out.fits(maxBlock)) { // straight into the output, without a block buffer and a copy
                out.reserve(maxBlock);
                out.advance(decompressBlock(src, pos, size, out.array(), out.size(), maxBlock));
            } else {
                block = block != null ? block : new byte[maxBlock];
                out.append(block, 0, decompressBlock(src, pos, size, block, 0, maxBlock));
            }
            pos += size + trailer;
        }
        throw DecompressionException.malformed("ends its LZ4 frame without the end mark");
    }

    /** Decompresses one block of {@code size} bytes at {@code pos} into {@code dest} at {@code at}, at most {@code max} bytes. */
    private static int decompressBlock(byte[] src, int pos, int size, byte[] dest, int at, int max)
            throws DecompressionException {
        try {
            return BLOCKS.decompress(src, pos, size, dest, at, max);
        } catch (LZ4Exception e) {
            throw DecompressionException.malformed("has a malformed LZ4 block: " + e.getMessage());
        }
    }

    /** Second byte of the xxHash32 (seed 0) of {@code src[from, to)}: the frame header checksum. */
    static int headerChecksum(byte[] src, int from, int to) {
        return (XXHASH.hash(src, from, to - from, 0) >>> 8) & 0xff;
    }

    static int intLE(byte[] b, int i) {
        return (b[i] & 0xff) | (b[i + 1] & 0xff) << 8 | (b[i + 2] & 0xff) << 16 | (b[i + 3] & 0xff) << 24;
    }
}
