package org.kwire.conversation;

import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.message.MetadataRequestData;
import org.apache.kafka.common.message.SaslHandshakeRequestData;
import org.apache.kafka.common.message.SaslHandshakeResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.MetadataRequest;
import org.apache.kafka.common.requests.SaslHandshakeRequest;
import org.apache.kafka.common.requests.RequestHeader;
import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.FrameInfo;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.protocol.RequestFrame;
import org.kwire.protocol.ResponseFrame;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.summary.FrameFindings;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Requests built and serialized by kafka-clients, responses matched by correlation_id. */
class KafkaConversationTest {

    private final List<String> events = new ArrayList<>();
    private final List<Exchange> exchanges = new ArrayList<>();
    private final List<RequestRecord> records = new ArrayList<>();
    private final HeaderDecoder headers = new HeaderDecoder(SchemaRegistry.bundled());
    private final ConversationListener listener = new ConversationListener() {
        @Override
        public void onRequest(KafkaConversation c, RequestFrame frame, RequestRecord record) {
            org.kwire.protocol.KafkaRequestHeader h = frame.header();
            events.add("request " + h.apiKey() + " v" + h.apiVersion() + " #" + h.correlationId() + " " + h.clientId());
            records.add(record);
        }

        @Override
        public void onResponse(Exchange e, KafkaFrame frame, FrameFindings decoded) {
            exchanges.add(e);
            events.add("response #" + e.response().header().correlationId() + " api " + e.apiKey()
                    + " hv" + e.response().header().headerVersion() + " latency " + e.latencyMicros());
        }

        @Override
        public void onUnmatchedRequest(Exchange e) {
            events.add("unmatched #" + e.request().header().correlationId());
        }

        @Override
        public void onNote(KafkaConversation c, ExpertNote note) {
            events.add("note " + note.message());
        }
    };
    private final KafkaConversation conversation = new KafkaConversation(3, "10.0.0.1:50000", "10.0.0.2:9092",
            new FrameSummarizer(new PlanCache(SchemaRegistry.bundled()), new RecordsDecoder(RecordsOptions.defaults()),
                    new TopicNames()), listener, 2);

    /** A request frame as the stream stage hands it on: its header decoded once. */
    private void request(KafkaFrame f) {
        conversation.onRequestFrame(headers.requestFrame(f));
    }

    private void respond(KafkaFrame f) {
        conversation.onResponseFrame(ResponseFrame.of(f));
    }

    private static KafkaFrame frame(ByteBuffer withoutPrefix, long nanos) {
        ByteBuffer b = ByteBuffer.allocate(4 + withoutPrefix.remaining()).putInt(withoutPrefix.remaining()).put(withoutPrefix).flip();
        return new KafkaFrame(b, new FrameInfo(b.limit(), 0, 1, 1, nanos, nanos));
    }

    private static KafkaFrame metadataRequest(int correlationId, long nanos) {
        MetadataRequest r = new MetadataRequest(new MetadataRequestData().setTopics(null), (short) 12);
        return frame(r.serializeWithHeader(new RequestHeader(ApiKeys.METADATA, (short) 12, "app", correlationId)), nanos);
    }

    private static KafkaFrame response(int correlationId, boolean flexibleHeader, long nanos) {
        ByteBuffer b = ByteBuffer.allocate(flexibleHeader ? 6 : 5).putInt(correlationId);
        if (flexibleHeader) {
            b.put((byte) 0);
        }
        return frame(b.put((byte) 0).flip(), nanos);
    }

    @Test
    void responsesMatchTheirRequestsByCorrelationIdInAnyOrder() {
        request(metadataRequest(1, 1_000_000));
        ApiVersionsRequest av = new ApiVersionsRequest(new ApiVersionsRequestData(), (short) 3);
        request(frame(av.serializeWithHeader(new RequestHeader(ApiKeys.API_VERSIONS, (short) 3, "app", 2)), 2_000_000));
        respond(response(2, false, 2_500_000)); // ApiVersions: header v0 even at flexible v3
        respond(response(1, true, 4_000_000));
        assertEquals(List.of(
                "request 3 v12 #1 app",
                "request 18 v3 #2 app",
                "response #2 api 18 hv0 latency 500",
                "response #1 api 3 hv1 latency 3000"), events);
        assertEquals("10.0.0.2:9092", exchanges.get(0).conversation().broker());
        assertSame(records.get(1), exchanges.get(0).request(), "the pending entry made for the request comes back");
    }

