package org.kwire.stream;

import org.kwire.frame.FrameInfo;
import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.summary.FrameSummarizer;

import java.nio.ByteBuffer;

/**
 * Which end of a connection is the client when the ports cannot tell: both ends are broker ports ({@code --port}) and
 * the SYN, which would name the client, was not captured. Broker-to-broker traffic (follower fetches, KRaft, a broker
 * to another's listener) runs between broker ports in every replicated cluster, and a connection whose source port
 * happens to be a broker port is the same case. The bytes decide: a side whose held bytes hold a request whose body
 * decodes ({@link RequestTrial}) is the client (a strong sign); a side whose bytes hold a plausible request header
 * followed by another ({@link RequestStart}) but not a whole request is one too, unless the other side shows more
 * (a weak sign). A response can look like a request header (a small correlation_id reads as Produce's api_key 0 and a
 * version), rarely like a whole request. Failing those, a side whose bytes are size-prefixed frames but no request is
 * the broker (a capture that began while a response was due). Without a sign, or with equal signs on both sides, the
 * side that spoke first is taken, and the caller notes the guess.
 */
final class ClientSide {

    /**
     * What one side's bytes say: nothing; they are size-prefixed frames that end where the bytes do but no request
     * (responses, likely); a plausible request header; a whole request.
     */
    enum Sign { NONE, FRAMED, WEAK, STRONG }

    /**
     * The decision.
     *
     * @param clientIsA true if endpoint A is the client
     * @param guessed   null if the bytes decided; else what they showed, in words, when the side that spoke first was
     *                  taken for the client
     */
    record Decision(boolean clientIsA, String guessed) {
    }

    /** Request headers tried per side before giving up on finding a whole request. */
    private static final int MAX_TRIES = 64;

    private ClientSide() {
    }

    /**
     * @param held     both sides' bytes so far
     * @param decided  true if no more bytes will be waited for (the hold limit, a gap that cannot wait, the end)
     * @return the decision, or null to wait for more bytes
     */
    static Decision decide(HeldBytes held, HeaderDecoder headers, FrameSummarizer summarizer, int maxFrameSize,
                           boolean decided) {
        Sign a = sign(held.afterLastGap(true), headers, summarizer, maxFrameSize);
        Sign b = sign(held.afterLastGap(false), headers, summarizer, maxFrameSize);
        if (a == Sign.STRONG && b != Sign.STRONG || b == Sign.STRONG && a != Sign.STRONG) {
            return new Decision(a == Sign.STRONG, null);
        }
        if (a == Sign.STRONG) {
            return new Decision(held.firstSpeaker(), "both sent bytes that decode as requests");
        }
        if (!decided) {
            return null;
        }
        if (a != b) {
            boolean aTells = a.ordinal() > b.ordinal();
            boolean framedTells = (aTells ? a : b) == Sign.FRAMED;
            return new Decision(aTells != framedTells, null); // a request names the client, frames alone the broker
        }
        return new Decision(held.firstSpeaker(), a == Sign.WEAK ? "both sent bytes that look like request headers"
                : a == Sign.FRAMED ? "both sent frames that are not requests" : "neither sent bytes that decode as a request");
    }

    /** What one side's bytes (after its last gap) say. */
    static Sign sign(ByteBuffer bytes, HeaderDecoder headers, FrameSummarizer summarizer, int maxFrameSize) {
        Sign request = requestSign(bytes, headers, summarizer, maxFrameSize);
        return request == Sign.NONE && framed(bytes, maxFrameSize) ? Sign.FRAMED : request;
    }

    /** True if the bytes are one or more size-prefixed frames (sizes within bounds) that end exactly where they do. */
    private static boolean framed(ByteBuffer bytes, int maxFrameSize) {
        long p = bytes.position();
        while (p + 4 <= bytes.limit()) {
            int size = bytes.getInt((int) p);
            if (size < HeaderDecoder.MIN_RESPONSE_FRAME - 4 || size > maxFrameSize) {
                return false;
            }
            p += 4L + size;
        }
        return p == bytes.limit() && p > bytes.position();
    }

    /** A whole request decodes, a request header shows, or nothing. */
    private static Sign requestSign(ByteBuffer bytes, HeaderDecoder headers, FrameSummarizer summarizer, int maxFrameSize) {
        int from = bytes.position();
        for (int tries = 0; tries < MAX_TRIES; tries++) {
            int p = RequestStart.find(bytes.duplicate().position(from), headers, maxFrameSize);
            if (p < 0) {
                return Sign.NONE;
            }
            long end = p + 4L + bytes.getInt(p);
            if (end > bytes.limit()) {
                return Sign.WEAK; // a header whose frame is not held whole
            }
            int length = (int) (end - p);
            KafkaFrame frame = new KafkaFrame(bytes.slice(p, length), new FrameInfo(length, 0, 0, 0, 0, 0));
            if (RequestTrial.decodesCleanly(frame, headers, summarizer)) {
                return Sign.STRONG;
            }
            from = p + 1;
        }
        return Sign.WEAK;
    }
}
