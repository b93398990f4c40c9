package org.kwire.frame;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A frame over {@code --max-frame-size} being skipped by its declared size, whose bytes are kept (by reference) as
 * long as they are few: if its response comes before its declared end, its size prefix was wrong and it is framed
 * where its bytes say ({@link FrameAssembler#contradicted}). Past {@link #MAX_HELD} bytes nothing more is kept and
 * it is skipped as before. Not thread-safe.
 */
final class SkippedFrame {

    /** Most bytes kept of a frame being skipped. */
    static final int MAX_HELD = 1 << 20;

    private final List<StreamPiece> pieces = new ArrayList<>();
    private final long start;
    private final long length;
    private long held;

    /**
     * @param start  stream offset of its size prefix
     * @param length its declared length, size prefix included
     */
    SkippedFrame(long start, long length) {
        this.start = start;
        this.length = length;
    }

    /** The next bytes of the frame (after those added before); a slice is kept while under the bound. */
    void add(ByteBuffer data, long timestampNanos, long packet) {
        if (held >= 0 && held + data.remaining() <= MAX_HELD) {
            pieces.add(StreamPiece.bytes(start + held, data, timestampNanos, packet, false));
            held += data.remaining();
        } else {
            held = -1;
            pieces.clear();
        }
    }

    /** The bytes kept, from the size prefix on; null once over the bound. */
    List<StreamPiece> pieces() {
        return held < 0 ? null : pieces;
    }

    long start() {
        return start;
    }

    long length() {
        return length;
    }

    /** Its first bytes (up to {@link FrameStartValidator#HEAD_BYTES}), a copy; null once over the bound. */
    ByteBuffer head() {
        if (held < 0) {
            return null;
        }
        HeldPieces h = new HeldPieces(start);
        pieces.forEach(h::add);
        byte[] b = new byte[FrameStartValidator.HEAD_BYTES];
        return ByteBuffer.wrap(b, 0, h.copy(start, b)).slice();
    }
}
