package org.kwire.records;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import org.kwire.frame.FrameBytes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * The fast path of zstd payloads (RFC 8878 frames, as Kafka's producers write them): one zstd-jni decompression
 * context per thread, reused for every payload (no stream, no native buffers created per batch), fed the payload's
 * slices where they lie (heap arrays or the mapped capture's direct memory, zstd-jni's
 * {@link ZstdDecompressCtx#decompressByteBufferStream}) and writing straight into the output array. It handles only
 * payloads that decompress cleanly within the limit: anything else (a malformed or truncated payload, one over the
 * limit, a read-only heap slice zstd-jni cannot read) makes it give up, and {@link Decompressor} decodes the payload
 * again with the stream it always used, which says what is wrong in the words the reports have always had.
 */
final class ZstdPayload {

    private static final ThreadLocal<ZstdDecompressCtx> CONTEXT = ThreadLocal.withInitial(ZstdDecompressCtx::new);

    private ZstdPayload() {
    }

    /**
     * Decompresses {@code src[offset, offset + length)} into {@code out}.
     *
     * @return true if done; false if the payload is not one this path takes (then {@code out} holds garbage)
     */
    static boolean decompress(FrameBytes src, int offset, int length, BoundedBuffer out) {
        ZstdDecompressCtx ctx = CONTEXT.get();
        ctx.reset();
        int pos = offset;
        int end = offset + length;
        int done = 0;
        try {
            for (int k = length == 0 ? 0 : src.sliceAt(pos); pos < end; k++) {
                int at = pos - src.start(k);
                int n = Math.min(end - pos, src.start(k + 1) - pos);
                ByteBuffer in = src.slice(k);
                if (!in.isDirect() && !in.hasArray()) {
                    return false;
                }
                done = feed(ctx, in.duplicate().limit(at + n).position(at), out);
                if (done < 0) {
                    return false;
                }
                pos += n;
            }
        } catch (ZstdException e) {
            return false;
        }
        return done == 1;
    }

    /**
     * The stream the checked path decodes a zstd payload with, its buffers from zstd-jni's recycling pool instead of
     * allocated per payload. Here, not in {@link Decompressor}, so that only this class names zstd-jni's classes.
     */
    static InputStream stream(InputStream compressed) throws IOException {
        return new ZstdInputStreamNoFinalizer(compressed, RecyclingBufferPool.INSTANCE);
    }

    /**
     * Decompresses all of {@code in} and all the output it gives into {@code out}, growing it as needed.
     *
     * @return 1 if a frame ended with the last of {@code in}, 0 if the frame goes on, -1 if the output would pass
     *         the limit
     */
    private static int feed(ZstdDecompressCtx ctx, ByteBuffer in, BoundedBuffer out) {
        while (true) {
            if (out.room() == 0) {
                if (!out.fits(1)) {
                    return -1;
                }
                out.grow();
            }
            ByteBuffer dst = ByteBuffer.wrap(out.array(), out.size(), out.room());
            boolean ended = ctx.decompressByteBufferStream(dst, in);
            out.advance(dst.position() - out.size());
            if (!in.hasRemaining() && dst.hasRemaining()) {
                return ended ? 1 : 0;
            }
        }
    }
}
