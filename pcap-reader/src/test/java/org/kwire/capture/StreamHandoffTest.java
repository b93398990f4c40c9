package org.kwire.capture;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.ForwardingSource;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;
import org.kwire.stream.StreamConnection;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpReassembler;
import org.kwire.tcp.TcpStreamHandler;
import org.kwire.tls.KeyLog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A split pipeline ({@link StreamHandoff}) hands the stream side exactly the events, bytes and order a direct one
 * does, on the stream thread; failures on either thread come out of the pipeline, never a hang. Tiny batches (3
 * events, 100 bytes) and the ring of 16 make the reading thread wait for the stream thread over and over.
 */
class StreamHandoffTest {

    private static final Duration NO_HANG = Duration.ofSeconds(20);

    /** Every handler event as a line: connection, kind, direction, numbers, the bytes' length and hash. */
    private static final class Recorder {
        final List<String> log = Collections.synchronizedList(new ArrayList<>());
        final List<String> threads = Collections.synchronizedList(new ArrayList<>());
        /** Throws this at the data event of that index (counted from 0), if set. */
        RuntimeException failure;
        int failAt = -1;
        int data;

        TcpStreamHandler open(StreamConnection c) {
            log.add(c.stream() + " open " + c.a() + ":" + c.aPort() + " " + c.b() + ":" + c.bPort() + " syn=" + c.synSeen());
            threads.add(Thread.currentThread().getName());
            return new TcpStreamHandler() {
                @Override
                public void onData(boolean fromA, ByteBuffer d, long ts, long packet) {
                    if (data++ == failAt) {
                        throw failure;
                    }
                    byte[] b = new byte[d.remaining()];
                    d.duplicate().get(b);
                    log.add(c.stream() + " data " + fromA + " " + b.length + " " + java.util.Arrays.hashCode(b) + " " + ts + " " + packet);
                }

                @Override
                public void onGap(boolean fromA, long bytes, org.kwire.stream.GapCause cause, long packet) {
                    String reason = cause.label();
                    log.add(c.stream() + " gap " + fromA + " " + bytes + " " + reason + " " + packet);
                }

                @Override
                public void onEndGap(boolean fromA, long bytes, long packet) {
                    log.add(c.stream() + " endgap " + fromA + " " + bytes + " " + packet);
                }

                @Override
                public void onNote(boolean fromA, long packet, org.kwire.expert.ExpertItem item, String text) {
                    log.add(c.stream() + " note " + fromA + " " + packet + " " + text);
                }

                @Override
                public void onEnd(long packet) {
                    log.add(c.stream() + " end " + packet);
                }
            };
        }
    }

    private static PacketPipeline direct(Recorder r, KeyLog keys) {
        return new PacketPipeline(new TcpReassembler(c -> r.open(TcpToStream.describe(c)), ReassemblyLimits.defaults()),
                keys, CaptureTap.NONE);
    }

    private static PacketPipeline split(Recorder r, KeyLog keys, StreamHandoff[] made) {
        Function<StreamConnection, TcpStreamHandler> open = r::open;
        StreamHandoff h = new StreamHandoff(open, 3, 100);
        made[0] = h;
        return new PacketPipeline(new TcpReassembler(c -> h.connection(TcpToStream.describe(c)), ReassemblyLimits.defaults()),
                keys, CaptureTap.NONE, h);
    }

    static void feedAll(PacketPipeline p, String capture) throws IOException {
        try (PacketSource s = CaptureFiles.open(TestCaptures.path(capture))) {
            p.feed(s);
        }
        p.end();
    }

    @Test
    void theStreamThreadSeesWhatADirectPipelineSees() throws IOException {
        // gaps (drop3, lost starts), snaplen gaps, several connections, a pcapng with a Decryption Secrets Block
        for (String capture : List.of("java-basic.pcap", "java-basic-drop3.pcap", "java-basic-snap128.pcap",
                "java-basic-lost-starts.pcap", "kafkajs-tls13-aes256-dsb.pcapng", "java-basic-split-odd.pcap")) {
            Recorder one = new Recorder();
            KeyLog oneKeys = new KeyLog();
            PacketPipeline a = direct(one, oneKeys);
            feedAll(a, capture);
            Recorder two = new Recorder();
            KeyLog twoKeys = new KeyLog();
            StreamHandoff[] h = new StreamHandoff[1];
            PacketPipeline b = split(two, twoKeys, h);
            assertTimeoutPreemptively(NO_HANG, () -> feedAll(b, capture));
            assertTrue(one.log.size() > 10, capture);
            assertEquals(one.log, two.log, capture);
            assertEquals(oneKeys.lines(), twoKeys.lines(), capture);
            assertEquals(a.facts(List.of(), 0), b.facts(List.of(), 0), capture);
            assertTrue(two.threads.stream().allMatch("kwire-stream"::equals), two.threads.toString());
        }
    }

    @Test
    void aFailureOnTheStreamThreadIsThrownOnTheReadingThread() {
        Recorder r = new Recorder();
        r.failure = new IllegalArgumentException("malformed beyond repair");
        r.failAt = 40;
        StreamHandoff[] h = new StreamHandoff[1];
        PacketPipeline p = split(r, new KeyLog(), h);
        RuntimeException thrown = assertTimeoutPreemptively(NO_HANG,
                () -> assertThrows(RuntimeException.class, () -> feedAll(p, "java-basic.pcap")));
        assertSame(r.failure, thrown);
        assertTimeoutPreemptively(NO_HANG, () -> assertSame(r.failure,
                assertThrows(RuntimeException.class, () -> h[0].finish())));
        assertEquals(r.failure, h[0].failure());
    }

    @Test
    void aFailureOnTheReadingThreadComesOutAfterTheStreamThreadHandledWhatCameBefore() throws IOException {
        IOException broken = new IOException("read error");
        Recorder direct = new Recorder();
        PacketPipeline a = direct(direct, new KeyLog());
        assertSame(broken, assertThrows(IOException.class, () -> a.feed(failingAfter(150, broken))));
        Recorder r = new Recorder();
        StreamHandoff[] h = new StreamHandoff[1];
        PacketPipeline b = split(r, new KeyLog(), h);
        IOException thrown = assertTimeoutPreemptively(NO_HANG,
                () -> assertThrows(IOException.class, () -> b.feed(failingAfter(150, broken))));
        assertSame(broken, thrown);
        assertEquals(direct.log, r.log);
        assertFalse(r.log.isEmpty());
    }

    /** java-basic.pcap's first {@code n} packets, then {@code e}. */
    private static PacketSource failingAfter(int n, IOException e) throws IOException {
        return new ForwardingSource(CaptureFiles.open(TestCaptures.path("java-basic.pcap"))) {
            int read;

            @Override
            public Packet next() throws IOException {
                if (read++ == n) {
                    throw e;
                }
                return source.next();
            }
        };
    }
}
