package org.kwire.partial;

import org.kwire.net.Endpoint;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.Packet;
import org.kwire.tcp.HalfState;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * What an edge of a slice keeps of a connection's TCP below its stream stage, so that a merge reassembles the joined
 * connection with TCP's own rules ({@link org.kwire.tcp.ResumedTcp}) rather than from the bytes each slice's
 * reassembly delivered: a gap is declared where one reassembly of the files together declares it (at the
 * acknowledgment past a hole, which may be in the later file), and a segment the earlier file held out of order is
 * delivered there too.
 *
 * @param ends     tail: per direction (A, B), the reassembly's state when the slice's input ended ({@link HalfState},
 *                 before the end flushed it), null for a direction that never started; empty for a head
 * @param segments head: the connection's segments from its first packet in the slice until the head ended, in capture
 *                 order; empty for a tail
 */
public record TcpFacts(List<HalfState> ends, List<Segment> segments) {

    /**
     * One TCP segment as the slice's reassembly received it.
     *
     * @param fromA          sent by endpoint A of the edge
     * @param seq            its sequence number (32 bits)
     * @param ack            its acknowledgment number (32 bits); -1 without the ACK flag
     * @param flags          its TCP flags (FIN 0x01, SYN 0x02, RST 0x04, ACK 0x10)
     * @param data           its captured payload
     * @param missing        payload bytes on the wire the capture did not keep (snaplen)
     * @param timestampNanos capture time of its packet, epoch ns
     * @param packet         its packet's frame number in the slice
     * @param length         its payload's length when {@code data} leaves out the records of whole batches (the
     *                       edge's {@link Boundary.Edge#elided()}), else 0
     */
    public record Segment(boolean fromA, long seq, long ack, int flags, byte[] data, int missing, long timestampNanos,
                          long packet, int length) {

        /** This segment holding {@code stored} of its {@code wireLength} payload bytes (0: all of them). */
        Segment withData(byte[] stored, int wireLength) {
            return new Segment(fromA, seq, ack, flags, stored, missing, timestampNanos, packet, wireLength);
        }

        /** A copy of {@code s} (its payload copied). */
        static Segment of(boolean fromA, TcpSegment s) {
            byte[] data = new byte[s.payloadLength()];
            s.payloadBuffer().get(s.payloadOffset(), data);
            return new Segment(fromA, s.seq(), s.has(TcpSegment.ACK) ? s.ack() : -1, s.flags(), data,
                    s.missingPayload(), s.packet().timestampNanos(), s.packet().number(), 0);
        }

        /** Bytes it holds in memory, roughly. */
        long weight() {
            return 64 + data.length;
        }

        /** The segment again, from {@code src} to {@code dst}, its packet numbered {@code packet}. */
        TcpSegment segment(Endpoint src, Endpoint dst, long packetNumber) {
            int flagBits = ack < 0 ? flags & ~TcpSegment.ACK : flags;
            Packet p = new Packet(packetNumber, timestampNanos, 0, data.length, ByteBuffer.allocate(0), 0);
            return new TcpSegment(src, dst, seq, Math.max(ack, 0), flagBits, ByteBuffer.wrap(data), missing, p);
        }
    }
}