    @Test
    void responseWithoutRequestAndRequestWithoutResponse() {
        respond(response(9, false, 1));
        request(metadataRequest(4, 2));
        conversation.end();
        assertEquals(List.of(
                "note response with correlation_id 9 has no captured request",
                "response #9 api -1 hv0 latency -1",
                "request 3 v12 #4 app",
                "unmatched #4"), events);
        assertNull(exchanges.get(0).request());
    }

    /** Pre-KIP-152 SASL: after SaslHandshake v0 succeeds, PLAIN's token and the broker's empty answer are bare frames. */
    @Test
    void rawSaslTokensAfterSaslHandshakeV0AreNotTakenForKafkaFrames() {
        SaslHandshakeRequest handshake = new SaslHandshakeRequest(new SaslHandshakeRequestData().setMechanism("PLAIN"), (short) 0);
        request(frame(handshake.serializeWithHeader(new RequestHeader(ApiKeys.SASL_HANDSHAKE, (short) 0, "app", 1)), 1));
        SaslHandshakeResponseData ok = new SaslHandshakeResponseData().setMechanisms(List.of("PLAIN"));
        ObjectSerializationCache cache = new ObjectSerializationCache();
        ByteBuffer body = ByteBuffer.allocate(4 + ok.size(cache, (short) 0)).putInt(1); // response header v0: correlation_id
        ok.write(new ByteBufferAccessor(body), cache, (short) 0);
        respond(frame(body.flip(), 2));
        request(frame(ByteBuffer.wrap("\u0000alice\u0000secret".getBytes(java.nio.charset.StandardCharsets.US_ASCII)), 3));
        respond(frame(ByteBuffer.allocate(0), 4));
        request(metadataRequest(2, 5));
        respond(response(2, true, 6));
        assertEquals(List.of(
                "request 17 v0 #1 app",
                "response #1 api 17 hv0 latency 0",
                "note SASL token of 17 bytes from the client (raw, after SaslHandshake v0; not shown)",
                "note SASL token of 4 bytes from the broker (raw, after SaslHandshake v0; not shown)",
                "request 3 v12 #2 app",
                "response #2 api 3 hv1 latency 0"), events);
    }

    @Test
    void pendingRequestsAreBoundedOldestFirst() {
        request(metadataRequest(1, 1));
        request(metadataRequest(2, 2));
        request(metadataRequest(3, 3));
        assertTrue(events.contains("unmatched #1"), events.toString());
        assertTrue(conversation.isPending(2) && conversation.isPending(3));
    }

    private static KafkaFrame saslHandshakeV0(int correlationId) {
        SaslHandshakeRequest handshake = new SaslHandshakeRequest(new SaslHandshakeRequestData().setMechanism("PLAIN"), (short) 0);
        return frame(handshake.serializeWithHeader(new RequestHeader(ApiKeys.SASL_HANDSHAKE, (short) 0, "app", correlationId)), 1);
    }

    private static KafkaFrame saslHandshakeV0Response(int correlationId) {
        SaslHandshakeResponseData ok = new SaslHandshakeResponseData().setMechanisms(List.of("PLAIN"));
        ObjectSerializationCache cache = new ObjectSerializationCache();
        ByteBuffer body = ByteBuffer.allocate(4 + ok.size(cache, (short) 0)).putInt(correlationId);
        ok.write(new ByteBufferAccessor(body), cache, (short) 0);
        return frame(body.flip(), 2);
    }

