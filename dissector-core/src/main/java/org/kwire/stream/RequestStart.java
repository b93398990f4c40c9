package org.kwire.stream;

import org.kwire.protocol.HeaderDecoder;

import java.nio.ByteBuffer;

/**
 * Finds where a Kafka request starts in bytes whose beginning was lost (a connection on a port not configured as
 * Kafka's, captured after its start or after a gap). A position counts only if a valid request header starts there
 * ({@link HeaderDecoder#looksLikeRequest}) and its frame either ends exactly where the bytes end or is followed by
 * another valid request header: one header alone, somewhere in kilobytes of other data, is too weak a sign.
 */
final class RequestStart {

    private RequestStart() {
    }

    /**
     * @param bytes        the bytes, position to limit (not modified)
     * @param headers      judges request headers
     * @param maxFrameSize largest legal size prefix value
     * @return the index of the first request start found, or -1 if none (yet)
     */
    static int find(ByteBuffer bytes, HeaderDecoder headers, int maxFrameSize) {
        int end = bytes.limit();
        ByteBuffer at = bytes.duplicate(); // one view moved along: no allocation per position
        for (int p = bytes.position(); end - p >= 14; p++) {
            if (!headers.looksLikeRequest(at.position(p), maxFrameSize)) {
                continue;
            }
            long next = p + 4L + bytes.getInt(p);
            if (next == end || (next + 14 <= end && headers.looksLikeRequest(at.position((int) next), maxFrameSize))) {
                return p;
            }
        }
        return -1;
    }
}
