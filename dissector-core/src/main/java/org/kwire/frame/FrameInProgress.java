package org.kwire.frame;

import java.util.List;

/**
 * A frame in progress taken away from a {@link FrameCutter} because its size prefix was contradicted: its bytes from
 * its size prefix on (slices, not copied), and the length that prefix declares.
 */
record FrameInProgress(List<StreamPiece> pieces, long length) {

    /** Stream offset of its size prefix. */
    long start() {
        return pieces.get(0).offset();
    }

    /** Bytes of it received. */
    long fill() {
        return pieces.stream().mapToLong(StreamPiece::length).sum();
    }
}
