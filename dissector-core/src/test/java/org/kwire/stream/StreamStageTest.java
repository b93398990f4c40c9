package org.kwire.stream;

import org.apache.kafka.common.message.ApiVersionsRequestData;
import org.apache.kafka.common.message.ApiVersionsResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.requests.RequestHeader;
import org.junit.jupiter.api.Test;
import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.Exchange;
import org.kwire.conversation.KafkaConversation;
import org.kwire.conversation.RequestRecord;
import org.kwire.expert.ExpertNote;
import org.kwire.frame.KafkaFrame;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.RequestFrame;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.FrameFindings;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;
import org.kwire.tls.TlsFacts;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The stream stage alone, without any capture type: bytes of a connection in (requests serialized by kafka-clients),
 * frames, exchanges and connection events out.
 */
class StreamStageTest {

    private final List<String> events = new ArrayList<>();
    private final FrameSummarizer summarizer = new FrameSummarizer(new PlanCache(SchemaRegistry.bundled()),
            new RecordsDecoder(RecordsOptions.defaults()), new TopicNames());
    private final ConversationListener listener = new ConversationListener() {
        @Override
        public void onRequest(KafkaConversation c, RequestFrame frame, RequestRecord record) {
            events.add("request " + frame.header().apiKey() + " #" + frame.header().correlationId());
        }

        @Override
        public void onResponse(Exchange e, KafkaFrame frame, FrameFindings decoded) {
            events.add("response " + e.apiKey() + " #" + e.response().header().correlationId() + " after "
                    + e.latencyMicros() + " us");
        }

        @Override
        public void onUnmatchedRequest(Exchange e) {
            events.add("unmatched #" + e.request().header().correlationId());
        }

        @Override
        public void onNote(KafkaConversation c, ExpertNote note) {
            events.add("note " + note.item().id() + " frame " + note.packet());
        }
    };
    private final ConnectionObserver observer = new ConnectionObserver() {
        @Override
        public void kafka(KafkaConversation conversation) {
            events.add("kafka " + conversation.client() + " -> " + conversation.broker());
        }

        @Override
        public void other(int stream, String client, String broker, Carried carried) {
            events.add("other " + carried.label());
        }

        @Override
        public void closed(int stream, Carried carried) {
            events.add("closed " + carried.label());
        }

        @Override
        public void gap(int stream, long bytes, GapCause cause) {
            events.add("gap " + bytes + " " + cause.label());
        }

        @Override
        public void ended(ConnectionTraffic t) {
            events.add("ended " + t.payloadBytes() + " bytes" + (t.kafka() ? ", kafka" : ""));
        }
    };

    private static ByteBuffer apiVersionsRequest(int correlationId) {
        ByteBuffer b = new ApiVersionsRequest(new ApiVersionsRequestData().setClientSoftwareName("t")
                .setClientSoftwareVersion("1"), (short) 3).serializeWithHeader(
                new RequestHeader(ApiKeys.API_VERSIONS, (short) 3, "app", correlationId));
        return ByteBuffer.allocate(4 + b.remaining()).putInt(b.remaining()).put(b).flip();
    }

    private static ByteBuffer apiVersionsResponse(int correlationId) {
        ApiVersionsResponseData data = new ApiVersionsResponseData();
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = 4 + data.size(cache, (short) 3);
        ByteBuffer b = ByteBuffer.allocate(4 + size).putInt(size).putInt(correlationId);
        data.write(new ByteBufferAccessor(b), cache, (short) 3);
        return b.flip();
    }

    private StreamStage stage() {
        return new StreamStage(new StreamOptions(Set.of(9092), 1 << 20, 100), TlsKeys.none(), summarizer, listener)
                .observe(observer);
    }

