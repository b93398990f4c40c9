package org.kwire.examples;

import org.kwire.api.DecodedFrame;
import org.kwire.api.FrameHeader;
import org.kwire.api.Framing;
import org.kwire.api.KafkaDecoder;

import java.nio.ByteBuffer;

/**
 * (a) A request frame as read off the wire, its 4-byte size prefix first, to one log line: API, version,
 * correlation_id, client_id and the body in the JSON shape kafka-clients' {@code *RequestDataJsonConverter} writes.
 * Stateless, thread-safe.
 */
public final class DecodeRequest {

    private DecodeRequest() {
    }

    /**
     * One line for the request frame in {@code wire} ({@code position()} to {@code limit()}, left unchanged), e.g.
     * {@code Metadata v12 #42 app {"topics":[...],...}}.
     *
     * @throws org.kwire.api.NotAFrameException if the bytes are not one request frame with a readable header
     */
    public static String describe(ByteBuffer wire) {
        // user code (5 lines, 4 kwire types: KafkaDecoder, DecodedFrame, Framing, FrameHeader)
        KafkaDecoder kafka = KafkaDecoder.create();
        DecodedFrame request = kafka.request(wire, Framing.SIZE_PREFIXED);
        FrameHeader h = request.header();
        return h.apiName() + " v" + h.apiVersion() + " #" + h.correlationId() + " " + h.clientId().orElse("-") + " "
                + request.values().map(Object::toString).orElse(request.problems().toString());
        // end of user code
    }
}
