package org.kwire.tcp;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.net.Endpoint;
import org.kwire.net.LinkTypes;
import org.kwire.net.PacketDecoder;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.Packet;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TCP reassembly. The java-basic values were computed independently in python (per 4-tuple and direction, the payload
 * bytes placed by sequence number relative to the SYN, duplicates counted once; CRC-32 of each resulting stream) and
 * agree with the shared truth file (17 TCP streams). Synthetic cases use hand-built segments and check every callback.
 */
class TcpReassemblerTest {

    private static final int FIN = TcpSegment.FIN;
    private static final int SYN = TcpSegment.SYN;
    private static final int RST = TcpSegment.RST;
    private static final int ACK = TcpSegment.ACK;
    private static final int PSH = 0x08;

    private static final Endpoint CLIENT = new Endpoint(new byte[] {10, 0, 0, 1}, 40000);
    private static final Endpoint SERVER = new Endpoint(new byte[] {10, 0, 0, 2}, 9092);

    // ---------------------------------------------------------------------------------------------------------------
    // java-basic.pcap

    /** Per stream: client port, bytes client->broker, bytes broker->client, packet whose FIN closed it. */
    private static final long[][] JAVA_BASIC_STREAMS = {
            {45760, 86, 945, 36},
            {45772, 278, 4121, 33},
            {45774, 181, 1086, 75},
            {45788, 3210, 1349, 73},
            {45800, 181, 1086, 108},
            {45808, 1745, 1323, 106},
            {45816, 187, 1086, 141},
            {45820, 1969, 1323, 139},
            {45824, 178, 1086, 176},
            {45836, 1484, 1257, 173},
            {45846, 181, 1086, 211},
            {45852, 1733, 1323, 209},
            {45864, 193, 1214, 297},
            {45866, 1014, 10275, 293},
            {45882, 1398, 1810, 294},
            {45894, 86, 945, 339},
            {45898, 416, 1492, 336},
    };
    private static final long JAVA_BASIC_CLIENT_BYTES = 14_520;
    private static final long JAVA_BASIC_BROKER_BYTES = 32_807;
    /** Packets 69, 153 and 187 repeat packets 68, 151 and 186 exactly (132 + 49 + 50 = 231 bytes). */
    private static final long JAVA_BASIC_RETRANSMISSIONS = 3;
    /** With every packet cut to 128 captured bytes (as java-basic-snap128.pcap): bytes still delivered. */
    private static final long SNAP128_DATA_BYTES = 8_788;
    private static final long SNAP128_GAP_BYTES = 38_539;

    @Test
    void javaBasicConnectionsAndBytesPerDirection() throws IOException {
        Run run = new Run();
        List<Packet> packets = TestCaptures.read("java-basic.pcap").packets();
        run.feed(packets);

        assertEquals(17, run.reassembler.connections());
        assertEquals(17, run.recorders.size());
        assertEquals(JAVA_BASIC_RETRANSMISSIONS, run.reassembler.retransmissions());
        long client = 0;
        long broker = 0;
        for (int i = 0; i < JAVA_BASIC_STREAMS.length; i++) {
            long[] expected = JAVA_BASIC_STREAMS[i];
            Recorder r = run.recorders.get(i);
            String at = "stream " + i;
            assertEquals(i, r.connection.stream(), at);
            assertTrue(r.connection.synSeen(), at);
            assertEquals("127.0.0.1:" + expected[0], r.connection.a().toString(), at);
            assertEquals("127.0.0.1:9092", r.connection.b().toString(), at);
            assertEquals(expected[1], r.fromA.size(), at + " client bytes");
            assertEquals(expected[2], r.fromB.size(), at + " broker bytes");
            assertEquals(List.of("end #" + expected[3]), r.ends, at);
            assertEquals(0, r.gapBytes("missing segments") + r.gapBytes("snaplen"), at);
            client += r.fromA.size();
            broker += r.fromB.size();
        }
        assertEquals(JAVA_BASIC_CLIENT_BYTES, client);
        assertEquals(JAVA_BASIC_BROKER_BYTES, broker);

        // the content, not just the amount: CRC-32 of whole streams
        assertEquals(3_889_567_212L, crc(run.recorders.get(0).fromA));
        assertEquals(3_976_461_150L, crc(run.recorders.get(0).fromB));
        assertEquals(3_880_985_632L, crc(run.recorders.get(13).fromA));
        assertEquals(690_833_777L, crc(run.recorders.get(13).fromB));
        // every stream starts with a Kafka size prefix: stream 0's first request is 52 bytes, its response 876
        assertEquals(52, ByteBuffer.wrap(run.recorders.get(0).fromA.toByteArray()).getInt());
        assertEquals(876, ByteBuffer.wrap(run.recorders.get(0).fromB.toByteArray()).getInt());
    }

