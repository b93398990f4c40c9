package org.kwire.frame;

import java.nio.ByteBuffer;

/**
 * One size-prefixed Kafka frame cut from a TCP byte stream (Kafka protocol guide, "Common Request and Response
 * Structure": an int32 size, then that many bytes of header and body).
 *
 * @param bytes the frame's captured bytes including its 4-byte size prefix: index 0 is the prefix, {@code limit()}
 *              the end of what was captured (the whole frame unless it is incomplete); a read-only view
 * @param meta  where and when the frame was seen; {@code meta.length()} is the length the size prefix declares,
 *              {@code meta.capturedLength()} equals {@code bytes.limit()}
 */
public record KafkaFrame(ByteBuffer bytes, FrameInfo meta) {

    /** Captured length in bytes, size prefix included (less than the declared length if incomplete). */
    public int length() {
        return bytes.limit();
    }

    /** False if the capture lost part of this frame (a gap or the capture's end); only its first bytes are here. */
    public boolean complete() {
        return bytes.limit() == meta.length();
    }
}
