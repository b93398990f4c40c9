package org.kwire.frame;

import java.nio.ByteBuffer;

/**
 * Decides whether bytes could be the start of a Kafka frame, for resynchronising a stream after a gap or at a
 * capture that starts mid-connection. Implementations look at the size prefix and the header.
 */
@FunctionalInterface
public interface FrameStartValidator {

    /**
     * @param bytes  the stream bytes at hand (absolute indexes)
     * @param offset index of the candidate size prefix
     * @param limit  end (exclusive) of the bytes at hand; implementations must not read past it
     * @return true if a frame plausibly starts at {@code offset}
     */
    boolean plausibleStart(ByteBuffer bytes, int offset, int limit);
}
