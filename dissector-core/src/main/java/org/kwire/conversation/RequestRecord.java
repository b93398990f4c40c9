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
 * @param responseExpected false for a request the broker never answers (Produce with acks=0, {@link ProduceAcks})
 */
public record RequestRecord(RequestHeader header, FrameInfo frame, Object attachment, boolean responseExpected) {

    /** True if the capture lost bytes of the request. */
    public boolean incomplete() {
        return !frame.complete();
    }
}
