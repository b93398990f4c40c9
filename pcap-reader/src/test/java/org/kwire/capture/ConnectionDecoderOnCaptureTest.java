package org.kwire.capture;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.api.ConnectionDecoder;
import org.kwire.api.ConnectionListener;
import org.kwire.api.KafkaExchange;
import org.kwire.api.capture.KafkaCapture;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.PacketSource;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.schema.SchemaRegistry;
import org.kwire.stream.StreamConnection;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.ExchangeFilter;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;
import org.kwire.tcp.ForwardingStreamHandler;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The front door's {@link ConnectionDecoder}, fed each Kafka connection's reassembled bytes of a real capture as a
 * proxy would read them (both directions, in capture order, with the packets' times), gives exactly the exchanges the
 * capture pipeline of {@code kwire analyze} finds on that connection ({@link KafkaCapture}): same APIs, versions,
 * correlation_ids, client_ids, error codes and latencies.
 */
class ConnectionDecoderOnCaptureTest {

    /** One connection's in-order bytes as TCP reassembly hands them on. */
    private record Read(boolean fromClient, byte[] bytes, long timestampNanos) {
    }

    @Test
    void eachConnectionOfTheSampleGivesTheExchangesTheAnalysisFinds() throws IOException {
        Path file = TestCaptures.path("java-basic.pcap");
        Map<String, List<Read>> reads = new LinkedHashMap<>();
        Map<String, StreamConnection> connections = new LinkedHashMap<>();
        List<String> gaps = new ArrayList<>();
        CaptureTap tap = new CaptureTap() {
            @Override
            public TcpStreamHandler connection(TcpConnection tcp, TcpStreamHandler stream) {
                StreamConnection c = TcpToStream.describe(tcp);
                List<Read> mine = reads.computeIfAbsent(c.a() + " " + c.b(), k -> new ArrayList<>());
                connections.put(c.a() + " " + c.b(), c);
                return new ForwardingStreamHandler(stream) {
                    @Override
                    public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
                        byte[] b = new byte[data.remaining()];
                        data.duplicate().get(b);
                        mine.add(new Read(fromA, b, timestampNanos));
                        super.onData(fromA, data, timestampNanos, packet);
                    }

                    @Override
                    public void onData(boolean fromA, ByteBuffer buffer, int offset, int length, long timestampNanos,
                                       long packet) {
                        onData(fromA, buffer.slice(offset, length), timestampNanos, packet);
                    }

                    @Override
                    public void onGap(boolean fromA, long bytes, org.kwire.stream.GapCause cause, long packet) {
                        String reason = cause.label();
                        gaps.add(c + " " + reason);
                        super.onGap(fromA, bytes, cause, packet);
                    }
                };
            }
        };
        FrameSummarizer summarizer = new FrameSummarizer(new PlanCache(SchemaRegistry.bundled()),
                RecordsDecoder.headersOnly(RecordsOptions.defaults()), new TopicNames());
        ExchangeTracker tracker = new ExchangeTracker(summarizer, ExchangeFilter.ALL, List.of());
        PacketPipeline pipeline = new CaptureAnalyzer(StreamStage.into(tracker, StreamOptions.defaults(), TlsKeys.none()))
                .start(tap);
        try (PacketSource source = CaptureFiles.open(file)) {
            pipeline.feed(source);
        }
        pipeline.end();
        tracker.finish();
        assertEquals(List.of(), gaps);

        Map<String, List<KafkaExchange>> analyzed = new LinkedHashMap<>();
        KafkaCapture.create().exchanges(file, e -> analyzed.computeIfAbsent(e.client() + " " + e.broker(),
                k -> new ArrayList<>()).add(e));
        int compared = 0;
        for (Map.Entry<String, List<KafkaExchange>> expected : analyzed.entrySet()) {
            StreamConnection c = connections.get(expected.getKey());
            assertTrue(c != null && c.synSeen(), expected.getKey());
            List<KafkaExchange> decoded = new ArrayList<>();
            try (ConnectionDecoder decoder = ConnectionDecoder.create(ConnectionListener.onExchange(decoded::add),
                    c.a(), c.b(), java.time.Clock.systemUTC())) {
                for (Read r : reads.get(expected.getKey())) {
                    Instant at = Instant.ofEpochSecond(0, r.timestampNanos());
                    if (r.fromClient()) {
                        decoder.fromClient(ByteBuffer.wrap(r.bytes()), at);
                    } else {
                        decoder.fromBroker(ByteBuffer.wrap(r.bytes()), at);
                    }
                }
            }
            assertEquals(withoutPackets(expected.getValue()), withoutPackets(decoded), expected.getKey());
            compared += decoded.size();
        }
        assertEquals(73, compared, "the README's 73 exchanges of the sample");
    }

    /** The exchanges without their packet numbers (a capture's frame numbers, a decoder's call numbers). */
    private static List<String> withoutPackets(List<KafkaExchange> exchanges) {
        return exchanges.stream().map(e -> List.of(e.apiName(), e.apiVersion(), e.correlationId(), e.clientId(),
                e.latencyMicros(), e.errorCodes(), e.requestSeen(), e.responseSeen(), e.complete()).toString()).toList();
    }
}
