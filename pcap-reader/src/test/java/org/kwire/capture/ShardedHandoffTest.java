package org.kwire.capture;

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
import org.kwire.stream.ConnectionObserver;
import org.kwire.stream.ConnectionTraffic;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.FrameFindings;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;
import org.kwire.tcp.ReassemblyLimits;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pipeline sharded over stream threads ({@link ShardedHandoff}) gives the stage's listener and observers the calls
 * of a direct pipeline, in the same order, all on the merging thread; a failure on any thread comes out of the
 * pipeline, never a hang. Tiny batches (3 events, 100 bytes) make every thread wait for the others over and over.
 */
class ShardedHandoffTest {

    private static final Duration NO_HANG = Duration.ofSeconds(30);

    /** Every listener and observer call as a line, and the threads that made them. */
    private static final class Recorder implements ConversationListener, ConnectionObserver {
        final List<String> log = Collections.synchronizedList(new ArrayList<>());
        final Set<String> threads = Collections.synchronizedSet(new TreeSet<>());
        RuntimeException failure;
        int failAt = -1;

        private void add(String line) {
            if (log.size() == failAt) {
                throw failure;
            }
            log.add(line);
            threads.add(Thread.currentThread().getName());
        }

        @Override
        public void onRequest(KafkaConversation c, RequestFrame frame, RequestRecord record) {
            add(c.id() + " request " + frame.header().apiKey() + " #" + frame.header().correlationId() + " "
                    + frame.frame().meta().firstPacket());
        }

        @Override
        public void onResponse(Exchange e, KafkaFrame frame, FrameFindings decoded) {
            add(e.conversation().id() + " response " + e.apiKey() + " " + frame.meta().firstPacket() + " " + e.latencyMicros());
        }

        @Override
        public void onUnmatchedRequest(Exchange e) {
            add(e.conversation().id() + " unmatched #" + e.request().header().correlationId());
        }

        @Override
        public void onNote(KafkaConversation c, ExpertNote note) {
            add((c == null ? "-" : c.id()) + " note " + note.item().id() + " " + note.packet());
        }

        @Override
        public void kafka(KafkaConversation c) {
            add(c.id() + " kafka " + c.client() + " -> " + c.broker());
        }

        @Override
        public void ended(ConnectionTraffic t) {
            add(t.connection().stream() + " ended " + t.payloadBytes());
        }
    }

    private static StreamStage stage(Recorder r) {
        FrameSummarizer summarizer = new FrameSummarizer(new PlanCache(SchemaRegistry.bundled()),
                new RecordsDecoder(RecordsOptions.defaults()), new TopicNames());
        return new StreamStage(new StreamOptions(Set.of(9092), 1 << 20, 100), TlsKeys.none(), summarizer, r).observe(r);
    }

    private static PacketPipeline sharded(StreamStage stage, int shards, ShardedHandoff[] made) {
        ShardedHandoff h = new ShardedHandoff(stage, shards, 3, 100);
        made[0] = h;
        return new PacketPipeline(new org.kwire.tcp.TcpReassembler(c -> h.connection(TcpToStream.describe(c)),
                ReassemblyLimits.defaults()), stage.tls().keyLog(), CaptureTap.NONE, h);
    }

    @Test
    void theShardsTogetherMakeTheCallsOfOneStageInTheSameOrderOnTheMergingThread() throws IOException {
        for (String capture : List.of("java-basic.pcap", "java-basic-drop3.pcap", "java-basic-lost-starts.pcap",
                "kafkajs-tls13-aes256-dsb.pcapng")) {
            Recorder one = new Recorder();
            StreamStage whole = stage(one);
            PacketPipeline a = new CaptureAnalyzer(whole).start();
            StreamHandoffTest.feedAll(a, capture);
            for (int shards : List.of(2, 3, 5)) {
                Recorder r = new Recorder();
                StreamStage s = stage(r);
                PacketPipeline b = sharded(s, shards, new ShardedHandoff[1]);
                assertTimeoutPreemptively(NO_HANG, () -> StreamHandoffTest.feedAll(b, capture));
                assertTrue(one.log.size() > 10, capture);
                assertEquals(one.log, r.log, capture + " on " + shards);
                assertEquals(whole.tls().keyLog().lines(), s.tls().keyLog().lines(), capture);
                assertEquals(a.facts(List.of(), 0), b.facts(List.of(), 0), capture);
                assertEquals(Set.of("kwire-merge"), r.threads, capture);
            }
        }
    }

    @Test
    void aFailureOnTheMergingThreadIsThrownOnTheReadingThread() {
        Recorder r = new Recorder();
        r.failure = new IllegalStateException("a sink broke");
        r.failAt = 30;
        ShardedHandoff[] h = new ShardedHandoff[1];
        PacketPipeline p = sharded(stage(r), 3, h);
        RuntimeException thrown = assertTimeoutPreemptively(NO_HANG,
                () -> assertThrows(RuntimeException.class, () -> StreamHandoffTest.feedAll(p, "java-basic.pcap")));
        assertSame(r.failure, thrown);
        assertTimeoutPreemptively(NO_HANG, () -> assertSame(r.failure, assertThrows(RuntimeException.class, () -> h[0].finish())));
        assertSame(r.failure, h[0].failure());
    }

    @Test
    void theShardOfAConnectionIsTheSameWhicheverEndIsA() {
        ShardedHandoff h = new ShardedHandoff(stage(new Recorder()), 3);
        try {
            Set<Integer> seen = new TreeSet<>();
            for (int port = 40000; port < 40032; port++) {
                var ab = new org.kwire.stream.StreamConnection(0, "10.0.0.1:" + port, port, "10.0.0.2:9092", 9092, true);
                var ba = new org.kwire.stream.StreamConnection(0, "10.0.0.2:9092", 9092, "10.0.0.1:" + port, port, false);
                assertEquals(h.shardOf(ab), h.shardOf(ba));
                seen.add(h.shardOf(ab));
            }
            assertEquals(Set.of(0, 1, 2), seen, "32 client ports use every shard");
        } finally {
            h.finish();
        }
    }
}
