package org.kwire.net;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.pcap.Packet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Link layer, IP and TCP decoding. Capture values were computed independently with python {@code struct} and agree
 * with tshark's tcp.len sums in the shared capture set (java-basic 47558, java-basic-any 47933).
 */
class PacketDecoderTest {

    private static final byte[] CLIENT_V4 = {10, 0, 0, 1};
    private static final byte[] SERVER_V4 = {10, 0, 0, 2};

    // --- real captures ---

    @Test
    void ethernetJavaBasic() throws IOException {
        Decoded d = decodeAll("java-basic.pcap");

        assertEquals(340, d.segments.size());
        assertFirstSegment(d, "127.0.0.1:45760", "127.0.0.1:9092", 4_169_326_253L);
        assertEquals(47_558, d.payloadBytes());
        assertEquals(161, d.segmentsWithPayload());
        assertPayloadSize(d, 4, 56);
        assertPayloadSize(d, 6, 880);
        assertPayloadSize(d, 20, 2548); // the largest
        assertEquals(0, d.missingBytes());
    }

    @Test
    void linuxCookedV2JavaBasicAny() throws IOException {
        Decoded d = decodeAll("java-basic-any.pcap");

        assertEquals(344, d.segments.size());
        assertFirstSegment(d, "127.0.0.1:42618", "127.0.0.1:9092", 3_376_450_941L);
        assertEquals(47_933, d.payloadBytes());
        assertEquals(161, d.segmentsWithPayload());
        assertPayloadSize(d, 4, 59);
        assertPayloadSize(d, 20, 2554);
        assertEquals(0, d.missingBytes());
    }

    @Test
    void linuxCookedV1GoSniffer() throws IOException {
        Decoded d = decodeAll("go-sniffer-kafka.pcap");

        assertEquals(20, d.segments.size());
        assertFirstSegment(d, "127.0.0.1:57372", "127.0.0.1:9092", 3_782_245_892L);
        assertEquals(1290, d.payloadBytes());
        List<Integer> withPayload = new ArrayList<>();
        for (TcpSegment s : d.segments) {
            if (s.payload().hasRemaining()) {
                withPayload.add((int) s.packet().number());
                withPayload.add(s.payload().remaining());
            }
        }
        // (packet number, payload size) pairs
        assertEquals(List.of(4, 47, 6, 79, 14, 1124, 16, 40), withPayload);
    }

    // --- crafted packets ---

    @Test
    void ethernetPaddingIsNotPayload() {
        // 14 + 20 + 20 = 54 bytes, padded to the 60-byte Ethernet minimum
        byte[] frame = ethernet(0x0800, ipv4Tcp(CLIENT_V4, SERVER_V4, 40000, 9092, 1000, 2000, TcpSegment.ACK, new byte[0]),
                6);
        assertEquals(60, frame.length);
        PacketDecoder decoder = new PacketDecoder();
        TcpSegment s = decoder.decode(packet(frame, LinkTypes.ETHERNET));

        assertNotNull(s);
        assertEquals(0, s.payload().remaining());
        assertEquals(0, s.missingPayload());
        assertEquals(0, s.wireLength());
        assertEquals("10.0.0.1:40000", s.src().toString());
        assertEquals("10.0.0.2:9092", s.dst().toString());
        assertEquals(1000, s.seq());
        assertEquals(2000, s.ack());
        assertTrue(s.has(TcpSegment.ACK));
    }

    @Test
    void oneViewIsReturnedAndOverwrittenWhileACopyKeepsItsValues() {
        PacketDecoder decoder = new PacketDecoder();
        TcpSegment first = decoder.decode(packet(ethernet(0x0800,
                ipv4Tcp(CLIENT_V4, SERVER_V4, 40000, 9092, 0xfffffffeL, 77, TcpSegment.ACK, ascii("ab")), 0), LinkTypes.ETHERNET));
        TcpSegment kept = first.copy();
        TcpSegment second = decoder.decode(packet(ethernet(0x0800,
                ipv4Tcp(SERVER_V4, CLIENT_V4, 9092, 40000, 77, 0, TcpSegment.ACK, ascii("xyz")), 0), LinkTypes.ETHERNET));

        assertSame(first, second);
        assertEquals("10.0.0.2:9092", second.src().toString());
        assertEquals("xyz", text(second.payload()));
        assertEquals("10.0.0.1:40000", kept.src().toString());
        assertEquals("10.0.0.2:9092", kept.dst().toString());
        assertEquals(0xfffffffeL, kept.seq());
        assertEquals(77, kept.ack());
        assertEquals("ab", text(kept.payload()));
        // raw addresses: IPv4 in the low long, unsigned; the payload a range of the packet's bytes (14 + 20 + 20)
        assertEquals(0, kept.srcAddressHigh());
        assertEquals(0x0a000001L, kept.srcAddressLow());
        assertEquals(0x0a000002L, kept.dstAddressLow());
        assertEquals(54, kept.payloadOffset());
        assertEquals(2, kept.payloadLength());
        assertSame(kept.packet().data(), kept.payloadBuffer());
    }

