package org.kwire.api;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.kwire.records.Codec;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The examples docs/LIBRARY.md shows, each a task a new user has, in at most 10 lines of user code and 4 kwire types
 * (between the {@code // user code} markers); the bytes come from kafka-clients ({@link KafkaBytes}), and every value
 * is checked against Kafka's own. The capture example is pcap-reader's {@code CaptureExamplesTest}.
 */
class FrontDoorExamplesTest {

    /** (a) A request frame as the wire has it (size prefix first): header and body values. */
    @Test
    void decodeARequestFrame() throws Exception {
        ByteBuffer buffer = ByteBuffer.wrap(KafkaBytes.prefixed(KafkaBytes.metadataRequest()));
        // user code (3 types: KafkaDecoder, DecodedFrame, Framing)
        KafkaDecoder kafka = KafkaDecoder.create();
        DecodedFrame request = kafka.request(buffer, Framing.SIZE_PREFIXED);
        String api = request.header().apiName();              // "Metadata"
        int correlationId = request.header().correlationId(); // 42
        JsonNode body = request.values().orElseThrow();       // Kafka's JSON of the body
        // end of user code
        assertEquals("Metadata", api);
        assertEquals(42, correlationId);
        assertEquals(new FrameHeader(true, 3, "Metadata", 12, 42, java.util.Optional.of("app"), 2, 14), request.header());
        assertEquals(KafkaBytes.metadataJson(), KafkaBytes.JSON.readTree(body.toString()));
        assertEquals(List.of(), request.problems());
    }

    /** (b) A response frame without its size prefix (Netty initialBytesToStrip=4), given its request's API. */
    @Test
    void decodeAResponseFrame() throws Exception {
        byte[] wire = KafkaBytes.apiVersionsResponse(7);
        ByteBuffer stripped = ByteBuffer.wrap(wire, 4, wire.length - 4);
        // user code (3 types: KafkaDecoder, DecodedFrame, Framing)
        KafkaDecoder kafka = KafkaDecoder.create();
        DecodedFrame response = kafka.response(stripped, Framing.WITHOUT_SIZE_PREFIX, 18, 3);
        JsonNode body = response.values().orElseThrow();
        int errorCode = body.get("errorCode").asInt();        // 35
        String error = body.get("error_name").asText();       // "UNSUPPORTED_VERSION"
        // end of user code
        assertEquals(35, errorCode);
        assertEquals("UNSUPPORTED_VERSION", error);
        assertEquals(7, response.header().correlationId());
        ((com.fasterxml.jackson.databind.node.ObjectNode) body).remove("error_name");
        assertEquals(KafkaBytes.apiVersionsJson(), KafkaBytes.JSON.readTree(body.toString()));
        assertEquals(List.of(), response.problems());
    }

    /** (c) A records field: batches, CRCs, codecs, record counts. */
    @Test
    void checkARecordsField() {
        ByteBuffer field = ByteBuffer.wrap(KafkaBytes.gzipBatch());
        // user code (2 types: KafkaDecoder, RecordsCheck)
        RecordsCheck check = KafkaDecoder.create().records(field);
        long records = check.records();                        // 3
        int goodCrcs = check.crcValid();                       // 1
        boolean malformed = check.malformed();                 // false
        // end of user code
        assertEquals(3, records);
        assertEquals(1, goodCrcs);
        assertEquals(false, malformed);
        assertEquals(Map.of(Codec.GZIP, 1), check.codecs());
        assertEquals(100L, check.batches().get(0).baseOffset());
        assertEquals(List.of(), check.problems());
    }

    /** (d) One connection's raw bytes, both directions, in any cuts: frames and matched exchanges. */
    @Test
    void decodeAConnectionsBytes() {
        byte[] request = KafkaBytes.prefixed(KafkaBytes.metadataRequest());
        List<KafkaExchange> exchanges = new ArrayList<>();
        // user code (3 types: ConnectionDecoder, ConnectionListener, KafkaExchange)
        try (ConnectionDecoder connection = ConnectionDecoder.create(ConnectionListener.onExchange(exchanges::add))) {
            connection.fromClient(ByteBuffer.wrap(request, 0, 10));          // half a frame
            connection.fromClient(ByteBuffer.wrap(request, 10, request.length - 10));
            connection.fromBroker(ByteBuffer.wrap(KafkaBytes.apiVersionsResponse(99))); // answers nothing
        }
        // end of user code
        assertEquals(2, exchanges.size(), exchanges.toString());
        KafkaExchange unanswered = exchanges.get(1);
        assertEquals(java.util.Optional.of("Metadata"), unanswered.apiName());
        assertEquals(42, unanswered.correlationId());
        assertEquals(java.util.Optional.of("app"), unanswered.clientId());
        assertTrue(unanswered.latencyMicros().isEmpty());
        assertTrue(exchanges.get(0).requestPacket().isEmpty(), "the response to 99 came without its request");
    }
}