    /** A complete Metadata v12 response (no brokers, no topics) as kafka-clients writes it, header v1. */
    private static KafkaFrame metadataResponse(int correlationId, long nanos) {
        org.apache.kafka.common.message.MetadataResponseData data = new org.apache.kafka.common.message.MetadataResponseData();
        ObjectSerializationCache cache = new ObjectSerializationCache();
        ByteBuffer body = ByteBuffer.allocate(5 + data.size(cache, (short) 12)).putInt(correlationId).put((byte) 0);
        data.write(new ByteBufferAccessor(body), cache, (short) 12);
        return frame(body.flip(), nanos);
    }

    /**
     * A broker that answers the PLAIN token with nothing (KIP-152: "only if there is a response token"): the next
     * broker frame is the complete response to the client's pending Metadata request, not a token.
     */
    @Test
    void aBrokerFrameAfterAnUnansweredTokenIsAResponseIfItAnswersAPendingRequest() {
        request(saslHandshakeV0(1));
        respond(saslHandshakeV0Response(1));
        request(frame(ByteBuffer.wrap("\u0000alice\u0000secret".getBytes(java.nio.charset.StandardCharsets.US_ASCII)), 3));
        request(metadataRequest(2, 5));
        respond(metadataResponse(2, 9));
        assertEquals(List.of(
                "request 17 v0 #1 app",
                "response #1 api 17 hv0 latency 0",
                "note SASL token of 17 bytes from the client (raw, after SaslHandshake v0; not shown)",
                "request 3 v12 #2 app",
                "response #2 api 3 hv1 latency 0"), events);
    }

    /** Produce with acks=0 (ProduceRequest.json "Acks"): handed on at once, never pending, never evicting others. */
    @Test
    void produceWithAcksZeroIsNeverPending() {
        request(metadataRequest(1, 1));
        for (int id = 10; id < 15; id++) {
            org.apache.kafka.common.message.ProduceRequestData data = new org.apache.kafka.common.message.ProduceRequestData()
                    .setAcks((short) 0).setTimeoutMs(1000).setTransactionalId(id == 10 ? "tx" : null);
            org.apache.kafka.common.requests.ProduceRequest p = new org.apache.kafka.common.requests.ProduceRequest(data, (short) 13);
            request(frame(p.serializeWithHeader(new RequestHeader(ApiKeys.PRODUCE, (short) 13, "app", id)), 2));
        }
        org.apache.kafka.common.message.ProduceRequestData acked = new org.apache.kafka.common.message.ProduceRequestData()
                .setAcks((short) -1).setTimeoutMs(1000);
        request(frame(new org.apache.kafka.common.requests.ProduceRequest(acked, (short) 8)
                .serializeWithHeader(new RequestHeader(ApiKeys.PRODUCE, (short) 8, "app", 20)), 3));
        assertTrue(conversation.isPending(1), "no eviction by acks=0 requests: " + events);
        assertTrue(conversation.isPending(20), "acks=-1 waits for its response");
        assertEquals(List.of("unmatched #10", "unmatched #11", "unmatched #12", "unmatched #13", "unmatched #14"),
                events.stream().filter(e -> e.startsWith("unmatched")).toList());
        assertEquals(false, conversation.isPending(10));
    }

    /** api_key 0x8003 (a flipped bit): a malformed request, not an exchange. */
    @Test
    void anApiKeyNoReleaseDefinesIsMalformed() {
        request(frame(ByteBuffer.allocate(10).putShort((short) 0x8003).putShort((short) 13).putInt(5)
                .putShort((short) -1).flip(), 1));
        assertEquals(List.of("note request with api_key -32765 (0x8003), which no known Kafka release defines; not decoded"), events);
        assertEquals(false, conversation.isPending(5));
    }

    /** A response the capture cut (its end lost) is timed to its first packet. */
    @Test
    void anIncompleteResponseIsTimedToItsFirstPacket() {
        request(metadataRequest(1, 1_000_000));
        ByteBuffer cut = ByteBuffer.allocate(9).putInt(100).putInt(1).put((byte) 0).flip();
        respond(new KafkaFrame(cut, new FrameInfo(104, 0, 2, 3, 3_000_000, 9_000_000, 9)));
        assertEquals("response #1 api 3 hv1 latency 2000", events.get(1));
        assertTrue(exchanges.get(0).incomplete());
    }
}
