package org.kwire.conversation;

import org.kwire.frame.FrameInfo;
import org.kwire.protocol.RequestHeader;

/**
 * What is kept of a request while it waits for its response: its header, where it was seen (not its bytes), and
 * what the conversation's listener chose to keep with it.
 *
 * @param header     the decoded request header
 * @param frame      where and when the request frame was seen
 * @param attachment the value the listener's {@link ConversationListener#onRequest} returned for it, or null
 */
public record RequestRecord(RequestHeader header, FrameInfo frame, Object attachment) {
}
