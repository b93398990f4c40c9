package org.kwire.tcp;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.kwire.net.Endpoint;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Synthetic TCP conversations with exact expected streams: order, overlaps, gaps, the snaplen, the connection
 * lifecycle and the memory bounds. The client is 10.0.0.1:40000, the server 10.0.0.2:9092.
 */
class TcpStreamsTest {

    private static final Endpoint CLIENT = new Endpoint(new byte[] {10, 0, 0, 1}, 40000);
    private static final Endpoint SERVER = new Endpoint(new byte[] {10, 0, 0, 2}, 9092);
    private static final Endpoint OTHER = new Endpoint(new byte[] {10, 0, 0, 3}, 40001);
    private static final int ACK = TcpSegment.ACK;
    private static final int PSH_ACK = 0x18;

    private final List<Recorder> connections = new ArrayList<>();
    private TcpReassembler tcp;
    private long packet;
    private long nowNanos;

    @BeforeEach
    void setUp() {
        tcp = reassembler(ReassemblyLimits.defaults());
    }

    private TcpReassembler reassembler(ReassemblyLimits limits) {
        return new TcpReassembler(c -> {
            Recorder r = new Recorder(c);
            connections.add(r);
            return r;
        }, limits);
    }

    /** Sends a segment; {@code text} is its payload, {@code missing} payload bytes the snaplen cut after it. */
    private void send(boolean fromClient, long seq, long ack, int flags, String text, int missing) {
        send(fromClient ? CLIENT : SERVER, fromClient ? SERVER : CLIENT, seq, ack, flags, text, missing);
    }

    private void send(Endpoint src, Endpoint dst, long seq, long ack, int flags, String text, int missing) {
        packet++;
        byte[] data = text.getBytes(StandardCharsets.ISO_8859_1);
        Packet p = new Packet(packet, nowNanos, 1, 54 + data.length + missing, ByteBuffer.allocate(0), 0);
        tcp.accept(new TcpSegment(src, dst, seq & 0xffffffffL, ack & 0xffffffffL, flags, ByteBuffer.wrap(data), missing, p));
    }

    private void client(long seq, String text) {
        send(true, seq, 5001, PSH_ACK, text, 0);
    }

    private void server(long seq, String text) {
        send(false, seq, 0, PSH_ACK, text, 0);
    }

    /** SYN (ISN 1000), SYN+ACK (ISN 5000), ACK: client data starts at 1001, server data at 5001. */
    private void handshake() {
        send(true, 1000, 0, TcpSegment.SYN, "", 0);
        send(false, 5000, 1001, TcpSegment.SYN | ACK, "", 0);
        send(true, 1001, 5001, ACK, "", 0);
    }

    private Recorder only() {
        assertEquals(1, connections.size());
        return connections.get(0);
    }

    @Test
    void inOrderConversationWithHandshakeAndFins() {
        handshake();
        client(1001, "hello");
        server(5001, "hi");
        client(1006, "world");
        send(true, 1011, 5003, TcpSegment.FIN | ACK, "", 0);
        send(false, 5003, 1012, TcpSegment.FIN | ACK, "", 0);
        Recorder r = only();
        assertTrue(r.connection.synSeen());
        assertEquals(CLIENT, r.connection.a());
        assertEquals(List.of("A data hello @4", "B data hi @5", "A data world @6", "end @8"), r.events);
        send(true, 1012, 5004, ACK, "", 0); // the last ACK after both FINs opens nothing
        assertEquals(1, tcp.connections());
        assertEquals(0, tcp.openConnections());
    }

    @Test
    void outOfOrderSegmentsAreHeldUntilTheyFit() {
        handshake();
        client(1009, "third");
        client(1004, "two");
        client(1001, "one");
        client(1007, "xx");
        tcp.end(packet);
        assertEquals("onetwoxxthird", only().fromA.toString());
        assertEquals(List.of("A data one @6", "A data two @5", "A data xx @7", "A data third @4", "end @7"), only().events);
    }

    @Test
    void aRetransmissionWithDifferentBytesKeepsTheFirstCopyAndIsNoted() {
        handshake();
        client(1001, "hello");
        client(1001, "hello"); // identical: dropped silently
        client(1001, "HELxyz"); // 5 old bytes that differ, one new byte
        tcp.end(packet);
        Recorder r = only();
        assertEquals("helloz", r.fromA.toString());
        assertEquals(List.of("A data hello @4",
                "A note @6: retransmitted data differs from the first copy (frame 4) at stream byte 0; the first copy is kept",
                "A data z @6", "end @6"), r.events);
        assertEquals(2, tcp.retransmissions());
    }

