package org.kwire.protocol;

import org.kwire.frame.KafkaFrame;

/**
 * A frame the broker sent, with its correlation_id read once, as the stream stage cuts it. The rest of its header
 * (whose version follows the request's API and version) is decoded when it is matched to its request.
 *
 * @param frame         the frame: bytes (size prefix at index 0) and where and when it was seen
 * @param correlationId its correlation_id, or -1 if fewer than 8 bytes were captured ({@link #hasCorrelationId})
 */
public record ResponseFrame(KafkaFrame frame, int correlationId) {

    /** Cuts the correlation_id (the int32 after the size prefix, ResponseHeader.json) from a frame. */
    public static ResponseFrame of(KafkaFrame frame) {
        return new ResponseFrame(frame, frame.length() >= HeaderDecoder.MIN_RESPONSE_FRAME ? frame.data().getInt(4) : -1);
    }

    /** True if the frame holds a correlation_id (its first 8 bytes were captured). */
    public boolean hasCorrelationId() {
        return frame.length() >= HeaderDecoder.MIN_RESPONSE_FRAME;
    }
}
