package org.kwire.tcp;

import org.junit.jupiter.api.Test;
import org.kwire.net.Endpoint;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * Connections looked up by their raw 4-tuple ({@link FourTuple}, {@link OrderedTuples}): both directions of a
 * connection meet whatever the order of their addresses, address families never mix, a connection to itself is one
 * direction, and the last delivered chunks ({@link RecentChunks}) are what retransmissions are compared with.
 */
class ConnectionLookupTest {

    private static final int ACK = TcpSegment.ACK;
    private static final int PSH_ACK = 0x18;

    private final List<Recorder> connections = new ArrayList<>();
    private final TcpReassembler tcp = new TcpReassembler(c -> {
        Recorder r = new Recorder(c);
        connections.add(r);
        return r;
    }, ReassemblyLimits.defaults());
    private long packet;

    @Test
    void bothDirectionsMeetWhateverTheAddressOrder() {
        // 200.1.1.1 is above 10.0.0.1 read unsigned, below it read as a signed int
        Endpoint client = v4(200, 1, 1, 1, 40000);
        Endpoint server = v4(10, 0, 0, 1, 9092);
        send(client, server, 100, 500, "req");
        send(server, client, 500, 103, "resp");
        send(client, server, 103, 504, "req2");
        tcp.end(packet);

        assertEquals(1, tcp.connections());
        Recorder r = connections.get(0);
        assertEquals("200.1.1.1:40000", r.connection.a().toString());
        assertEquals("10.0.0.1:9092", r.connection.b().toString());
        assertEquals("reqreq2", r.fromA.toString());
        assertEquals("resp", r.fromB.toString());
    }

    @Test
    void anIpv4AndAnIpv6ConnectionWithTheSameNumbersStayApart() {
        // ::a00:1 holds the same 32 bits as 10.0.0.1; the ports are the same too
        send(v4(10, 0, 0, 1, 40000), v4(10, 0, 0, 2, 9092), 1, 1, "four");
        send(v6(0x0a000001, 40000), v6(0x0a000002, 9092), 1, 1, "six");
        send(v4(10, 0, 0, 2, 9092), v4(10, 0, 0, 1, 40000), 1, 5, "back4");
        tcp.end(packet);

        assertEquals(2, tcp.connections());
        assertEquals("stream 0 10.0.0.1:40000 -> 10.0.0.2:9092", connections.get(0).connection.toString());
        assertEquals("stream 1 [::a00:1]:40000 -> [::a00:2]:9092", connections.get(1).connection.toString());
        assertEquals(List.of("A data four @1", "B data back4 @3", "end @3"), connections.get(0).events);
        assertEquals(List.of("A data six @2", "end @3"), connections.get(1).events);
    }

    @Test
    void aConnectionToItselfIsOneDirection() {
        Endpoint self = v4(127, 0, 0, 1, 5555);
        send(self, self, 10, 10, "ab");
        send(self, self, 12, 12, "cd");
        tcp.end(packet);

        assertEquals(1, tcp.connections());
        assertEquals(List.of("A data ab @1", "A data cd @2", "end @2"), connections.get(0).events);
    }

    @Test
    void retransmissionsAreComparedWithTheLastSixteenChunks() {
        Endpoint client = v4(10, 0, 0, 1, 40000);
        Endpoint server = v4(10, 0, 0, 2, 9092);
        for (int i = 0; i < 17; i++) { // 17 chunks of 2 bytes: the first is forgotten
            send(client, server, 1000 + 2 * i, 1, "c" + (char) ('a' + i));
        }
        send(client, server, 1000, 1, "XX"); // #18: chunk #1 again, different, no longer kept: dropped unseen
        send(client, server, 1002, 1, "cX"); // #19: chunk #2 again, second byte different
        tcp.end(packet);

        Recorder r = connections.get(0);
        assertEquals(17 + 1 + 1, r.events.size());
        assertEquals("A note @19: retransmitted data differs from the first copy (frame 2) at stream byte 3; the first "
                + "copy is kept", r.events.get(17));
        assertEquals(2, tcp.retransmissions());
    }

    @Test
    void orderedTuplesKeepTheirOrderAndFindEntriesByProbe() {
        OrderedTuples<String> tuples = new OrderedTuples<>();
        FourTuple probe = new FourTuple();
        probe.set(segment(v4(10, 0, 0, 1, 1), v4(10, 0, 0, 2, 2)));
        OrderedTuples.Entry<String> one = tuples.add(probe, "one", 1);
        probe.set(segment(v4(10, 0, 0, 1, 3), v4(10, 0, 0, 2, 4)));
        tuples.add(probe, "two", 2);
        probe.set(segment(v4(10, 0, 0, 2, 2), v4(10, 0, 0, 1, 1))); // the first, the other way round
        assertSame(one, tuples.get(probe));
        tuples.moveToEnd(one);
        assertEquals(List.of("two", "one"), tuples.values());
        assertEquals("two", tuples.first().value);
        assertSame(one, tuples.remove(probe));
        assertNull(tuples.get(probe));
        assertEquals(List.of("two"), tuples.values());
        assertEquals(1, tuples.size());
    }

    @Test
    void theTableFindsWhatAMapFindsThroughGrowthAndRemovals() {
        // 3,000 random adds and removes of 400 4-tuples (colliding homes, runs that wrap, tables that grow), each
        // lookup and the order compared with a LinkedHashMap's
        java.util.Random random = new java.util.Random(26);
        OrderedTuples<Integer> table = new OrderedTuples<>();
        java.util.Map<Integer, Integer> reference = new java.util.LinkedHashMap<>();
        FourTuple probe = new FourTuple();
        for (int step = 0; step < 3000; step++) {
            int id = random.nextInt(400);
            probe.set(segment(v4(10, 0, id >> 8, id & 0xff, 40000 + id % 7), v4(10, 1, 0, 1, 9092)));
            OrderedTuples.Entry<Integer> e = table.get(probe);
            assertEquals(reference.get(id), e == null ? null : e.value);
            if (e == null) {
                table.add(probe, id, step);
                reference.put(id, id);
            } else if (random.nextBoolean()) {
                table.remove(e);
                reference.remove(id);
            } else {
                assertSame(e, table.remove(probe));
                reference.remove(id);
            }
            assertEquals(reference.size(), table.size());
        }
        assertEquals(List.copyOf(reference.values()), table.values());
    }

    private void send(Endpoint from, Endpoint to, long seq, long ack, String data) {
        tcp.accept(segment(from, to, seq, ack, data));
    }

    private TcpSegment segment(Endpoint from, Endpoint to) {
        return segment(from, to, 1, 1, "");
    }

    private TcpSegment segment(Endpoint from, Endpoint to, long seq, long ack, String data) {
        packet++;
        byte[] bytes = data.getBytes(StandardCharsets.ISO_8859_1);
        Packet p = new Packet(packet, packet * 1_000_000L, 1, 54 + bytes.length, ByteBuffer.allocate(0), 0);
        return new TcpSegment(from, to, seq, ack, bytes.length > 0 ? PSH_ACK : ACK, ByteBuffer.wrap(bytes), 0, p);
    }

    private static Endpoint v4(int a, int b, int c, int d, int port) {
        return new Endpoint(new byte[] {(byte) a, (byte) b, (byte) c, (byte) d}, port);
    }

    /** An IPv6 endpoint {@code ::x} whose last 32 bits are {@code low32}. */
    private static Endpoint v6(int low32, int port) {
        byte[] a = new byte[16];
        ByteBuffer.wrap(a).putInt(12, low32);
        return new Endpoint(a, port);
    }
}
