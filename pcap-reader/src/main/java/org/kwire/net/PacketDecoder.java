package org.kwire.net;

import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;

/**
 * Decodes a captured packet down to its TCP segment: link layer ({@link LinkTypes}), 802.1Q/802.1ad VLAN tags, IPv4
 * (RFC 791) and IPv6 (RFC 8200, with hop-by-hop, routing, destination-options and fragment headers skipped), TCP
 * (RFC 9293). The IP length bounds the payload, so Ethernet padding is never taken as data; a packet the snaplen cut
 * yields the captured part and the number of missing payload bytes. Anything else yields {@code null} and is counted.
 */
public final class PacketDecoder {

    private static final int ETHERTYPE_IPV4 = 0x0800;
    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int ETHERTYPE_VLAN = 0x8100;
    private static final int ETHERTYPE_QINQ = 0x88A8;
    private static final int ETHERTYPE_QINQ_OLD = 0x9100;
    private static final int PROTO_TCP = 6;

    private long notTcp;
    private long unsupportedLink;
    private long fragments;
    private long malformed;

    /** Packets that carried no TCP segment (other protocols). */
    public long notTcp() {
        return notTcp;
    }

    /** Packets of a link type this decoder does not know. */
    public long unsupportedLink() {
        return unsupportedLink;
    }

    /** IPv4/IPv6 fragments (not reassembled). */
    public long fragments() {
        return fragments;
    }

    /** Packets whose link, IP or TCP header was cut short or invalid. */
    public long malformed() {
        return malformed;
    }

    /** The packet's TCP segment, or {@code null} if it has none (counted by reason). */
    public TcpSegment decode(Packet p) {
        ByteBuffer b = p.data();
        int start = b.position();
        int end = b.limit();
        int ip;
        switch (p.linkType()) {
            case LinkTypes.ETHERNET -> ip = ethernet(b, start, end);
            case LinkTypes.LINUX_SLL -> ip = end - start >= 16 ? etherType(b, start + 16, b.getShort(start + 14) & 0xffff, end) : -1;
            case LinkTypes.LINUX_SLL2 -> ip = end - start >= 20 ? etherType(b, start + 20, b.getShort(start) & 0xffff, end) : -1;
            case LinkTypes.NULL, LinkTypes.LOOP -> ip = end - start >= 4 ? start + 4 : -1;
            case LinkTypes.RAW, LinkTypes.RAW_ALT_12, LinkTypes.RAW_ALT_14, LinkTypes.IPV4, LinkTypes.IPV6 -> ip = start;
            default -> {
                unsupportedLink++;
                return null;
            }
        }
        if (ip < 0) {
            return null;
        }
        if (ip >= end) {
            malformed++;
            return null;
        }
        int version = (b.get(ip) & 0xff) >> 4;
        if (version == 4) {
            return ipv4(p, b, ip, end);
        }
        if (version == 6) {
            return ipv6(p, b, ip, end);
        }
        notTcp++;
        return null;
    }

    private int ethernet(ByteBuffer b, int start, int end) {
        if (end - start < 14) {
            malformed++;
            return -1;
        }
        return etherType(b, start + 14, b.getShort(start + 12) & 0xffff, end);
    }

    /** Offset of the IP header after an EtherType (skipping VLAN tags), or -1 (counted) if not IP. */
    private int etherType(ByteBuffer b, int p, int type, int end) {
        while (type == ETHERTYPE_VLAN || type == ETHERTYPE_QINQ || type == ETHERTYPE_QINQ_OLD) {
            if (end - p < 4) {
                malformed++;
                return -1;
            }
            type = b.getShort(p + 2) & 0xffff;
            p += 4;
        }
        if (type == ETHERTYPE_IPV4 || type == ETHERTYPE_IPV6) {
            return p;
        }
        notTcp++;
        return -1;
    }

    private TcpSegment ipv4(Packet pkt, ByteBuffer b, int ip, int end) {
        if (end - ip < 20) {
            malformed++;
            return null;
        }
        int ihl = (b.get(ip) & 0x0f) * 4;
        int total = b.getShort(ip + 2) & 0xffff;
        int flagsFrag = b.getShort(ip + 6) & 0xffff;
        int proto = b.get(ip + 9) & 0xff;
        if (ihl < 20 || (total != 0 && total < ihl)) {
            malformed++;
            return null;
        }
        if (proto != PROTO_TCP) {
            notTcp++;
            return null;
        }
        if ((flagsFrag & 0x3fff) != 0) { // MF set or fragment offset non-zero
            fragments++;
            return null;
        }
        byte[] src = new byte[4];
        byte[] dst = new byte[4];
        b.get(ip + 12, src);
        b.get(ip + 16, dst);
        // total length 0 happens with TCP segmentation offload: the captured bytes are the packet
        int wireEnd = total == 0 ? ip + (pkt.originalLength() - (ip - b.position())) : ip + total;
        return tcp(pkt, b, ip + ihl, end, wireEnd, src, dst);
    }

    private TcpSegment ipv6(Packet pkt, ByteBuffer b, int ip, int end) {
        if (end - ip < 40) {
            malformed++;
            return null;
        }
        int payloadLength = b.getShort(ip + 4) & 0xffff;
        int next = b.get(ip + 6) & 0xff;
        int p = ip + 40;
        while (next == 0 || next == 43 || next == 60 || next == 44) {
            if (end - p < 8) {
                malformed++;
                return null;
            }
            if (next == 44) {
                int fragOffsetM = b.getShort(p + 2) & 0xffff;
                if (fragOffsetM != 0) { // offset or M flag set: a real fragment
                    fragments++;
                    return null;
                }
                next = b.get(p) & 0xff;
                p += 8;
            } else {
                int len = ((b.get(p + 1) & 0xff) + 1) * 8;
                next = b.get(p) & 0xff;
                p += len;
            }
        }
        if (next != PROTO_TCP) {
            notTcp++;
            return null;
        }
        byte[] src = new byte[16];
        byte[] dst = new byte[16];
        b.get(ip + 8, src);
        b.get(ip + 24, dst);
        int wireEnd = payloadLength == 0 ? ip + (pkt.originalLength() - (ip - b.position())) : ip + 40 + payloadLength;
        return tcp(pkt, b, p, end, wireEnd, src, dst);
    }

    private TcpSegment tcp(Packet pkt, ByteBuffer b, int t, int capturedEnd, int wireEnd, byte[] src, byte[] dst) {
        if (capturedEnd - t < 20) {
            malformed++;
            return null;
        }
        int dataOffset = ((b.get(t + 12) & 0xff) >> 4) * 4;
        if (dataOffset < 20 || capturedEnd - t < dataOffset || wireEnd - t < dataOffset) {
            malformed++;
            return null;
        }
        int srcPort = b.getShort(t) & 0xffff;
        int dstPort = b.getShort(t + 2) & 0xffff;
        long seq = b.getInt(t + 4) & 0xffffffffL;
        long ack = b.getInt(t + 8) & 0xffffffffL;
        int flags = b.get(t + 13) & 0xff;
        int payloadStart = t + dataOffset;
        int payloadEnd = Math.min(capturedEnd, wireEnd);
        int missing = Math.max(0, wireEnd - capturedEnd);
        ByteBuffer payload = b.slice(payloadStart, payloadEnd - payloadStart);
        return new TcpSegment(new Endpoint(src, srcPort), new Endpoint(dst, dstPort), seq, ack, flags, payload, missing, pkt);
    }
}