    @Test
    void aLaterSegmentOverlappingAHeldOneDoesNotReplaceIt() {
        handshake();
        client(1006, "world");        // held: bytes 5-9
        client(1001, "helloWORLD!");  // bytes 0-10: 0-4 new, 5-9 seen before (and different), 10 new
        tcp.end(packet);
        Recorder r = only();
        assertEquals("helloworld!", r.fromA.toString());
        assertEquals(List.of("A data hello @5",
                "A note @5: retransmitted data differs from the first copy (frame 4) at stream byte 5; the first copy is kept",
                "A data world @4", "A data ! @5", "end @5"), r.events);
    }

    @Test
    void aKeepAliveProbeIsNeitherDataNorAConflict() {
        handshake();
        client(1001, "hello");
        client(1005, "\0"); // one old byte, garbage (RFC 9293 3.8.4)
        tcp.end(packet);
        assertEquals(List.of("A data hello @4", "end @5"), only().events);
    }

    @Test
    void bytesTheServerAcknowledgedButTheCaptureMissedBecomeAGap() {
        handshake();
        client(1001, "aaaa");
        client(1009, "cccc");                   // 1005-1008 never captured
        send(false, 5001, 1013, ACK, "", 0);    // the server acknowledges everything: the bytes were sent
        Recorder r = only();
        assertEquals(List.of("A data aaaa @4", "A gap 4 missing segments @6", "A data cccc @5"), r.events);
    }

    @Test
    void aLostTailBeforeTheFinBecomesAGapAtTheEnd() {
        handshake();
        client(1001, "aaaa");
        send(true, 1009, 5001, TcpSegment.FIN | ACK, "", 0); // 1005-1008 lost, FIN at 1009
        send(false, 5001, 1010, TcpSegment.FIN | ACK, "", 0);
        assertEquals(List.of("A data aaaa @4"), only().events); // closed, waiting for the bytes before the FIN
        tcp.end(packet);
        assertEquals(List.of("A data aaaa @4", "A gap 4 missing segments @6", "end @6"), only().events);
    }

    @Test
    void aTailBeforeTheFinCapturedAfterBothFinsIsAnalyzedInItsPlace() {
        handshake();
        client(1001, "aaaa");
        send(true, 1009, 5001, TcpSegment.FIN | ACK, "", 0);
        send(false, 5001, 1010, TcpSegment.FIN | ACK, "", 0);
        send(true, 1010, 5002, ACK, "", 0);
        client(1005, "bbbb"); // sent before the FIN, captured after both
        assertEquals(List.of("A data aaaa @4", "A data bbbb @8", "end @6"), only().events);
        client(1005, "bbbb"); // a retransmission once it ended: dropped, as while it was open
        client(1010, "past"); // beyond the FIN: no place in the connection
        assertEquals(1, tcp.connections());
        assertEquals(new DataAfterClose.Counts(1, 4, 1, 10, 9, "stream 0 10.0.0.1:40000 -> 10.0.0.2:9092"),
                tcp.dataAfterClose());
    }

    @Test
    void theWaitForBytesInFlightEndsAfterTheLingerTime() {
        handshake();
        client(1001, "x");
        send(true, 1002, 5001, TcpSegment.RST | ACK, "", 0);
        assertEquals(List.of("A data x @4"), only().events); // the server may have had data in flight
        nowNanos = TcpReassembler.LINGER_NANOS + 1;
        send(OTHER, SERVER, 80, 0, TcpSegment.SYN, "", 0);
        assertEquals(List.of("A data x @4", "end @5"), connections.get(0).events);
        server(5001, "late"); // too late: counted, not analyzed
        assertEquals(new DataAfterClose.Counts(1, 4, 1, 7, 0, "stream 0 10.0.0.2:9092 -> 10.0.0.1:40000"),
                tcp.dataAfterClose());
        assertEquals(2, tcp.connections());
    }

    @Test
    void withoutAFinOnlyTheAcknowledgedBytesBeyondAPossibleFinAreALostTail() {
        handshake();
        client(1001, "aaaa");
        send(false, 5001, 1010, ACK, "", 0); // 1005-1009 acknowledged, never captured: 4 data bytes and maybe a FIN
        tcp.end(packet);
        assertEquals(List.of("A data aaaa @4", "A gap 4 missing segments @5", "end @5"), only().events);
    }

