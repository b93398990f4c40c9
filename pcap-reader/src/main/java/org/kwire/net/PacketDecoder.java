package org.kwire.net;

import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;

/**
 * Decodes a captured packet down to its TCP segment: link layer ({@link LinkTypes}), 802.1Q/802.1ad VLAN tags (any
 * number), IPv4 (RFC 791) and IPv6 (RFC 8200, extension headers skipped), TCP (RFC 9293). IPv4 and IPv6 fragments are
 * reassembled ({@link Defragmenter}): the segment of a reassembled datagram belongs to its last fragment's packet. The
 * IP length bounds the payload, so Ethernet padding is never taken as data; a packet the snaplen cut yields the
 * captured part and the number of missing payload bytes. Anything else yields {@code null} and is counted. The
 * segment returned is one view that each call overwrites (decoding allocates nothing but for fragments). Not
 * thread-safe: one decoder per capture.
 */
public final class PacketDecoder {

    private static final int PROTO_TCP = 6;
    private static final int EXT_FRAGMENT = 44;
    private static final int EXT_AUTH = 51;

    private final Defragmenter defrag;
    /** The view every call returns. */
    private final TcpSegment segment = new TcpSegment();

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

    /** A decoder whose fragment reassembly gives up a datagram after {@code fragmentTimeoutNanos} of capture time. */
    public PacketDecoder(long fragmentTimeoutNanos) {
        this.defrag = new Defragmenter(fragmentTimeoutNanos);
    }

    /** A decoder with the default fragment timeout (30 s of capture time). */
    public PacketDecoder() {
        this(Defragmenter.DEFAULT_TIMEOUT_NANOS);
    }

    /** IPv4/IPv6 fragments seen (IPv6 atomic fragments, RFC 6946, are not counted: they are whole packets). */
    public long fragments() {
        return fragments;
    }

    /** Capture time a fragmented datagram waits for its missing fragments, whole seconds. */
    public long fragmentTimeoutSeconds() {
        return defrag.timeoutNanos() / 1_000_000_000L;
    }

    /** Datagrams reassembled from fragments. */
    public long reassembledDatagrams() {
        return defrag.reassembled();
    }

    /** Fragmented datagrams that could not be reassembled (fragments missing or cut by the snaplen, limits). */
    public long incompleteDatagrams() {
        return defrag.incomplete();
    }

    /** Packets whose link, IP or TCP header was cut short or invalid. */
    public long malformed() {
        return malformed;
    }

    /**
     * The packet's TCP segment, or {@code null} if it has none (counted by reason): a view valid until the next call,
     * whose payload is a range of the packet's bytes (or of a reassembled datagram's).
     */
    public TcpSegment decode(Packet p) {
        ByteBuffer b = p.data();
        int start = b.position();
        int end = b.limit();
        int ip = LinkTypes.networkLayer(p.linkType(), b, start, end);
        if (ip < 0) {
            switch (ip) {
                case LinkTypes.UNSUPPORTED -> unsupportedLink++;
                case LinkTypes.CUT -> malformed++;
                default -> notTcp++;
            }
            return null;
        }
        return (b.get(ip) & 0xff) >> 4 == 4 ? ipv4(p, b, ip, end) : ipv6(p, b, ip, end);
    }

    private TcpSegment ipv4(Packet pkt, ByteBuffer b, int ip, int end) {
        if (end - ip < 20) {
            malformed++;
            return null;
        }
        // the header read in whole words (big-endian), few reads of the buffer: version/IHL, DSCP, total length;
        // identification, flags and fragment offset; TTL, protocol, checksum
        int w0 = b.getInt(ip);
        int ihl = ((w0 >>> 24) & 0x0f) * 4;
        int total = w0 & 0xffff;
        int flagsFrag = b.getInt(ip + 4) & 0xffff;
        int proto = (b.getInt(ip + 8) >>> 16) & 0xff;
        if (ihl < 20 || (total != 0 && total < ihl)) {
            malformed++;
            return null;
        }
        if (proto != PROTO_TCP) {
            notTcp++;
            return null;
        }
        long addresses = b.getLong(ip + 12); // source, then destination
        segment.addresses(false, 0, addresses >>> 32, 0, addresses & 0xffffffffL);
        // total length 0 happens with TCP segmentation offload: the captured bytes are the packet
        int wireEnd = total == 0 ? ip + (pkt.originalLength() - (ip - b.position())) : ip + total;
        if ((flagsFrag & 0x3fff) != 0) { // More Fragments set or fragment offset non-zero
            fragments++;
            int from = Math.min(ip + ihl, end);
            Defragmenter.Datagram d = defrag.offer(Defragmenter.Key.v4(b, ip), (flagsFrag & 0x1fff) * 8,
                    (flagsFrag & 0x2000) != 0, b.slice(from, Math.max(0, Math.min(end, wireEnd) - from)), end < wireEnd, proto,
                    pkt.timestampNanos());
            if (d == null) {
                return null;
            }
            int len = d.payload().remaining();
            return tcp(pkt, d.payload(), 0, len, len);
        }
        return tcp(pkt, b, ip + ihl, end, wireEnd);
    }

