package org.kwire.conversation;

import org.kwire.frame.KafkaFrame;
import org.kwire.protocol.HeaderDecoder;

/**
 * Kafka's one exception to its framing: after a successful SaslHandshake v0 response, client and broker exchange the
 * SASL mechanism's tokens as bare size-prefixed frames, without Kafka headers (KIP-43; KIP-152 later wrapped them in
 * SaslAuthenticate, and SaslHandshake v1 announces that). Tokens go on until the client sends a frame that is a
 * Kafka request again. An empty token (a broker's answer to SASL/PLAIN) is a frame of size 0.
 */
final class SaslTokens {

    /** ApiKey of SaslHandshake. */
    static final int SASL_HANDSHAKE = 17;

    private final HeaderDecoder headers;
    private final int maxFrameSize;
    private boolean active;
    private int responsesDue;

    SaslTokens(HeaderDecoder headers, int maxFrameSize) {
        this.headers = headers;
        this.maxFrameSize = maxFrameSize;
    }

    /** Looks at every response: a SaslHandshake v0 response with error code 0 starts the token exchange. */
    void afterResponse(int apiKey, int apiVersion, KafkaFrame frame) {
        if (apiKey == SASL_HANDSHAKE && apiVersion == 0 && frame.length() >= 10 && frame.bytes().getShort(8) == 0) {
            active = true;
        }
    }

    /** True (and the token's answer is then due) if this client frame is a token, not a Kafka request. */
    boolean takeRequest(KafkaFrame frame) {
        if (!active) {
            return false;
        }
        if (frame.length() >= 14 && headers.looksLikeRequest(frame.bytes(), maxFrameSize)) {
            active = false; // authentication is over: Kafka requests again
            return false;
        }
        responsesDue++;
        return true;
    }

    /** True if this broker frame answers a token. */
    boolean takeResponse() {
        if (responsesDue == 0) {
            return false;
        }
        responsesDue--;
        return true;
    }
}