    @Test
    void heldBytesBeyondTheLimitDeclareTheMissingBytesLost() {
        tcp = reassembler(new ReassemblyLimits(8, ReassemblyLimits.DEFAULT_IDLE_NANOS, 10));
        handshake();
        client(1011, "12345");
        client(1016, "6789");   // 9 bytes held > 8: the 10 bytes before them are given up
        client(1001, "late");   // arrives after the gap was declared: a retransmission now
        assertEquals(List.of("A gap 10 missing segments @5", "A data 12345 @4", "A data 6789 @5"), only().events);
    }

    @Test
    void snaplenCutPayloadIsAGapOfKnownSize() {
        handshake();
        send(true, 1001, 5001, PSH_ACK, "head", 96);
        client(1101, "next");
        tcp.end(packet);
        assertEquals(List.of("A data head @4", "A gap 96 snaplen @4", "A data next @5", "end @5"), only().events);
    }

    @Test
    void sequenceNumbersWrapAround() {
        send(true, 0xFFFF_FFFEL, 0, TcpSegment.SYN, "", 0);
        send(true, 0xFFFF_FFFFL, 0, ACK, "abc", 0);   // bytes at 2^32-1, 0, 1
        send(true, 2, 0, ACK, "def", 0);
        tcp.end(packet);
        assertEquals("abcdef", only().fromA.toString());
    }

    @Test
    void afterARstThePeersDataInFlightIsAnalyzedAndTheSendersIsCounted() {
        handshake();
        client(1001, "x");
        send(false, 5001, 1002, TcpSegment.RST | ACK, "", 0);
        client(1002, "late"); // sent before the client saw the RST: it continues the client's stream
        server(5001, "after"); // the server sends nothing after its RST
        tcp.end(packet);
        assertEquals(List.of("A data x @4", "A data late @6", "end @5"), only().events);
        assertEquals(1, tcp.connections());
        assertEquals(new DataAfterClose.Counts(1, 5, 1, 7, 0, "stream 0 10.0.0.2:9092 -> 10.0.0.1:40000"),
                tcp.dataAfterClose());
    }

    @Test
    void aNewSynOnAUsedTupleStartsANewConnection() {
        handshake();
        send(true, 1000, 0, TcpSegment.SYN, "", 0); // a retransmitted SYN: same connection
        client(1001, "first");
        send(true, 9000, 0, TcpSegment.SYN, "", 0); // no FIN seen, but data was: port reuse
        send(false, 7000, 9001, TcpSegment.SYN | ACK, "", 0);
        send(true, 9001, 7001, PSH_ACK, "second", 0);
        tcp.end(packet);
        assertEquals(2, connections.size());
        assertEquals(List.of("A data first @5", "end @6"), connections.get(0).events);
        assertEquals("second", connections.get(1).fromA.toString());
        assertEquals(1, connections.get(1).connection.stream());
        send(true, 3000, 0, TcpSegment.SYN, "", 0);
        send(true, 4000, 0, TcpSegment.SYN, "", 0); // another ISN before any data: also a new attempt
        tcp.end(packet);
        assertEquals(4, connections.size());
    }

    @Test
    void idleConnectionsAreEndedAfterTheIdleTime() {
        tcp = reassembler(new ReassemblyLimits(1 << 20, 10_000_000_000L, 10));
        handshake();
        client(1001, "old");
        nowNanos = 11_000_000_000L;
        send(OTHER, SERVER, 80, 0, TcpSegment.SYN, "", 0); // a packet of another connection
        assertEquals(List.of("A data old @4", "end @5"), connections.get(0).events);
        assertEquals(1, tcp.idleEnded());
        client(1004, "again"); // the idle connection speaks again: a new connection, mid-stream
        assertEquals(3, connections.size());
        assertEquals("again", connections.get(2).fromA.toString());
        assertEquals(false, connections.get(2).connection.synSeen());
    }

    @Test
    void closedTuplesRememberedAreBounded() {
        tcp = reassembler(new ReassemblyLimits(1 << 20, ReassemblyLimits.DEFAULT_IDLE_NANOS, 1));
        send(true, 1, 0, TcpSegment.FIN, "", 0);                      // connection 0 on CLIENT-SERVER
        send(false, 1, 0, TcpSegment.FIN, "", 0);                     // closed
        send(OTHER, SERVER, 1, 0, TcpSegment.FIN, "", 0);            // connection 1
        send(SERVER, OTHER, 1, 0, TcpSegment.FIN, "", 0);            // closed: 0 forgotten
        send(true, 2, 0, ACK, "", 0);
        assertEquals(3, tcp.connections()); // a late ACK of the forgotten tuple opens a connection again
    }
}