    @Test
    void everyObserverEventIsForwardedByTheFanOut() throws NoSuchMethodException {
        List<String> missing = new ArrayList<>();
        for (Method m : ConnectionObserver.class.getMethods()) {
            if (ConnectionObservers.class.getMethod(m.getName(), m.getParameterTypes()).getDeclaringClass()
                    != ConnectionObservers.class) {
                missing.add(m.getName());
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void theDeferredOutputsForwardEveryListenerAndObserverEvent() throws NoSuchMethodException {
        List<String> missing = new ArrayList<>();
        for (Class<?> api : List.of(ConnectionObserver.class, ConversationListener.class)) {
            for (Method m : api.getMethods()) {
                if (DeferredOutputs.class.getMethod(m.getName(), m.getParameterTypes()).getDeclaringClass()
                        != DeferredOutputs.class) {
                    missing.add(m.getName());
                }
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void aDeferredStageMakesNoCallUntilItsTasksRunThenTheSameCallsInTheSameOrder() {
        StreamConnection c = new StreamConnection(0, "10.0.0.1:5000", 5000, "10.0.0.2:9092", 9092, true);
        StreamInput in = stage().open(c);
        in.data(true, apiVersionsRequest(7), 1_000_000, 1);
        in.data(false, apiVersionsResponse(7), 1_250_000, 2);
        in.data(true, apiVersionsRequest(8), 1_300_000, 3);
        in.end(4);
        List<String> direct = List.copyOf(events);
        events.clear();

        List<Runnable> tasks = new ArrayList<>();
        StreamInput deferred = stage().deferred(tasks::add, TlsKeys.none()).open(c);
        deferred.data(true, apiVersionsRequest(7), 1_000_000, 1);
        deferred.data(false, apiVersionsResponse(7), 1_250_000, 2);
        deferred.data(true, apiVersionsRequest(8), 1_300_000, 3);
        deferred.end(4);
        assertEquals(List.of(), events);
        tasks.forEach(Runnable::run);
        assertEquals(direct, events);
        assertEquals(List.of("kafka 10.0.0.1:5000 -> 10.0.0.2:9092", "request 18 #7", "response 18 #7 after 250 us",
                "request 18 #8", "unmatched #8", "closed kafka", "ended "), direct.stream()
                .map(e -> e.startsWith("ended ") ? "ended " : e).toList());
    }

    @Test
    void aRequestSplitAcrossSegmentsAndItsResponseMakeOneExchange() {
        StreamInput in = stage().open(new StreamConnection(0, "10.0.0.1:5000", 5000, "10.0.0.2:9092", 9092, true));
        ByteBuffer request = apiVersionsRequest(7);
        int half = request.remaining() / 2;
        in.data(true, request.slice(0, half), 1_000_000, 1);
        in.data(true, request.slice(half, request.remaining() - half), 1_000_000, 2);
        in.data(false, apiVersionsResponse(7), 1_250_000, 3);
        in.end(4);
        assertEquals(List.of("kafka 10.0.0.1:5000 -> 10.0.0.2:9092", "request 18 #7", "response 18 #7 after 250 us",
                "closed kafka", "ended " + (request.limit() + apiVersionsResponse(7).limit()) + " bytes, kafka"), events);
    }

    @Test
    void aGapInsideAFrameIsNotedAndFramingGoesOn() {
        StreamInput in = stage().open(new StreamConnection(1, "10.0.0.1:5001", 5001, "10.0.0.2:9092", 9092, true));
        ByteBuffer first = apiVersionsRequest(1);
        in.data(true, first.slice(0, 10), 1, 1); // the header is cut: its correlation_id is lost
        in.gap(true, first.limit() - 10, GapCause.SNAPLEN, GapCause.SNAPLEN.label(), 1);
        in.data(true, apiVersionsRequest(2), 2, 2);
        in.data(false, apiVersionsResponse(2), 3, 3);
        in.end(4);
        assertEquals(List.of("kafka 10.0.0.1:5001 -> 10.0.0.2:9092", "note kafka.frame.cut_by_gap frame 1",
                "note kafka.request.header_lost frame 1", "gap " + (first.limit() - 10) + " snaplen", "request 18 #2",
                "response 18 #2 after 0 us", "closed kafka", "ended " + (10 + first.limit() + apiVersionsResponse(2).limit())
                        + " bytes, kafka"), events);
    }

    @Test
    void aConnectionOnAnotherPortThatIsNotKafkaIsOnlyCounted() {
        TrafficCensus census = new TrafficCensus(Set.of(9092));
        StreamInput in = stage().observe(census)
                .open(new StreamConnection(2, "10.0.0.1:5002", 5002, "10.0.0.2:8080", 8080, true));
        in.data(true, ByteBuffer.wrap("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII)), 1, 1);
        in.end(2);
        assertEquals(List.of("ended 27 bytes"), events);
        assertEquals("no Kafka traffic found: nothing on port 9092; the TCP traffic was on port 8080: HTTP (1 connection, "
                + "27 bytes). Is --port right?", census.verdict(2));
    }

    @Test
    void aTlsConnectionWithoutKeysIsToldOfAsTls() {
        List<String> tls = new ArrayList<>();
        StreamInput in = stage().observe(new ConnectionObserver() {
            @Override
            public void tls(int stream, String client, String broker, TlsFacts facts) {
                tls.add(client + " -> " + broker);
            }
        }).open(new StreamConnection(3, "10.0.0.1:5003", 5003, "10.0.0.2:9092", 9092, true));
        // a TLS 1.2 record header (handshake, 3.3) with a 4-byte body: a cut ClientHello
        in.data(true, ByteBuffer.wrap(new byte[] {22, 3, 3, 0, 4, 1, 0, 0, 0}), 1, 1);
        in.end(2);
        assertEquals(List.of("note tls.handshake_malformed frame 1", "other tls", "closed tls", "ended 9 bytes"), events);
        assertEquals("10.0.0.1:5003 -> 10.0.0.2:9092", tls.get(tls.size() - 1), "its facts go to the observers");
    }
}
