package org.kwire.records;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.GZIPInputStream;

/**
 * Decompresses one compressed records payload (the records of a v2 batch, the value of a legacy wrapper) with the
 * codec libraries: gzip with the JDK, snappy with snappy-java ({@link SnappyFrames}), lz4 with lz4-java
 * ({@link KafkaLz4Frame}), zstd with zstd-jni; the output never grows past the limit ({@link BoundedBuffer}).
 */
final class Decompressor {

    private static final int GZIP_MIN_BUFFER = 512;
    private static final int GZIP_MAX_BUFFER = 64 << 10;

    private Decompressor() {
    }

    /**
     * @param src    the bytes holding the payload (absolute indexes, position unchanged)
     * @param offset first byte of the payload in {@code src}
     * @param length bytes of the payload
     * @param limit  most bytes the output may have
     * @param depth  levels of decompression around the payload (0 for a payload in the frame)
     * @return the decompressed bytes, at indexes 0 .. limit(), in this thread's reused array for {@code depth}
     *         ({@link Scratch}): valid until the thread's next decompression at the same depth
     * @throws DecompressionException if the payload is malformed, its codec unknown, or its output passes the limit
     */
    static ByteBuffer decompress(Codec codec, ByteBuffer src, int offset, int length, int limit, int depth)
            throws DecompressionException {
        Scratch scratch = Scratch.get();
        byte[] in;
        int from;
        if (src.hasArray()) {
            in = src.array();
            from = src.arrayOffset() + offset;
        } else {
            in = scratch.input(src, offset, length);
            from = 0;
        }
        BoundedBuffer out = new BoundedBuffer(limit, scratch.output(depth, BoundedBuffer.initialSize(limit, 4L * length)));
        try {
            switch (codec) {
                case GZIP, ZSTD -> {
                    try (InputStream stream = open(codec, new ByteArrayInputStream(in, from, length), length)) {
                        out.drain(stream);
                    }
                }
                case SNAPPY -> SnappyFrames.decompress(in, from, length, out);
                case LZ4 -> KafkaLz4Frame.decompress(in, from, length, out);
                default -> throw DecompressionException.malformed("is in a compression codec Kafka does not define");
            }
        } catch (IOException e) {
            throw DecompressionException.malformed("is malformed: " + e.getMessage());
        }
        scratch.keepOutput(depth, out.array());
        return ByteBuffer.wrap(out.array(), 0, out.size());
    }

    /**
     * A decompressing stream over the {@code length} compressed bytes. gzip reads its input through a buffer of up to
     * 64 KiB (the JDK's default of 512 bytes costs a native inflate call per 512 bytes); zstd takes its buffers from
     * zstd-jni's recycling pool instead of allocating them per payload.
     */
    private static InputStream open(Codec codec, InputStream compressed, int length) throws IOException {
        return codec == Codec.GZIP ? new GZIPInputStream(compressed, Math.max(GZIP_MIN_BUFFER, Math.min(length, GZIP_MAX_BUFFER)))
                : new ZstdInputStreamNoFinalizer(compressed, RecyclingBufferPool.INSTANCE);
    }
}
