package org.kwire.net;

import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;

/**
 * A TCP segment decoded from a packet (RFC 9293 header).
 *
 * @param src            sender
 * @param dst            receiver
 * @param seq            sequence number (unsigned 32-bit, as a long)
 * @param ack            acknowledgment number (unsigned 32-bit)
 * @param flags          TCP flags byte (FIN 0x01, SYN 0x02, RST 0x04, PSH 0x08, ACK 0x10)
 * @param payload        the captured payload bytes (position to limit)
 * @param missingPayload payload bytes on the wire that the capture did not keep (snaplen), 0 normally
 * @param packet         the packet it came from
 */
public record TcpSegment(Endpoint src, Endpoint dst, long seq, long ack, int flags, ByteBuffer payload,
                         int missingPayload, Packet packet) {

    public static final int FIN = 0x01;
    public static final int SYN = 0x02;
    public static final int RST = 0x04;
    public static final int ACK = 0x10;

    /** True if all of the given flag bits are set. */
    public boolean has(int flag) {
        return (flags & flag) == flag;
    }

    /** Payload length on the wire (captured + missing). */
    public int wireLength() {
        return payload.remaining() + missingPayload;
    }
}
