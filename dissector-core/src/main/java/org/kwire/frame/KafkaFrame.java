package org.kwire.frame;

import java.nio.ByteBuffer;

/**
 * One size-prefixed Kafka frame cut from a TCP byte stream (Kafka protocol guide, "Common Request and Response
 * Structure": an int32 size, then that many bytes of header and body).
 *
 * @param bytes the whole frame including its 4-byte size prefix: index 0 is the prefix, {@code limit()} the end;
 *              a read-only view, never modified by the library
 * @param meta  where and when the frame was seen
 */
public record KafkaFrame(ByteBuffer bytes, FrameInfo meta) {

    /** Frame length in bytes, size prefix included. */
    public int length() {
        return bytes.limit();
    }
}
