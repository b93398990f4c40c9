package org.kwire.examples;

import org.kwire.api.DecodedFrame;
import org.kwire.api.FrameHeader;
import org.kwire.api.Framing;
import org.kwire.api.KafkaDecoder;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * (b) A response frame decoded with the API and version of the request it answers (a response does not carry them),
 * to the names of the errors its {@code ErrorCode} fields carry at every level (top, topic, partition; kwire gives
 * each error code's name beside it, as {@code error_name} for {@code ErrorCode}). Stateless, thread-safe.
 */
public final class DecodeResponse {

    private DecodeResponse() {
    }

    /**
     * The names of the response's non-zero {@code ErrorCode} fields, in wire order, e.g.
     * {@code [LEADER_NOT_AVAILABLE, UNKNOWN_TOPIC_OR_PARTITION]}.
     *
     * @param request  the request frame, size prefix first ({@code position()} to {@code limit()})
     * @param response its response frame, size prefix first
     * @throws java.util.NoSuchElementException if the response's body could not be decoded at all
     */
    public static List<String> errors(ByteBuffer request, ByteBuffer response) {
        // user code (5 lines, 4 kwire types: KafkaDecoder, FrameHeader, DecodedFrame, Framing)
        KafkaDecoder kafka = KafkaDecoder.create();
        FrameHeader asked = kafka.request(request, Framing.SIZE_PREFIXED).header();
        DecodedFrame answer = kafka.response(response, Framing.SIZE_PREFIXED, asked.apiKey(), asked.apiVersion());
        return answer.values().orElseThrow().findValuesAsText("error_name").stream()
                .filter(name -> !name.equals("NONE")).toList();
        // end of user code
    }
}
