package org.kwire.conversation;

import org.kwire.frame.FrameInfo;
import org.kwire.protocol.RequestHeader;

/**
 * What is kept of a request while it waits for its response: its header and where it was seen (not its bytes).
 *
 * @param header the decoded request header
 * @param frame  where and when the request frame was seen
 */
public record RequestRecord(RequestHeader header, FrameInfo frame) {
}
