package org.kwire.frame;

import java.nio.ByteBuffer;

/**
 * Decides whether bytes could be the start of a Kafka frame, for resynchronising a stream after a gap or at a
 * capture that starts mid-connection, and for checking the frame that follows a candidate (a candidate is taken only
 * when the frame after it also starts plausibly; see {@link FrameAssembler}). Implementations look at the size
 * prefix and the header.
 */
@FunctionalInterface
public interface FrameStartValidator {

    /** Bytes of a candidate given to a validator: size prefix, api_key, api_version, correlation_id, client_id length. */
    int HEAD_BYTES = 14;

    /**
     * @param head         the candidate's first bytes, size prefix at index 0, {@link #HEAD_BYTES} of them (fewer only
     *                     where the capture lost the next bytes or the stream ended); implementations read absolute
     *                     indexes {@code 0 .. head.limit()}, during the call only (the buffer is reused for the next
     *                     position: copy what must be kept)
     * @param fillsSegment true if the candidate starts where a TCP segment's payload starts and its size prefix
     *                     declares exactly the rest of that segment
     * @return true if a frame plausibly starts here
     */
    boolean plausibleStart(ByteBuffer head, boolean fillsSegment);

    /**
     * The largest size prefix {@link #plausibleStart} may accept: a position declaring more is not asked (a search
     * judges every position of the bytes it holds, and most declare sizes no frame has). By default, any.
     */
    default int largestSize() {
        return Integer.MAX_VALUE;
    }

    /**
     * Whether a frame starting with {@code next} plausibly follows a frame starting with {@code previous} (both as for
     * {@link #plausibleStart}); by default, whether {@code next} is a plausible start.
     */
    default boolean plausibleAfter(ByteBuffer previous, ByteBuffer next, boolean fillsSegment) {
        return plausibleStart(next, fillsSegment);
    }

    /**
     * Whether a candidate whose whole frame was captured is a frame as a whole (e.g. its body decodes cleanly as what
     * its header says); asked once per candidate, before it is taken. By default, true.
     *
     * @param frame the candidate's complete frame
     */
    default boolean plausibleFrame(KafkaFrame frame) {
        return true;
    }
}
