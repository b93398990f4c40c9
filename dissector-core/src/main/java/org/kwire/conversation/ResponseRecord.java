package org.kwire.conversation;

import org.kwire.frame.FrameInfo;
import org.kwire.protocol.ResponseHeader;

/**
 * A response frame as matched to its request.
 *
 * @param header the decoded response header; its version follows the request's API and version (or v0 when the
 *               request was not captured)
 * @param frame  where and when the response frame was seen
 */
public record ResponseRecord(ResponseHeader header, FrameInfo frame) {
}
