package org.kwire.tcp;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.net.Endpoint;
import org.kwire.net.PacketDecoder;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.Packet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * In-order bytes reach a handler as ranges of the buffers that hold them ({@link TcpStreamHandler}'s range
 * {@code onData}): the packet's own bytes when delivered as they came, a held copy when they came out of order; a
 * handler that does not override it gets a slice of the same bytes. (While bytes are held, in-order bytes pass through
 * a slice of the packet's bytes: that path is rare.)
 */
class DataRangesTest {

    /** A handler that ignores everything but data. */
    private abstract static class DataOnly implements TcpStreamHandler {
        @Override
        public void onGap(boolean fromA, long n, org.kwire.stream.GapCause cause, long packet) {
        String reason = cause.label();
        }

        @Override
        public void onNote(boolean fromA, long packet, org.kwire.expert.ExpertItem item, String text) {
        }

        @Override
        public void onEnd(long packet) {
        }
    }

    /** Writes down each range: its buffer, offset, length and frame. */
    private static final class Ranges extends DataOnly {
        final List<ByteBuffer> buffers = new ArrayList<>();
        final List<String> ranges = new ArrayList<>();
        long bytes;

        @Override
        public void onData(boolean fromA, ByteBuffer buffer, int offset, int length, long timestampNanos, long packet) {
            buffers.add(buffer);
            ranges.add((fromA ? "A " : "B ") + offset + "+" + length + " #" + packet);
            bytes += length;
        }

        @Override
        public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
            throw new AssertionError("the range variant is overridden");
        }
    }

    @Test
    void aRealCaptureArrivesAsRangesOfItsPacketsBytes() throws IOException {
        List<Ranges> handlers = new ArrayList<>();
        TcpReassembler tcp = new TcpReassembler(c -> {
            Ranges r = new Ranges();
            handlers.add(r);
            return r;
        }, ReassemblyLimits.defaults());
        PacketDecoder decoder = new PacketDecoder();
        Map<Long, ByteBuffer> packetBytes = new HashMap<>();
        List<Packet> packets = TestCaptures.read("java-basic.pcap").packets();
        for (Packet p : packets) {
            packetBytes.put(p.number(), p.data());
            tcp.accept(decoder.decode(p));
        }
        tcp.end(packets.size());

        assertEquals(17, handlers.size());
        // the streams' bytes of TcpReassemblerTest's table (tshark's tcp.len sum, 47,558, counts retransmissions too)
        assertEquals(47_327, handlers.stream().mapToLong(h -> h.bytes).sum());
        Ranges first = handlers.get(0);
        // Ethernet 14 + IPv4 20 + TCP with timestamps 32: payload at 66; the ApiVersions request, then its response
        assertEquals("A 66+56 #4", first.ranges.get(0));
        assertEquals("B 66+880 #6", first.ranges.get(1));
        assertSame(packetBytes.get(4L), first.buffers.get(0));
        assertSame(packetBytes.get(6L), first.buffers.get(1));
    }

    @Test
    void outOfOrderBytesArriveFromTheirHeldCopyAndDefaultHandlersGetSlices() {
        Ranges ranges = new Ranges();
        List<String> sliced = new ArrayList<>();
        TcpStreamHandler slices = new DataOnly() {
            @Override
            public void onData(boolean a, ByteBuffer data, long timestampNanos, long packet) {
                sliced.add(data.position() + "/" + data.limit() + " " + StandardCharsets.US_ASCII.decode(data.duplicate()));
            }
        };
        for (TcpStreamHandler h : List.of(ranges, slices)) {
            TcpReassembler tcp = new TcpReassembler(c -> h, ReassemblyLimits.defaults());
            ByteBuffer late = ByteBuffer.wrap("__def".getBytes(StandardCharsets.US_ASCII));
            ByteBuffer early = ByteBuffer.wrap("__abc".getBytes(StandardCharsets.US_ASCII));
            tcp.accept(segment(99, TcpSegment.SYN, ByteBuffer.allocate(0), 1)); // the stream starts at 100
            tcp.accept(segment(103, 0x18, late.position(2), 2)); // ahead: held as a copy
            tcp.accept(segment(100, 0x18, early.position(2), 3)); // in order: delivered, then the held copy
            tcp.end(3);
            if (h == ranges) { // while bytes are held, in-order bytes pass through a slice: of the packet's own bytes
                assertSame(early.array(), ranges.buffers.get(0).array());
                assertNotSame(late.array(), ranges.buffers.get(1).array()); // the held bytes were copied
            }
        }

        assertEquals(List.of("A 0+3 #3", "A 0+3 #2"), ranges.ranges);
        assertEquals(List.of("0/3 abc", "0/3 def"), sliced);
    }

    private static TcpSegment segment(long seq, int flags, ByteBuffer payload, long packet) {
        Endpoint client = new Endpoint(new byte[] {10, 0, 0, 1}, 40000);
        Endpoint server = new Endpoint(new byte[] {10, 0, 0, 2}, 9092);
        Packet p = new Packet(packet, packet * 1000, 1, 60, ByteBuffer.allocate(0), 0);
        return new TcpSegment(client, server, seq, 1, flags, payload, 0, p);
    }
}