    private TcpSegment ipv6(Packet pkt, ByteBuffer b, int ip, int end) {
        if (end - ip < 40) {
            malformed++;
            return null;
        }
        int lengthNext = b.getInt(ip + 4); // payload length, next header, hop limit
        int payloadLength = lengthNext >>> 16;
        segment.addresses(true, b.getLong(ip + 8), b.getLong(ip + 16), b.getLong(ip + 24), b.getLong(ip + 32));
        int wireEnd = payloadLength == 0 ? ip + (pkt.originalLength() - (ip - b.position())) : ip + 40 + payloadLength;
        return ipv6Headers(pkt, b, ip, (lengthNext >>> 8) & 0xff, ip + 40, end, wireEnd);
    }

    /**
     * Walks IPv6 extension headers from {@code p} (next header {@code next}) to TCP. {@code ip} is the IPv6 header's
     * offset, or -1 inside a reassembled payload (where a further fragment header is malformed).
     */
    private TcpSegment ipv6Headers(Packet pkt, ByteBuffer b, int ip, int next, int p, int end, int wireEnd) {
        while (next != PROTO_TCP) {
            if (!isExtension(next)) {
                notTcp++;
                return null;
            }
            if (end - p < 8) {
                malformed++;
                return null;
            }
            int following = b.get(p) & 0xff;
            if (next == EXT_FRAGMENT) {
                int offsetM = b.getShort(p + 2) & 0xffff;
                if ((offsetM & 0xfff9) != 0) { // offset or More Fragments set: a real fragment (else atomic, RFC 6946)
                    if (ip < 0) {
                        malformed++;
                        return null;
                    }
                    fragments++;
                    int from = p + 8;
                    Defragmenter.Datagram d = defrag.offer(Defragmenter.Key.v6(b, ip, p), offsetM & 0xfff8,
                            (offsetM & 1) != 0, b.slice(from, Math.max(0, Math.min(end, wireEnd) - from)), end < wireEnd, following,
                            pkt.timestampNanos());
                    if (d == null) {
                        return null;
                    }
                    int len = d.payload().remaining();
                    return ipv6Headers(pkt, d.payload(), -1, d.protocol(), 0, len, len);
                }
                p += 8;
            } else if (next == EXT_AUTH) {
                p += ((b.get(p + 1) & 0xff) + 2) * 4; // RFC 4302: length in 4-byte units, minus 2
            } else {
                p += ((b.get(p + 1) & 0xff) + 1) * 8; // RFC 8200: length in 8-byte units, not counting the first 8
            }
            next = following;
        }
        return tcp(pkt, b, p, end, wireEnd);
    }

    /** Extension headers (RFC 8200 section 4, RFC 7045) that can precede TCP: hop-by-hop, routing, fragment,
     * destination options, authentication, mobility, HIP, shim6. */
    private static boolean isExtension(int next) {
        return next == 0 || next == 43 || next == EXT_FRAGMENT || next == 60 || next == EXT_AUTH || next == 135
                || next == 139 || next == 140;
    }

    /** The TCP header at {@code t} into the view (whose addresses are set). */
    private TcpSegment tcp(Packet pkt, ByteBuffer b, int t, int capturedEnd, int wireEnd) {
        if (capturedEnd - t < 20) {
            malformed++;
            return null;
        }
        int offsetFlags = b.getInt(t + 12); // data offset, flags, window
        int dataOffset = (offsetFlags >>> 28) * 4;
        if (dataOffset < 20 || capturedEnd - t < dataOffset || wireEnd - t < dataOffset) {
            malformed++;
            return null;
        }
        int ports = b.getInt(t);
        long seqAck = b.getLong(t + 4);
        segment.header(ports >>> 16, ports & 0xffff, seqAck >>> 32, seqAck & 0xffffffffL, (offsetFlags >>> 16) & 0xff);
        int payloadStart = t + dataOffset;
        int payloadEnd = Math.min(capturedEnd, wireEnd);
        segment.payload(b, payloadStart, payloadEnd - payloadStart, Math.max(0, wireEnd - capturedEnd), pkt);
        return segment;
    }
}
