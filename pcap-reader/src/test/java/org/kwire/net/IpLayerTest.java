package org.kwire.net;

import org.junit.jupiter.api.Test;
import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.kwire.net.Frames.A4;
import static org.kwire.net.Frames.A6;
import static org.kwire.net.Frames.B4;
import static org.kwire.net.Frames.B6;
import static org.kwire.net.Frames.counting;
import static org.kwire.net.Frames.ether;
import static org.kwire.net.Frames.extension;
import static org.kwire.net.Frames.ipv4;
import static org.kwire.net.Frames.ipv6;
import static org.kwire.net.Frames.packet;
import static org.kwire.net.Frames.range;
import static org.kwire.net.Frames.tcp;

/** Link, VLAN, IPv4/IPv6 and fragment handling, on packets built from the RFCs' layouts with known payloads. */
class IpLayerTest {

    private static final byte[] DATA = counting(100, 1);
    private static final byte[] SEGMENT = tcp(40000, 9092, 1000, 2000, 0x18, DATA);

    private static byte[] payload(TcpSegment s) {
        byte[] b = new byte[s.payload().remaining()];
        s.payload().duplicate().get(b);
        return b;
    }

    private static void assertSegment(TcpSegment s, String src, String dst) {
        assertNotNull(s);
        assertEquals(src, s.src().toString());
        assertEquals(dst, s.dst().toString());
        assertEquals(1000, s.seq());
        assertEquals(2000, s.ack());
        assertArrayEquals(DATA, payload(s));
        assertEquals(0, s.missingPayload());
    }

    @Test
    void vlanTagsAreSkipped() {
        byte[] ip = ipv4(A4, B4, 1, 0x4000, 6, SEGMENT);
        PacketDecoder d = new PacketDecoder();
        assertSegment(d.decode(packet(1, 0, LinkTypes.ETHERNET, ether(0x0800, ip))), "10.0.0.1:40000", "10.0.0.2:9092");
        assertSegment(d.decode(packet(2, 0, LinkTypes.ETHERNET, ether(0x0800, ip, 0x8100, 0x0064))), "10.0.0.1:40000", "10.0.0.2:9092");
        // QinQ: 802.1ad service tag, then 802.1Q customer tag; and the old 0x9100 service tag
        assertSegment(d.decode(packet(3, 0, LinkTypes.ETHERNET, ether(0x0800, ip, 0x88a8, 0x00c8, 0x8100, 0x0064))), "10.0.0.1:40000", "10.0.0.2:9092");
        assertSegment(d.decode(packet(4, 0, LinkTypes.ETHERNET, ether(0x86dd, ipv6(A6, B6, 6, SEGMENT), 0x9100, 1, 0x8100, 2))), "[fd00::1]:40000", "[fd00::2]:9092");
        assertNull(d.decode(packet(5, 0, LinkTypes.ETHERNET, ether(0x0806, new byte[28], 0x8100, 1)))); // ARP
        assertEquals(1, d.notTcp());
        assertEquals(0, d.malformed());
    }

    @Test
    void ethernetPaddingIsNotPayloadAndTheSnaplenCutIsCounted() {
        byte[] ip = ipv4(A4, B4, 1, 0, 6, tcp(1, 2, 5, 6, 0x10, new byte[0]));
        byte[] padded = ByteBuffer.allocate(14 + 46).put(ether(0x0800, ip)).array(); // 40-byte packet padded to 46
        TcpSegment s = new PacketDecoder().decode(packet(1, 0, LinkTypes.ETHERNET, padded));
        assertEquals(0, s.payload().remaining());
        byte[] whole = ipv4(A4, B4, 1, 0, 6, SEGMENT);
        s = new PacketDecoder().decode(Frames.cut(1, whole, 20 + 20 + 30));
        assertArrayEquals(range(DATA, 0, 30), payload(s));
        assertEquals(70, s.missingPayload());
        assertEquals(100, s.wireLength());
    }

    @Test
    void ipv6ExtensionHeadersAreSkipped() {
        // hop-by-hop (8 bytes) -> routing (24 bytes) -> destination options (16 bytes) -> TCP
        byte[] chain = extension(43, 8, extension(60, 24, extension(6, 16, SEGMENT)));
        PacketDecoder d = new PacketDecoder();
        assertSegment(d.decode(packet(1, 0, LinkTypes.RAW, ipv6(A6, B6, 0, chain))), "[fd00::1]:40000", "[fd00::2]:9092");
        // authentication header (RFC 4302): payload length 4 means (4 + 2) * 4 = 24 bytes
        byte[] ah = ByteBuffer.allocate(24 + SEGMENT.length).put((byte) 6).put((byte) 4).position(24).put(SEGMENT).array();
        assertSegment(d.decode(packet(2, 0, LinkTypes.RAW, ipv6(A6, B6, 51, ah))), "[fd00::1]:40000", "[fd00::2]:9092");
        // an atomic fragment (offset 0, M clear; RFC 6946) is a whole packet
        byte[] atomic = ByteBuffer.allocate(8 + SEGMENT.length).put((byte) 6).put((byte) 0).putShort((short) 0).putInt(77).put(SEGMENT).array();
        assertSegment(d.decode(packet(3, 0, LinkTypes.RAW, ipv6(A6, B6, 44, atomic))), "[fd00::1]:40000", "[fd00::2]:9092");
        // no next header (59) and UDP (17) carry no TCP
        assertNull(d.decode(packet(4, 0, LinkTypes.RAW, ipv6(A6, B6, 0, extension(59, 8, new byte[0])))));
        assertNull(d.decode(packet(5, 0, LinkTypes.RAW, ipv6(A6, B6, 60, extension(17, 8, new byte[8])))));
        assertEquals(2, d.notTcp());
        assertEquals(0, d.fragments());
        // an extension header longer than the packet is malformed
        byte[] cut = ByteBuffer.allocate(8).put((byte) 6).put((byte) 5).array();
        assertNull(d.decode(packet(6, 0, LinkTypes.RAW, ipv6(A6, B6, 0, cut))));
        assertEquals(1, d.malformed());
    }

