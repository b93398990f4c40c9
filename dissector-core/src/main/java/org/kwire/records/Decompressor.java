package org.kwire.records;

import org.kwire.frame.FrameBytes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;

/**
 * Decompresses one compressed records payload (the records of a v2 batch, the value of a legacy wrapper) with the
 * codec libraries: gzip with the JDK, snappy with snappy-java ({@link SnappyFrames}), lz4 with lz4-java
 * ({@link KafkaLz4Frame}), zstd with zstd-jni; the output never grows past the limit ({@link BoundedBuffer}).
 * <p>
 * The payload is read where it lies, in the frame's slices ({@link FrameBytes}), never joined first: zstd through a
 * decompression context reused per thread, fed slice by slice ({@link ZstdPayload}); lz4 block by block from the
 * slices ({@link Lz4Payload}); gzip (and any zstd payload the fast path gives up on) as a stream over the slices
 * ({@link FrameBytes#stream}). Snappy's block API takes one array: a snappy payload inside one array-backed slice is
 * read in place, any other is copied once into the thread's reused input array; so is an lz4 payload the fast path
 * gives up on (malformed, or with block checksums), so that its message names offsets from the payload's first byte.
 * <p>
 * The codec libraries are optional dependencies ({@link CodecLibraries}): a payload whose codec's library is absent
 * is refused before any of its classes is touched, and this class names none of them, so that it loads without them.
 */
final class Decompressor {

    private static final int GZIP_MIN_BUFFER = 512;
    private static final int GZIP_MAX_BUFFER = 64 << 10;

    private Decompressor() {
    }

    /**
     * @param src    the bytes holding the payload (absolute indexes; slices not changed)
     * @param offset first byte of the payload in {@code src}
     * @param length bytes of the payload
     * @param limit  most bytes the output may have
     * @param depth  levels of decompression around the payload (0 for a payload in the frame)
     * @return the decompressed bytes, at indexes 0 .. limit(), in this thread's reused array for {@code depth}
     *         ({@link Scratch}): valid until the thread's next decompression at the same depth
     * @throws DecompressionException if the payload is malformed, its codec unknown or its library absent, or its
     *                                 output passes the limit
     */
    static ByteBuffer decompress(Codec codec, FrameBytes src, int offset, int length, int limit, int depth)
            throws DecompressionException {
        String missing = CodecLibraries.missing(codec);
        if (missing != null) {
            throw DecompressionException.unavailable(codec, missing);
        }
        Scratch scratch = Scratch.get();
        BoundedBuffer out = new BoundedBuffer(limit, scratch.output(depth, BoundedBuffer.initialSize(limit, 4L * length)));
        boolean fast = switch (codec) {
            case ZSTD -> ZstdPayload.decompress(src, offset, length, out);
            case LZ4 -> Lz4Payload.decompress(src, offset, length, out, scratch);
            default -> false;
        };
        if (!fast) {
            out.clear();
            checked(codec, src, offset, length, depth, out, scratch);
        }
        scratch.keepOutput(depth, out.array());
        return ByteBuffer.wrap(out.array(), 0, out.size());
    }

    /** The path that takes every payload and says what is wrong with a bad one. */
    private static void checked(Codec codec, FrameBytes src, int offset, int length, int depth, BoundedBuffer out,
                                Scratch scratch) throws DecompressionException {
        try {
            switch (codec) {
                case GZIP, ZSTD -> {
                    try (InputStream stream = open(codec, src.stream(offset, length), length)) {
                        out.drain(stream);
                    }
                }
                case SNAPPY, LZ4 -> {
                    ByteBuffer whole = depth > 0 || codec == Codec.SNAPPY ? src.within(offset, length) : null;
                    boolean inPlace = whole != null && whole.hasArray();
                    byte[] in = inPlace ? whole.array() : scratch.input(src, offset, length);
                    int from = inPlace ? whole.arrayOffset() : 0;
                    if (codec == Codec.SNAPPY) {
                        SnappyFrames.decompress(in, from, length, out);
                    } else {
                        KafkaLz4Frame.decompress(in, from, length, out);
                    }
                }
                default -> throw DecompressionException.malformed("is in a compression codec Kafka does not define");
            }
        } catch (IOException e) {
            throw DecompressionException.malformed("is malformed: " + e.getMessage());
        }
    }

    /**
     * A decompressing stream over the {@code length} compressed bytes. gzip reads its input through a buffer of up to
     * 64 KiB (the JDK's default of 512 bytes costs a native inflate call per 512 bytes); zstd is
     * {@link ZstdPayload#stream}.
     */
    private static InputStream open(Codec codec, InputStream compressed, int length) throws IOException {
        return codec == Codec.GZIP ? new GZIPInputStream(compressed, Math.max(GZIP_MIN_BUFFER, Math.min(length, GZIP_MAX_BUFFER)))
                : ZstdPayload.stream(compressed);
    }
}