    @Test
    void javaBasicCutToSnaplen128() throws IOException {
        Run run = new Run();
        List<Packet> cut = new ArrayList<>();
        for (Packet p : TestCaptures.read("java-basic.pcap").packets()) {
            int keep = Math.min(p.capturedLength(), 128);
            cut.add(new Packet(p.number(), p.timestampNanos(), p.linkType(), p.originalLength(),
                    p.data().slice(p.data().position(), keep), p.interfaceId()));
        }
        run.feed(cut);

        assertEquals(17, run.reassembler.connections());
        long data = 0;
        long snaplenGaps = 0;
        for (int i = 0; i < JAVA_BASIC_STREAMS.length; i++) {
            Recorder r = run.recorders.get(i);
            // data and snaplen gaps add up to exactly the uncut stream, direction by direction
            assertEquals(JAVA_BASIC_STREAMS[i][1], r.fromA.size() + r.gapBytes(true, "snaplen"), "stream " + i);
            assertEquals(JAVA_BASIC_STREAMS[i][2], r.fromB.size() + r.gapBytes(false, "snaplen"), "stream " + i);
            assertEquals(0, r.gapBytes("missing segments"), "stream " + i);
            data += r.fromA.size() + r.fromB.size();
            snaplenGaps += r.gapBytes("snaplen");
        }
        assertEquals(SNAP128_DATA_BYTES, data);
        assertEquals(SNAP128_GAP_BYTES, snaplenGaps);
        assertEquals(JAVA_BASIC_RETRANSMISSIONS, run.reassembler.retransmissions());
    }

    @Test
    void nDpiConnectionsWithoutHandshakesAndDuplicates() throws IOException {
        // the file merges captures months apart, and interface 0's connections sit silent for 85 minutes between
        // packets: with the default idle time they would be ended and reopened, so this run waits a day
        Run run = new Run(new ReassemblyLimits(ReassemblyLimits.DEFAULT_MAX_HELD, 86_400_000_000_000L, ReassemblyLimits.DEFAULT_MAX_CLOSED));
        run.feed(TestCaptures.read("nDPI-kafka.pcapng").packets());

        // 8 connections seen mid-way (interface 0), 1 complete one on loopback (interface 1)
        assertEquals(9, run.reassembler.connections());
        // frames 10 and 18 duplicate frames 9 and 17
        assertEquals(2, run.reassembler.retransmissions());
        Recorder second = run.recorders.get(1);
        assertFalse(second.connection.synSeen());
        assertEquals("172.30.0.237:9092", second.connection.a().toString()); // first packet is a broker response
        assertEquals(590, second.fromA.size());
        assertEquals(44, second.fromB.size());
        Recorder loopback = run.recorders.get(8);
        assertTrue(loopback.connection.synSeen());
        assertEquals("127.0.0.1:46136", loopback.connection.a().toString());
        assertEquals(307, loopback.fromA.size());
        assertEquals(660, loopback.fromB.size());
        assertEquals(List.of("end #40"), loopback.ends); // FIN both ways; the last ACK (#41) opens nothing
        // the others are idle for months once interface 1's packets (December 2023) start at #23
        assertEquals(List.of("end #23"), run.recorders.get(0).ends);
        assertEquals(8, run.reassembler.idleEnded());
    }

    // ---------------------------------------------------------------------------------------------------------------
    // synthetic segments; client ISN 1000 (data from 1001), server ISN 5000 (data from 5001) unless said otherwise

    @Test
    void inOrderDelivery() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.client(1001, 5001, ACK | PSH, "abc");
        run.client(1004, 5001, ACK | PSH, "def");
        run.server(5001, 1007, ACK | PSH, "xyz");
        run.client(1007, 5004, ACK, "");
        run.reassembler.end(7);