    /** IPv4 fragment: data bytes {@code [from, to)} of SEGMENT at offset {@code from} (a multiple of 8). */
    private static Packet v4Fragment(long n, long ts, int id, int from, int to, boolean more) {
        return packet(n, ts, LinkTypes.RAW, ipv4(A4, B4, id, (more ? 0x2000 : 0) | from / 8, 6, range(SEGMENT, from, to)));
    }

    @Test
    void ipv4FragmentsAreReassembledInAnyOrder() {
        PacketDecoder d = new PacketDecoder();
        // SEGMENT is 120 bytes: fragments [0,48) [48,96) [96,120), arriving last, first, middle
        assertNull(d.decode(v4Fragment(1, 0, 7, 96, 120, false)));
        assertNull(d.decode(v4Fragment(2, 0, 7, 0, 48, true)));
        TcpSegment s = d.decode(v4Fragment(3, 0, 7, 48, 96, true));
        assertSegment(s, "10.0.0.1:40000", "10.0.0.2:9092");
        assertEquals(3, s.packet().number());
        assertEquals(3, d.fragments());
        assertEquals(1, d.reassembledDatagrams());
        assertEquals(0, d.incompleteDatagrams());
    }

    @Test
    void overlappingIpv4FragmentsKeepTheFirstCopy() {
        PacketDecoder d = new PacketDecoder();
        byte[] changed = SEGMENT.clone();
        for (int i = 40; i < 64; i++) {
            changed[i] = (byte) 0xEE;
        }
        assertNull(d.decode(v4Fragment(1, 0, 9, 0, 48, true)));
        // [40, 120) overlaps [40, 48) with different bytes: the first copy of those 8 bytes wins
        Packet second = packet(2, 0, LinkTypes.RAW, ipv4(A4, B4, 9, 40 / 8, 6, range(changed, 40, 120)));
        TcpSegment s = d.decode(second);
        byte[] expected = range(SEGMENT, 20, 120);
        for (int i = 48; i < 64; i++) {
            expected[i - 20] = (byte) 0xEE;
        }
        assertArrayEquals(expected, payload(s));
    }

    @Test
    void fragmentsOfDifferentDatagramsAndProtocolsAreKeptApart() {
        PacketDecoder d = new PacketDecoder();
        assertNull(d.decode(v4Fragment(1, 0, 1, 0, 48, true)));
        assertNull(d.decode(v4Fragment(2, 0, 2, 48, 120, false))); // other identification
        assertNull(d.decode(packet(3, 0, LinkTypes.RAW, ipv4(B4, A4, 1, 48 / 8, 6, range(SEGMENT, 48, 120))))); // other source
        assertEquals(3, d.incompleteDatagrams());
        assertEquals(0, d.reassembledDatagrams());
    }

    @Test
    void aDatagramWaitsAtMostTheTimeout() {
        PacketDecoder d = new PacketDecoder(30_000_000_000L);
        assertNull(d.decode(v4Fragment(1, 0, 3, 0, 48, true)));
        assertNull(d.decode(v4Fragment(2, 31_000_000_000L, 3, 48, 120, false))); // first fragment given up before
        assertEquals(2, d.incompleteDatagrams()); // the one given up and the one now waiting
        // the fragment waiting since 31 s completes with a new first fragment within 30 s
        assertSegment(d.decode(v4Fragment(3, 60_000_000_000L, 3, 0, 48, true)), "10.0.0.1:40000", "10.0.0.2:9092");
        assertEquals(1, d.incompleteDatagrams());
    }

    @Test
    void aFragmentCutByTheSnaplenLeavesItsDatagramIncomplete() {
        PacketDecoder d = new PacketDecoder();
        byte[] first = ipv4(A4, B4, 5, 0x2000, 6, range(SEGMENT, 0, 48));
        assertNull(d.decode(Frames.cut(1, first, 20 + 30)));
        assertNull(d.decode(v4Fragment(2, 0, 5, 48, 120, false)));
        assertEquals(1, d.incompleteDatagrams());
        assertEquals(0, d.reassembledDatagrams());
    }

    @Test
    void ipv6FragmentsAreReassembledAndTheHeadersAfterTheFragmentHeaderWalked() {
        // fragmentable part: destination options (8 bytes) then the TCP segment; 128 bytes in two fragments
        byte[] fragmentable = extension(6, 8, SEGMENT);
        PacketDecoder d = new PacketDecoder();
        assertNull(d.decode(v6Fragment(1, 60, fragmentable, 64, 128, false)));
        TcpSegment s = d.decode(v6Fragment(2, 60, fragmentable, 0, 64, true));
        assertSegment(s, "[fd00::1]:40000", "[fd00::2]:9092");
        assertEquals(2, d.fragments());
        assertEquals(1, d.reassembledDatagrams());
    }

    /** An IPv6 packet: hop-by-hop, then a fragment header (next header {@code next}) carrying {@code [from, to)}. */
    private static Packet v6Fragment(long n, int next, byte[] fragmentable, int from, int to, boolean more) {
        byte[] frag = ByteBuffer.allocate(8 + to - from).put((byte) next).put((byte) 0)
                .putShort((short) (from | (more ? 1 : 0))).putInt(0xCAFE).put(range(fragmentable, from, to)).array();
        return packet(n, 0, LinkTypes.RAW, ipv6(A6, B6, 0, extension(44, 8, frag)));
    }
}
