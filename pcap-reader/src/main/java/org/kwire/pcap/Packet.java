package org.kwire.pcap;

import java.nio.ByteBuffer;

/**
 * One captured packet.
 *
 * @param number         capture frame number, 1-based, in file order (as Wireshark's frame.number)
 * @param timestampNanos capture time, epoch nanoseconds
 * @param linkType       LINKTYPE_ value of its interface (tcpdump.org link-layer header types), e.g. 1 = Ethernet
 * @param originalLength length on the wire in bytes; larger than {@code data.remaining()} when the snaplen cut it
 * @param data           the captured bytes (position to limit), big-endian; valid as long as it is referenced
 * @param interfaceId    pcapng interface index, 0 for pcap files and live capture
 */
public record Packet(long number, long timestampNanos, int linkType, int originalLength, ByteBuffer data,
                     int interfaceId) {

    /** This packet under another frame number (when several files are read as one capture). */
    public Packet withNumber(long newNumber) {
        return new Packet(newNumber, timestampNanos, linkType, originalLength, data, interfaceId);
    }

    /** Captured length in bytes. */
    public int capturedLength() {
        return data.remaining();
    }
}
