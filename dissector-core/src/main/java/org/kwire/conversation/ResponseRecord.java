package org.kwire.conversation;

import org.kwire.frame.FrameInfo;
import org.kwire.protocol.KafkaResponseHeader;

/**
 * A response frame as matched to its request.
 *
 * @param header the decoded response header; its version follows the request's API and version (or v0 when the
 *               request was not captured)
 * @param frame  where and when the response frame was seen
 * @param inferredApiKey     the API inferred for a response whose request was not captured, else -1
 * @param inferredApiVersion its version, else -1
 */
public record ResponseRecord(KafkaResponseHeader header, FrameInfo frame, int inferredApiKey, int inferredApiVersion) {

    /** True if the capture lost bytes of the response (then {@code frame.lastPacket()} is its last captured packet). */
    public boolean incomplete() {
        return !frame.complete();
    }
}
