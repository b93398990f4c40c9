package org.kwire.net;

import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;

/**
 * A TCP segment decoded from a packet (RFC 9293 header). {@link PacketDecoder#decode} returns one view that it
 * overwrites at every call, so that decoding a packet allocates nothing: read it before decoding the next packet, or
 * keep a {@link #copy()}. The addresses are held as raw numbers (4 or 16 bytes as two longs, high first; IPv4 in the
 * low long), so that connections can be looked up without objects; {@link #src()} and {@link #dst()} make
 * {@link Endpoint}s on demand. The payload is a range of a buffer (the packet's own bytes, or a reassembled IP
 * datagram's), not a copy; {@link #payload()} slices it on demand.
 */
public final class TcpSegment {

    public static final int FIN = 0x01;
    public static final int SYN = 0x02;
    public static final int RST = 0x04;
    public static final int ACK = 0x10;

    private boolean ipv6;
    private long srcHigh;
    private long srcLow;
    private long dstHigh;
    private long dstLow;
    private int srcPort;
    private int dstPort;
    private long seq;
    private long ack;
    private int flags;
    private ByteBuffer buffer;
    private int payloadOffset;
    private int payloadLength;
    private int missingPayload;
    private Packet packet;

    /** An empty view, filled by the decoder. */
    TcpSegment() {
    }

    /**
     * A segment of its own (not a decoder's view).
     *
     * @param src            sender
     * @param dst            receiver, of the same address family
     * @param seq            sequence number (unsigned 32-bit, as a long)
     * @param ack            acknowledgment number (unsigned 32-bit)
     * @param flags          TCP flags byte (FIN 0x01, SYN 0x02, RST 0x04, PSH 0x08, ACK 0x10)
     * @param payload        the captured payload bytes (position to limit)
     * @param missingPayload payload bytes on the wire that the capture did not keep (snaplen), 0 normally
     * @param packet         the packet it came from
     */
    public TcpSegment(Endpoint src, Endpoint dst, long seq, long ack, int flags, ByteBuffer payload, int missingPayload,
                      Packet packet) {
        byte[] s = src.address();
        byte[] d = dst.address();
        addresses(s.length == 16, Endpoint.high(s), Endpoint.low(s), Endpoint.high(d), Endpoint.low(d));
        header(src.port(), dst.port(), seq, ack, flags);
        payload(payload, payload.position(), payload.remaining(), missingPayload, packet);
    }

    /** Sets the addresses (IPv4: high 0, the address in the low long's low 32 bits). */
    void addresses(boolean v6, long srcHi, long srcLo, long dstHi, long dstLo) {
        this.ipv6 = v6;
        this.srcHigh = srcHi;
        this.srcLow = srcLo;
        this.dstHigh = dstHi;
        this.dstLow = dstLo;
    }

    /** Sets the TCP header's fields. */
    void header(int sourcePort, int destinationPort, long sequence, long acknowledgment, int flagBits) {
        this.srcPort = sourcePort;
        this.dstPort = destinationPort;
        this.seq = sequence;
        this.ack = acknowledgment;
        this.flags = flagBits;
    }

    /** Sets the payload: {@code length} bytes of {@code in} from {@code offset}, then {@code missing} not captured. */
    void payload(ByteBuffer in, int offset, int length, int missing, Packet from) {
        this.buffer = in;
        this.payloadOffset = offset;
        this.payloadLength = length;
        this.missingPayload = missing;
        this.packet = from;
    }

    /** A segment of its own with this view's values (sharing the payload's bytes). */
    public TcpSegment copy() {
        TcpSegment c = new TcpSegment();
        c.addresses(ipv6, srcHigh, srcLow, dstHigh, dstLow);
        c.header(srcPort, dstPort, seq, ack, flags);
        c.payload(buffer, payloadOffset, payloadLength, missingPayload, packet);
        return c;
    }

    /** The sender (a new object at each call). */
    public Endpoint src() {
        return Endpoint.of(ipv6, srcHigh, srcLow, srcPort);
    }

    /** The receiver (a new object at each call). */
    public Endpoint dst() {
        return Endpoint.of(ipv6, dstHigh, dstLow, dstPort);
    }

    /** True for IPv6 addresses, false for IPv4. */
    public boolean ipv6() {
        return ipv6;
    }

    /** The sender's address, first 8 bytes (0 for IPv4). */
    public long srcAddressHigh() {
        return srcHigh;
    }

    /** The sender's address, last 8 bytes (IPv4: the 4 bytes, unsigned). */
    public long srcAddressLow() {
        return srcLow;
    }

    /** The receiver's address, first 8 bytes (0 for IPv4). */
    public long dstAddressHigh() {
        return dstHigh;
    }

    /** The receiver's address, last 8 bytes (IPv4: the 4 bytes, unsigned). */
    public long dstAddressLow() {
        return dstLow;
    }

    /** The sender's port, 0-65535. */
    public int srcPort() {
        return srcPort;
    }

    /** The receiver's port, 0-65535. */
    public int dstPort() {
        return dstPort;
    }

    /** Sequence number (unsigned 32-bit, as a long). */
    public long seq() {
        return seq;
    }

    /** Acknowledgment number (unsigned 32-bit, as a long). */
    public long ack() {
        return ack;
    }

    /** TCP flags byte (FIN 0x01, SYN 0x02, RST 0x04, PSH 0x08, ACK 0x10). */
    public int flags() {
        return flags;
    }

    /** The captured payload bytes as a buffer of their own (position 0; a new slice at each call, no copy). */
    public ByteBuffer payload() {
        return buffer.slice(payloadOffset, payloadLength);
    }

    /** The buffer holding the payload (the packet's bytes or a reassembled datagram's); do not change its position. */
    public ByteBuffer payloadBuffer() {
        return buffer;
    }

    /** Index of the payload's first byte in {@link #payloadBuffer()}. */
    public int payloadOffset() {
        return payloadOffset;
    }

    /** Captured payload bytes. */
    public int payloadLength() {
        return payloadLength;
    }

    /** Payload bytes on the wire that the capture did not keep (snaplen), 0 normally. */
    public int missingPayload() {
        return missingPayload;
    }

    /** The packet it came from. */
    public Packet packet() {
        return packet;
    }

    /** True if all of the given flag bits are set. */
    public boolean has(int flag) {
        return (flags & flag) == flag;
    }

    /** Payload length on the wire (captured + missing). */
    public int wireLength() {
        return payloadLength + missingPayload;
    }

    @Override
    public String toString() {
        return src() + " -> " + dst() + " seq " + seq + " ack " + ack + " flags 0x" + Integer.toHexString(flags) + ", "
                + payloadLength + " bytes" + (missingPayload > 0 ? " + " + missingPayload + " missing" : "");
    }
}
