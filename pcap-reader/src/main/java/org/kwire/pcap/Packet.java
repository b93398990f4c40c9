package org.kwire.pcap;

import java.nio.ByteBuffer;

/**
 * One captured packet.
 *
 * @param number         capture frame number, 1-based, in file order (as Wireshark's frame.number)
 * @param timestampNanos capture time, epoch nanoseconds (0 for pcapng simple packet blocks, which carry none)
 * @param linkType       LINKTYPE_ value of its interface (tcpdump.org link-layer header types), e.g. 1 = Ethernet
 * @param originalLength length on the wire in bytes; larger than {@code data.remaining()} when the snaplen cut it
 * @param data           the captured bytes (position to limit), big-endian; valid as long as it is referenced
 * @param interfaceId    pcapng interface index within its section, 0 for pcap files and live capture
 * @param comment        the packet's pcapng {@code opt_comment}s joined by newlines, or null if it has none
 */
public record Packet(long number, long timestampNanos, int linkType, int originalLength, ByteBuffer data,
                     int interfaceId, String comment) {

    /** A packet without a comment. */
    public Packet(long number, long timestampNanos, int linkType, int originalLength, ByteBuffer data, int interfaceId) {
        this(number, timestampNanos, linkType, originalLength, data, interfaceId, null);
    }

    /** This packet under another frame number (when several files are read as one capture). */
    public Packet withNumber(long newNumber) {
        return new Packet(newNumber, timestampNanos, linkType, originalLength, data, interfaceId, comment);
    }

    /** Captured length in bytes. */
    public int capturedLength() {
        return data.remaining();
    }
}