    @Test
    void ethernetPaddingAfterShortPayload() {
        byte[] frame = ethernet(0x0800, ipv4Tcp(CLIENT_V4, SERVER_V4, 40000, 9092, 1, 1, TcpSegment.ACK, ascii("ab")), 4);
        TcpSegment s = new PacketDecoder().decode(packet(frame, LinkTypes.ETHERNET));

        assertEquals("ab", text(s.payload()));
        assertEquals(0, s.missingPayload());
    }

    @Test
    void ipv6WithHopByHopHeader() {
        byte[] src = v6(0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
        byte[] dst = v6(0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2);
        byte[] tcp = tcp(40001, 9092, 0xfffffff0L, 7, TcpSegment.ACK | 0x08, ascii("xyz"));
        // hop-by-hop: next header TCP, Hdr Ext Len 1 (16 bytes), a PadN option filling the 14 bytes after it
        byte[] hopByHop = {6, 1, 1, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        ByteBuffer ip = ByteBuffer.allocate(40 + hopByHop.length + tcp.length);
        ip.putInt(0x6000_0000).putShort((short) (hopByHop.length + tcp.length)).put((byte) 0).put((byte) 64)
                .put(src).put(dst).put(hopByHop).put(tcp);
        TcpSegment s = new PacketDecoder().decode(packet(ethernet(0x86DD, ip.array(), 0), LinkTypes.ETHERNET));

        assertNotNull(s);
        assertEquals("[2001:db8::1]:40001", s.src().toString());
        assertEquals("[2001:db8::2]:9092", s.dst().toString());
        assertEquals(0xfffffff0L, s.seq());
        assertEquals("xyz", text(s.payload()));
    }

    @Test
    void vlanTaggedFrames() {
        byte[] ip = ipv4Tcp(CLIENT_V4, SERVER_V4, 40002, 9092, 5, 6, TcpSegment.ACK, ascii("hello"));
        // 802.1Q tag, VLAN 300
        byte[] dot1q = ethernet(0x8100, concat(new byte[] {0x01, 0x2c, 0x08, 0x00}, ip), 0);
        // 802.1ad outer tag, then 802.1Q
        byte[] qinq = ethernet(0x88A8, concat(new byte[] {0x00, 0x0a, (byte) 0x81, 0x00, 0x01, 0x2c, 0x08, 0x00}, ip), 0);
        PacketDecoder decoder = new PacketDecoder();

        for (byte[] frame : List.of(dot1q, qinq)) {
            TcpSegment s = decoder.decode(packet(frame, LinkTypes.ETHERNET));
            assertNotNull(s);
            assertEquals("10.0.0.1:40002", s.src().toString());
            assertEquals("10.0.0.2:9092", s.dst().toString());
            assertEquals("hello", text(s.payload()));
        }
        assertEquals(0, decoder.malformed() + decoder.notTcp());
    }

    @Test
    void snaplenCutPacketReportsMissingPayload() {
        byte[] payload = new byte[1000];
        byte[] frame = ethernet(0x0800, ipv4Tcp(CLIENT_V4, SERVER_V4, 40003, 9092, 77, 1, TcpSegment.ACK, payload), 0);
        assertEquals(14 + 20 + 20 + 1000, frame.length);
        // only the first 100 bytes captured: 54 of headers, 46 of payload
        Packet cut = new Packet(1, 0, LinkTypes.ETHERNET, frame.length, ByteBuffer.wrap(frame, 0, 100).slice(), 0);
        TcpSegment s = new PacketDecoder().decode(cut);

        assertEquals(46, s.payload().remaining());
        assertEquals(954, s.missingPayload());
        assertEquals(1000, s.wireLength());
    }

    @Test
    void snaplenCutRealPacket() throws IOException {
        // java-basic.pcap packet 20: 2614 bytes, 66 of headers (TCP with timestamps) and 2548 of payload;
        // cut to 128 bytes as editcap -s 128 does (java-basic-snap128.pcap in the shared set)
        Packet full = TestCaptures.read("java-basic.pcap").packets().get(19);
        assertEquals(2614, full.capturedLength());
        Packet cut = new Packet(full.number(), full.timestampNanos(), full.linkType(), full.originalLength(),
                full.data().slice(full.data().position(), 128), 0);
        TcpSegment s = new PacketDecoder().decode(cut);

        assertEquals(62, s.payload().remaining());
        assertEquals(2486, s.missingPayload());
        assertEquals(2548, s.wireLength());
        assertEquals(2_917_060_594L, s.seq());
        assertEquals("127.0.0.1:9092", s.src().toString());
    }

    @Test
    void packetsWithoutTcpAreCounted() {
        PacketDecoder decoder = new PacketDecoder();
        byte[] udp = ipv4Tcp(CLIENT_V4, SERVER_V4, 1, 2, 0, 0, 0, new byte[0]);
        udp[9] = 17; // protocol UDP
        byte[] fragment = ipv4Tcp(CLIENT_V4, SERVER_V4, 1, 2, 0, 0, 0, new byte[0]);
        fragment[6] = 0x20; // more fragments
        byte[] arp = new byte[28];

        assertNull(decoder.decode(packet(ethernet(0x0800, udp, 0), LinkTypes.ETHERNET)));
        assertNull(decoder.decode(packet(ethernet(0x0806, arp, 0), LinkTypes.ETHERNET)));
        assertNull(decoder.decode(packet(ethernet(0x0800, fragment, 0), LinkTypes.ETHERNET)));
        assertNull(decoder.decode(packet(new byte[10], LinkTypes.ETHERNET)));
        assertNull(decoder.decode(packet(new byte[40], 147)));

        assertEquals(2, decoder.notTcp());
        assertEquals(1, decoder.fragments());
        assertEquals(1, decoder.malformed());
        assertEquals(1, decoder.unsupportedLink());
    }

    // --- helpers ---

    private record Decoded(List<TcpSegment> segments) {
        long payloadBytes() {
            return segments.stream().mapToLong(s -> s.payload().remaining()).sum();
        }

        long missingBytes() {
            return segments.stream().mapToLong(TcpSegment::missingPayload).sum();
        }

        long segmentsWithPayload() {
            return segments.stream().filter(s -> s.payload().hasRemaining()).count();
        }
    }

    /** Decodes every packet of a capture, asserting that each one carries TCP. */
    private static Decoded decodeAll(String capture) throws IOException {
        PacketDecoder decoder = new PacketDecoder();
        List<TcpSegment> segments = new ArrayList<>();
        for (Packet p : TestCaptures.read(capture).packets()) {
            TcpSegment s = decoder.decode(p);
            assertNotNull(s, "packet " + p.number());
            segments.add(s.copy()); // the decoder's view is overwritten by the next packet
        }
        assertEquals(0, decoder.notTcp() + decoder.malformed() + decoder.fragments() + decoder.unsupportedLink());
        return new Decoded(segments);
    }

    private static void assertFirstSegment(Decoded d, String src, String dst, long seq) {
        TcpSegment s = d.segments.get(0);
        assertEquals(src, s.src().toString());
        assertEquals(dst, s.dst().toString());
        assertEquals(seq, s.seq());
        assertEquals(TcpSegment.SYN, s.flags());
        assertEquals(0, s.wireLength());
    }

    private static void assertPayloadSize(Decoded d, int packetNumber, int size) {
        TcpSegment s = d.segments.get(packetNumber - 1);
        assertEquals(packetNumber, s.packet().number());
        assertEquals(size, s.payload().remaining(), "payload of packet " + packetNumber);
    }

    private static Packet packet(byte[] frame, int linkType) {
        return new Packet(1, 0, linkType, frame.length, ByteBuffer.wrap(frame), 0);
    }

    private static byte[] ethernet(int etherType, byte[] payload, int padding) {
        ByteBuffer b = ByteBuffer.allocate(14 + payload.length + padding);
        b.put(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1}).putShort((short) etherType).put(payload);
        return b.array(); // padding bytes stay zero
    }

    /** An IPv4 header (no options) and a TCP header (no options) followed by the payload; checksums zero. */
    private static byte[] ipv4Tcp(byte[] src, byte[] dst, int srcPort, int dstPort, long seq, long ack, int flags,
                                  byte[] payload) {
        byte[] tcp = tcp(srcPort, dstPort, seq, ack, flags, payload);
        ByteBuffer b = ByteBuffer.allocate(20 + tcp.length);
        b.put((byte) 0x45).put((byte) 0).putShort((short) (20 + tcp.length)).putShort((short) 1)
                .putShort((short) 0x4000) // don't fragment
                .put((byte) 64).put((byte) 6).putShort((short) 0).put(src).put(dst).put(tcp);
        return b.array();
    }

    private static byte[] tcp(int srcPort, int dstPort, long seq, long ack, int flags, byte[] payload) {
        ByteBuffer b = ByteBuffer.allocate(20 + payload.length);
        b.putShort((short) srcPort).putShort((short) dstPort).putInt((int) seq).putInt((int) ack)
                .put((byte) 0x50).put((byte) flags).putShort((short) 65535).putInt(0).put(payload);
        return b.array();
    }

    private static byte[] v6(int... bytes) {
        byte[] a = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            a[i] = (byte) bytes[i];
        }
        return a;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        return ByteBuffer.allocate(a.length + b.length).put(a).put(b).array();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String text(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return new String(a, StandardCharsets.US_ASCII);
    }
}
