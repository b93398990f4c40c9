package org.kwire.conversation;

import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.RequestFrame;
import org.kwire.protocol.ResponseFrame;

import java.nio.ByteBuffer;
import java.util.function.Predicate;

/**
 * Kafka's exceptions to its framing: SASL tokens sent as bare size-prefixed frames, without Kafka headers. They
 * follow a successful SaslHandshake v0 response (KIP-43; KIP-152 later wrapped them in SaslAuthenticate, and
 * SaslHandshake v1 announces that), or open the connection in the legacy GSSAPI flow without any SaslHandshake
 * (Kafka 0.9, KIP-12: the first frame is a GSS-API token, {@link GssapiToken}). Client tokens go on until the client
 * sends a frame that is a Kafka request again. The broker answers a token only when it has a token to send (an empty
 * token is a frame of size 0; with PLAIN some brokers send nothing), so a broker frame is taken for a token only while
 * a client token is unanswered and the frame is not the complete response to a pending request.
 */
final class SaslTokens {

    /** ApiKey of SaslHandshake. */
    static final int SASL_HANDSHAKE = 17;

    private boolean active;
    private boolean gssapi;
    /** Bytes {@link GssapiToken#startsAt} reads at most: size prefix, tag, up to 5 length bytes, the OID tag. */
    private static final int GSSAPI_HEAD = 16;
    private boolean firstRequest = true;
    private int responsesDue;

    /** Looks at every response: a SaslHandshake v0 response with error code 0 starts the token exchange. */
    void afterResponse(int apiKey, int apiVersion, KafkaFrame frame) {
        if (apiKey == SASL_HANDSHAKE && apiVersion == 0 && frame.length() >= 10 && frame.data().getShort(8) == 0) {
            active = true;
        }
    }

    /** True while the client may send tokens instead of requests. */
    boolean active() {
        return active;
    }

    /** True if no token exchange is under way and no token waits for its answer (a new conversation's state). */
    boolean settled() {
        return !active && responsesDue == 0;
    }

    /** How the last token was sent: {@code "after SaslHandshake v0"} or {@code "GSSAPI without SaslHandshake"}. */
    String flow() {
        return gssapi ? "GSS-API, no SaslHandshake" : "after SaslHandshake v0";
    }

    /** True (and the token's answer is then due) if this client frame is a token, not a Kafka request. */
    boolean takeRequest(RequestFrame request) {
        boolean first = firstRequest;
        firstRequest = false;
        ByteBuffer head = first ? request.frame().data().head(GSSAPI_HEAD) : null;
        if (first && GssapiToken.startsAt(head, 0, head.limit())) {
            active = true;
            gssapi = true;
        }
        if (!active) {
            return false;
        }
        if (request.requestLike()) {
            active = false; // authentication is over: Kafka requests again
            return false;
        }
        responsesDue++;
        return true;
    }

    /**
     * True if this broker frame is a token: a client token is unanswered and the frame is not the complete response
     * to a pending request ({@code answersPendingRequest}).
     */
    boolean takeResponse(ResponseFrame frame, Predicate<ResponseFrame> answersPendingRequest) {
        if (responsesDue == 0) {
            return false;
        }
        if (answersPendingRequest.test(frame)) {
            responsesDue = 0; // the broker answers requests now: the last client token got no answer
            return false;
        }
        responsesDue--;
        return true;
    }
}