        assertEquals(1, run.reassembler.connections());
        Recorder r = run.only();
        assertEquals(0, r.connection.stream());
        assertEquals(CLIENT, r.connection.a());
        assertEquals(SERVER, r.connection.b());
        assertTrue(r.connection.synSeen());
        assertEquals(List.of("A abc #4", "A def #5", "B xyz #6", "end #7"), r.events);
        assertEquals(0, run.reassembler.retransmissions());
    }

    @Test
    void outOfOrderSegmentsAreHeldThenDeliveredInOrder() {
        Run run = new Run();
        run.handshake(1000, 5000);
        TcpSegment ghi = run.client(1007, 5001, ACK, "ghi");
        run.client(1004, 5001, ACK, "def");
        assertEquals(List.of(), run.only().events);
        overwrite(ghi.payload()); // held bytes must be a copy, not the packet's buffer
        run.client(1001, 5001, ACK, "abc");

        assertEquals(List.of("A abc #6", "A def #5", "A ghi #4"), run.only().events);
        // each piece keeps the capture time of the packet that carried it (packet n at n ms)
        assertEquals(List.of(6_000_000L, 5_000_000L, 4_000_000L), run.only().timestamps);
        assertEquals("abcdefghi", run.only().fromA.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void exactRetransmissionIsDropped() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.client(1001, 5001, ACK, "abc");
        run.client(1001, 5001, ACK, "abc");
        run.client(1004, 5001, ACK, "def");
        run.reassembler.end(6);

        assertEquals(List.of("A abc #4", "A def #6", "end #6"), run.only().events);
        assertEquals(1, run.reassembler.retransmissions());
    }

    @Test
    void overlappingRetransmissionDeliversOnlyTheNewTail() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.client(1001, 5001, ACK, "abc");
        run.client(1002, 5001, ACK, "bcdef");
        run.reassembler.end(5);

        assertEquals(List.of("A abc #4", "A def #5", "end #5"), run.only().events);
        assertEquals(1, run.reassembler.retransmissions());
    }

    @Test
    void heldSegmentOverlappedByLaterDataKeepsTheHeldBytes() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.client(1004, 5001, ACK, "defgh"); // held: bytes 1004-1008
        run.client(1001, 5001, ACK, "abcdef"); // bytes 1001-1006, covering the held segment's first 3 (same bytes)

        assertEquals(List.of("A abc #5", "A defgh #4"), run.only().events); // the first copy of every byte wins
    }

    @Test
    void missingSegmentBecomesAGapWhenThePeerAcknowledgesPastIt() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.client(1001, 5001, ACK, "abc"); // #4
        run.client(1010, 5001, ACK, "jkl"); // #5, held: 1004-1009 not captured
        run.server(5001, 1004, ACK, ""); // #6 acknowledges only what was seen: nothing happens
        assertEquals(List.of("A abc #4"), run.only().events);
        run.server(5001, 1007, ACK, ""); // #7 acknowledges 1004-1006
        run.server(5001, 1013, ACK, ""); // #8 acknowledges everything

        assertEquals(List.of("A abc #4", "A gap 3 missing segments #7", "A gap 3 missing segments #8", "A jkl #5"),
                run.only().events);
    }

    @Test
    void missingSegmentBecomesAGapAtTheEnd() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.client(1001, 5001, ACK, "abc"); // #4
        run.client(1010, 5001, ACK, "jkl"); // #5
        run.client(1020, 5001, ACK, "tu"); // #6
        run.reassembler.end(6);

        assertEquals(List.of("A abc #4", "A gap 6 missing segments #6", "A jkl #5", "A gap 7 missing segments #6",
                "A tu #6", "end #6"), run.only().events);
    }

    @Test
    void holdLimitDeclaresTheMissingBytesLost() {
        Run run = new Run(4);
        run.handshake(1000, 5000);
        run.client(1001, 5001, ACK, "abc"); // #4
        run.client(1010, 5001, ACK, "jkl"); // #5: 3 bytes held
        run.client(1020, 5001, ACK, "tu"); // #6: 5 bytes held, over the limit of 4

        assertEquals(List.of("A abc #4", "A gap 6 missing segments #6", "A jkl #5"), run.only().events);
    }

    @Test
    void snaplenMissingPayloadBecomesAGap() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.send(CLIENT, SERVER, 1001, 5001, ACK, "abc", 5); // #4: 8 bytes on the wire, 3 captured
        run.client(1009, 5001, ACK, "ij"); // #5
        run.server(5001, 1011, ACK, ""); // #6
        run.reassembler.end(6);

        assertEquals(List.of("A abc #4", "A gap 5 snaplen #4", "A ij #5", "end #6"), run.only().events);
        assertEquals(0, run.reassembler.retransmissions());
    }

    @Test
    void sequenceNumbersWrapAroundAt2To32() {
        Run run = new Run();
        run.handshake(0xFFFF_FFFDL, 5000); // client data starts at 0xFFFFFFFE
        run.client(0xFFFF_FFFEL, 5001, ACK, "ab"); // #4: 0xFFFFFFFE, 0xFFFFFFFF
        run.client(2, 5001, ACK, "ef"); // #5: held
        run.client(0, 5001, ACK, "cd"); // #6: 0, 1
        run.server(5001, 4, ACK, ""); // #7: acknowledges through the wrap, no gap
        run.client(0xFFFF_FFFFL, 5001, ACK, "bc"); // #8: retransmission across the wrap
        run.client(6, 5001, ACK, "gh"); // #9: bytes 4 and 5 missing
        run.reassembler.end(9);

        assertEquals(List.of("A ab #4", "A cd #6", "A ef #5", "A gap 2 missing segments #9", "A gh #9", "end #9"),
                run.only().events);
        assertEquals(1, run.reassembler.retransmissions());
    }

    @Test
    void finBothWaysEndsTheConnectionAndLaterAcksOpenNothing() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.client(1001, 5001, ACK, "abc"); // #4
        run.server(5001, 1004, ACK | FIN, ""); // #5
        assertEquals(List.of(), run.only().ends);
        run.client(1004, 5002, ACK | FIN, ""); // #6
        run.server(5002, 1005, ACK, ""); // #7: the last ACK
        run.reassembler.end(7);

        assertEquals(1, run.reassembler.connections());
        assertEquals(List.of("A abc #4", "end #6"), run.only().events);
    }

    @Test
    void rstEndsTheConnection() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.client(1001, 5001, ACK, "abc"); // #4
        run.server(5001, 1004, ACK | RST, ""); // #5
        run.client(1004, 5001, ACK, ""); // #6
        run.reassembler.end(6);

        assertEquals(1, run.reassembler.connections());
        assertEquals(List.of("A abc #4", "end #5"), run.only().events);
    }

    @Test
    void newSynAfterCloseStartsANewConnection() {
        Run run = new Run();
        run.handshake(1000, 5000); // #1-3
        run.client(1001, 5001, ACK, "old"); // #4
        run.client(1004, 5001, ACK | FIN, ""); // #5
        run.server(5001, 1005, ACK | FIN, ""); // #6
        run.client(1005, 5002, ACK, ""); // #7
        run.send(CLIENT, SERVER, 90_000, 0, SYN, "", 0); // #8
        run.send(SERVER, CLIENT, 70_000, 90_001, SYN | ACK, "", 0); // #9
        run.client(90_001, 70_001, ACK, "new"); // #10
        run.reassembler.end(10);

        assertEquals(2, run.reassembler.connections());
        Recorder first = run.recorders.get(0);
        Recorder second = run.recorders.get(1);
        assertEquals(List.of("A old #4", "end #6"), first.events);
        assertEquals(1, second.connection.stream());
        assertEquals(CLIENT, second.connection.a());
        assertTrue(second.connection.synSeen());
        assertEquals(List.of("A new #10", "end #10"), second.events);
    }

    @Test
    void aShedConnectionIsToldOnceAndItsLaterSegmentsAreDroppedUntilANewSyn() {
        Run run = new Run();
        run.handshake(1000, 5000); // #1-3
        run.client(1001, 5001, ACK, "abc"); // #4
        run.client(1007, 5001, ACK, "ghi"); // #5: held, "def" missing
        run.reassembler.shed(run.segment(SERVER, CLIENT, 5001, 1004, ACK, "xyz")); // #6: its payload was not kept
        run.client(1004, 5004, ACK, "def"); // #7: dropped
        run.server(5004, 1010, ACK | FIN, ""); // #8: dropped
        run.send(CLIENT, SERVER, 90_000, 0, SYN, "", 0); // #9: a new connection on the 4-tuple
        run.send(SERVER, CLIENT, 70_000, 90_001, SYN | ACK, "", 0); // #10
        run.client(90_001, 70_001, ACK, "new"); // #11
        run.reassembler.end(11);

        assertEquals(2, run.reassembler.connections());
        assertEquals(List.of("A abc #4", "shed #6"), run.recorders.get(0).events, "no gap, no end: its analysis was dropped");
        assertEquals(List.of("A new #11", "end #11"), run.recorders.get(1).events);
        assertEquals(1, run.reassembler.shedConnections());
        assertEquals(3, run.reassembler.shedSegments());
    }

    @Test
    void newSynOnAnOpenConnectionWithDataIsPortReuse() {
        Run run = new Run();
        run.handshake(1000, 5000);
        run.client(1001, 5001, ACK, "old"); // #4
        run.send(CLIENT, SERVER, 90_000, 0, SYN, "", 0); // #5
        run.send(SERVER, CLIENT, 70_000, 90_001, SYN | ACK, "", 0); // #6
        run.client(90_001, 70_001, ACK, "new"); // #7
        run.reassembler.end(7);

        assertEquals(2, run.reassembler.connections());
        assertEquals(List.of("A old #4", "end #5"), run.recorders.get(0).events);
        assertEquals(List.of("A new #7", "end #7"), run.recorders.get(1).events);
    }

    @Test
    void withoutHandshakeTheFirstSenderIsA() {
        Run run = new Run();
        run.server(5001, 1001, ACK | PSH, "resp"); // #1: capture started mid-connection
        run.client(1001, 5005, ACK | PSH, "req"); // #2
        run.reassembler.end(2);

        Recorder r = run.only();
        assertFalse(r.connection.synSeen());
        assertEquals(SERVER, r.connection.a());
        assertEquals(CLIENT, r.connection.b());
        assertEquals(List.of("A resp #1", "B req #2", "end #2"), r.events);
    }

    @Test
    void firstPacketSynAckMakesItsReceiverA() {
        Run run = new Run();
        run.send(SERVER, CLIENT, 5000, 1001, SYN | ACK, "", 0); // #1: the client's SYN was not captured
        run.client(1001, 5001, ACK | PSH, "req"); // #2
        run.server(5001, 1004, ACK | PSH, "resp"); // #3
        run.reassembler.end(3);

        Recorder r = run.only();
        assertTrue(r.connection.synSeen());
        assertEquals(CLIENT, r.connection.a());
        assertEquals(SERVER, r.connection.b());
        assertEquals(List.of("A req #2", "B resp #3", "end #3"), r.events);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // helpers

    /** One reassembler, its handlers, and the next frame number for hand-built segments. */
    private static final class Run {
        final List<Recorder> recorders = new ArrayList<>();
        final TcpReassembler reassembler;
        long packets;

        Run() {
            this(ReassemblyLimits.DEFAULT_MAX_HELD);
        }

        Run(long maxHeld) {
            this(new ReassemblyLimits(maxHeld, ReassemblyLimits.DEFAULT_IDLE_NANOS, ReassemblyLimits.DEFAULT_MAX_CLOSED));
        }

        Run(ReassemblyLimits limits) {
            reassembler = new TcpReassembler(c -> {
                Recorder r = new Recorder(c);
                recorders.add(r);
                return r;
            }, limits);
        }

        Recorder only() {
            assertEquals(1, recorders.size());
            return recorders.get(0);
        }

        /** Decodes and feeds real packets (all must be TCP), then ends the capture at the last one. */
        void feed(List<Packet> capture) {
            PacketDecoder decoder = new PacketDecoder();
            for (Packet p : capture) {
                reassembler.accept(decoder.decode(p));
            }
            reassembler.end(capture.get(capture.size() - 1).number());
        }

        /** SYN, SYN+ACK, ACK: packets #1 to #3. */
        void handshake(long clientIsn, long serverIsn) {
            send(CLIENT, SERVER, clientIsn, 0, SYN, "", 0);
            send(SERVER, CLIENT, serverIsn, (clientIsn + 1) & 0xffffffffL, SYN | ACK, "", 0);
            send(CLIENT, SERVER, (clientIsn + 1) & 0xffffffffL, serverIsn + 1, ACK, "", 0);
        }

        TcpSegment client(long seq, long ack, int flags, String data) {
            return send(CLIENT, SERVER, seq, ack, flags, data, 0);
        }

        TcpSegment server(long seq, long ack, int flags, String data) {
            return send(SERVER, CLIENT, seq, ack, flags, data, 0);
        }

        /** Feeds the next packet: a segment carrying {@code data} plus {@code missing} bytes the capture cut off. */
        TcpSegment send(Endpoint from, Endpoint to, long seq, long ack, int flags, String data, int missing) {
            TcpSegment s = segment(from, to, seq, ack, flags, data, missing);
            reassembler.accept(s);
            return s;
        }

        /** The next packet's segment, not fed. */
        TcpSegment segment(Endpoint from, Endpoint to, long seq, long ack, int flags, String data) {
            return segment(from, to, seq, ack, flags, data, 0);
        }

        private TcpSegment segment(Endpoint from, Endpoint to, long seq, long ack, int flags, String data, int missing) {
            long number = ++packets;
            Packet packet = new Packet(number, number * 1_000_000L, LinkTypes.RAW, 40 + data.length() + missing,
                    ByteBuffer.allocate(0), 0);
            return new TcpSegment(from, to, seq, ack, flags, ByteBuffer.wrap(data.getBytes(StandardCharsets.US_ASCII)),
                    missing, packet);
        }
    }

    private record Gap(boolean a, long bytes, String reason) {
    }

    /** Records one connection's callbacks: "A abc #4" (data), "A gap 3 missing segments #7", "end #9". */
    private static final class Recorder implements TcpStreamHandler {
        final TcpConnection connection;
        final List<String> events = new ArrayList<>();
        final List<String> ends = new ArrayList<>();
        final List<Long> timestamps = new ArrayList<>();
        final ByteArrayOutputStream fromA = new ByteArrayOutputStream();
        final ByteArrayOutputStream fromB = new ByteArrayOutputStream();
        private final List<Gap> gaps = new ArrayList<>();

        Recorder(TcpConnection connection) {
            this.connection = connection;
        }

        @Override
        public void onData(boolean a, ByteBuffer data, long timestampNanos, long packet) {
            timestamps.add(timestampNanos);
            byte[] bytes = new byte[data.remaining()];
            data.duplicate().get(bytes);
            (a ? fromA : fromB).writeBytes(bytes);
            events.add(side(a) + " " + new String(bytes, StandardCharsets.ISO_8859_1) + " #" + packet);
        }

        @Override
        public void onGap(boolean a, long bytes, org.kwire.stream.GapCause cause, long packet) {
            String reason = cause.label();
            gaps.add(new Gap(a, bytes, reason));
            events.add(side(a) + " gap " + bytes + " " + reason + " #" + packet);
        }

        @Override
        public void onNote(boolean a, long packet, org.kwire.expert.ExpertItem item, String text) {
            events.add(side(a) + " note #" + packet + ": " + text);
        }

        @Override
        public void onEnd(long packet) {
            ends.add("end #" + packet);
            events.add("end #" + packet);
        }

        @Override
        public void onShed(long packet) {
            events.add("shed #" + packet);
        }

        long gapBytes(String reason) {
            return gapBytes(true, reason) + gapBytes(false, reason);
        }

        long gapBytes(boolean a, String reason) {
            return gaps.stream().filter(g -> g.a() == a && g.reason().equals(reason)).mapToLong(Gap::bytes).sum();
        }

        private static String side(boolean a) {
            return a ? "A" : "B";
        }
    }

    private static long crc(ByteArrayOutputStream stream) {
        CRC32 c = new CRC32();
        c.update(stream.toByteArray());
        return c.getValue();
    }

    private static void overwrite(ByteBuffer b) {
        for (int i = b.position(); i < b.limit(); i++) {
            b.put(i, (byte) 'X');
        }
    }
}
