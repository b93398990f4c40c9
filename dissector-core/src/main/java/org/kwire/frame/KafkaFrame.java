package org.kwire.frame;

import java.nio.ByteBuffer;

/**
 * One size-prefixed Kafka frame cut from a TCP byte stream (Kafka protocol guide, "Common Request and Response
 * Structure": an int32 size, then that many bytes of header and body).
 *
 * @param data the frame's captured bytes including its 4-byte size prefix, as slices of the buffers they arrived in
 *             ({@link FrameBytes}: index 0 is the prefix, {@code length()} the end of what was captured — the whole
 *             frame unless it is incomplete); one slice for a frame that arrived in one chunk, several for one that
 *             spans segments, never joined by the stream stage
 * @param meta where and when the frame was seen; {@code meta.length()} is the length the size prefix declares,
 *             {@code meta.capturedLength()} equals {@code data.length()}
 */
public record KafkaFrame(FrameBytes data, FrameInfo meta) {

    /** A frame in one buffer: its bytes at indexes {@code 0 .. limit()}. */
    public KafkaFrame(ByteBuffer bytes, FrameInfo meta) {
        this(FrameBytes.of(bytes), meta);
    }

    /**
     * The frame in one read-only buffer (index 0 the size prefix, {@code limit()} the end of what was captured): its
     * only slice, or, for a frame that spans segments, a join made once ({@link FrameBytes#contiguous()}). For
     * consumers that need one array ({@code kwire dissect}'s trees, SASL token parsing); the analysis path reads
     * {@link #data()}.
     */
    public ByteBuffer bytes() {
        return data.contiguous().asReadOnlyBuffer();
    }

    /** Captured length in bytes, size prefix included (less than the declared length if incomplete). */
    public int length() {
        return data.length();
    }

    /** False if the capture lost part of this frame (a gap or the capture's end); only its first bytes are here. */
    public boolean complete() {
        return data.length() == meta.length();
    }
}
