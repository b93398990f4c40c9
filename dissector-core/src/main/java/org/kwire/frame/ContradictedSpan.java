package org.kwire.frame;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Where a frame whose size prefix is contradicted really ends: the other direction answered it (a broker answers a
 * request only once it read all of it) or the connection ended cleanly before its declared end, so the frame ended
 * within the bytes received. It ends where the first frame start inside its span begins whose frames, each plausible
 * and held whole ({@link FrameStartValidator#plausibleFrame}), follow one another up to the end of the bytes received
 * (the last may still be arriving); where none does, at the end of the bytes received. Holds nothing of its own: the
 * frame's slices are only read. Not thread-safe.
 */
final class ContradictedSpan {

    private final HeldPieces held;
    private final FrameStartValidator validator;
    private final long frameStart;
    private final byte[] scratch = new byte[FrameStartValidator.HEAD_BYTES];

    /** @param pieces the frame's bytes received so far, its size prefix first */
    ContradictedSpan(List<StreamPiece> pieces, FrameStartValidator validator) {
        this.frameStart = pieces.get(0).offset();
        this.held = new HeldPieces(frameStart);
        pieces.forEach(held::add);
        this.validator = validator;
    }

    /** Stream offset after the bytes received. */
    long end() {
        return held.end();
    }

    /**
     * Where the frame ends: the first position from {@code from} on where whole frames chain to the end of the bytes
     * received (a last one may run past it, if its start is plausible), else {@link #end()}.
     */
    long frameEnd(long from) {
        if (validator == null) {
            return end();
        }
        for (long at = from; at < end(); at++) {
            if (chains(at)) {
                return at;
            }
        }
        return end();
    }

    /** True if, of the frames that follow one another from {@code at}, one has {@code correlationId} at bytes 8-11. */
    boolean holds(long at, int correlationId) {
        for (long next = at; next < end(); ) {
            int n = held.copy(next, scratch);
            if (n < 12) {
                return false;
            }
            ByteBuffer head = ByteBuffer.wrap(scratch);
            if (head.getInt(8) == correlationId) {
                return true;
            }
            next += 4L + head.getInt(0);
        }
        return false;
    }

    /** The frame's bytes up to {@code at}, as a frame whose length is that (its size prefix still says otherwise). */
    KafkaFrame frameTo(long at) {
        return held.frame(frameStart, (int) (at - frameStart));
    }

    /** The pieces from {@code at} on, to frame again in sync. */
    List<StreamPiece> takeFrom(long at) {
        return held.takeFrom(at);
    }

    /** True if a plausible frame starts at {@code at} and the frames after it chain to the end of the bytes received. */
    private boolean chains(long at) {
        for (long next = at; ; ) {
            if (next == end()) {
                return next > at;
            }
            int n = held.copy(next, scratch);
            if (n < 4) {
                return false;
            }
            int size = ByteBuffer.wrap(scratch).getInt(0);
            if (size < 0 || !validator.plausibleStart(ByteBuffer.wrap(scratch, 0, n).slice(), held.fillsSegment(next, size))) {
                return false;
            }
            if (next + 4L + size > end()) {
                return next > at; // a frame still arriving after whole ones: its start has to do
            }
            KafkaFrame frame = held.frame(next, 4 + size);
            if (frame == null || !validator.plausibleFrame(frame)) {
                return false;
            }
            next += 4L + size;
        }
    }
}
