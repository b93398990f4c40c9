package org.kwire.protocol;

import org.kwire.frame.KafkaFrame;

/**
 * A frame the client sent, with its request header decoded once, as the stream stage cuts it; every later stage
 * (SASL token detection, matching, summarizing, dissecting) takes this instead of reading the header again.
 *
 * @param frame       the frame: bytes (size prefix at index 0) and where and when it was seen
 * @param header      the decoded header, or null if it does not fit in the captured bytes
 * @param truncatedAt where the header ran out of bytes (an index into the frame) when {@code header} is null, else -1
 * @param requestLike true if the frame's first 14 bytes read as a plausible request header (a size prefix of at
 *                    least 8, an api_key and version some known release defines, a client_id length within the
 *                    declared size; {@link HeaderDecoder#looksLikeRequest}): what tells a request from a raw SASL
 *                    token (KIP-43) once authentication is over
 */
public record RequestFrame(KafkaFrame frame, KafkaRequestHeader header, int truncatedAt, boolean requestLike) {

    /** The size-prefixed bytes: size prefix at index 0, {@code limit()} the end of what was captured. */
    public java.nio.ByteBuffer bytes() {
        return frame.bytes();
    }

    /** False if the capture lost part of the frame. */
    public boolean complete() {
        return frame.complete();
    }
}
