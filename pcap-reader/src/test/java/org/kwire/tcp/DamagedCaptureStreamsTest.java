package org.kwire.tcp;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.net.PacketDecoder;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The damaged variants of java-basic.pcap (shared capture set: {@code editcap -s 128} and 3 % of packets deleted)
 * reassemble into the original's streams with gaps exactly where bytes are missing. Expected totals from a python
 * walk of the packet headers and tshark 4.0.17: java-basic.pcap carries 47558 payload bytes of which frames 69, 153
 * and 187 (132 + 49 + 50 bytes) are retransmissions (tcp.analysis.retransmission), so its streams hold 47327 bytes;
 * snap128 cuts 112 packets' payloads, 38609 bytes, of which frame 69 (70 bytes cut) is the retransmission, so 111
 * snaplen gaps of 38539 bytes; drop3 deleted frames 45, 53, 58, 115, 280 and 328 that carried
 * 67 + 86 + 66 + 880 + 102 + 41 = 1242 payload bytes, and the FINs of two connections (frames 72, 141).
 */
class DamagedCaptureStreamsTest {

    private static Map<String, Recorder> streams(String capture) throws IOException {
        Map<String, Recorder> byEndpoints = new LinkedHashMap<>();
        TcpReassembler tcp = new TcpReassembler(c -> {
            Recorder r = new Recorder(c);
            byEndpoints.put(c.a() + " " + c.b(), r);
            return r;
        }, ReassemblyLimits.defaults());
        PacketDecoder decoder = new PacketDecoder();
        long last = 0;
        try (PacketSource s = CaptureFiles.open(TestCaptures.path(capture))) {
            for (Packet p; (p = s.next()) != null; ) {
                TcpSegment seg = decoder.decode(p);
                if (seg != null) {
                    tcp.accept(seg);
                }
                last = p.number();
            }
        }
        tcp.end(last);
        return byEndpoints;
    }

    /** Every byte the damaged stream has equals the original's at the same offset, and the lengths agree. */
    private static void assertSameWhereKnown(byte[] original, byte[] damaged, java.util.BitSet known, String what) {
        assertEquals(original.length, damaged.length, what + " length");
        byte[] masked = original.clone();
        for (int i = known.nextClearBit(0); i < masked.length; i = known.nextClearBit(i + 1)) {
            masked[i] = 0;
        }
        assertArrayEquals(masked, damaged, what);
    }

    private static void assertMatchesOriginal(Map<String, Recorder> original, Map<String, Recorder> damaged) {
        assertEquals(original.keySet(), damaged.keySet());
        for (var e : original.entrySet()) {
            Recorder o = e.getValue();
            Recorder d = damaged.get(e.getKey());
            assertEquals(0, o.snaplenGapBytes + o.missingGapBytes, "the original has no gaps");
            assertSameWhereKnown(o.bytesA.toByteArray(), d.bytesA.toByteArray(), d.knownA, e.getKey() + " A");
            assertSameWhereKnown(o.bytesB.toByteArray(), d.bytesB.toByteArray(), d.knownB, e.getKey() + " B");
        }
    }

    @Test
    void snaplenCutPacketsBecomeSnaplenGapsOfTheCutSize() throws IOException {
        Map<String, Recorder> original = streams("java-basic.pcap");
        Map<String, Recorder> snap = streams("java-basic-snap128.pcap");
        assertEquals(17, snap.size());
        assertMatchesOriginal(original, snap);
        assertEquals(38539, snap.values().stream().mapToLong(r -> r.snaplenGapBytes).sum());
        assertEquals(111, snap.values().stream().mapToInt(r -> r.snaplenGaps).sum());
        assertEquals(0, snap.values().stream().mapToLong(r -> r.missingGapBytes).sum());
        assertEquals(47327, snap.values().stream().mapToLong(r -> r.bytesA.size() + r.bytesB.size()).sum());
    }

    @Test
    void droppedPacketsBecomeMissingSegmentGaps() throws IOException {
        Map<String, Recorder> original = streams("java-basic.pcap");
        Map<String, Recorder> drop = streams("java-basic-drop3.pcap");
        assertMatchesOriginal(original, drop);
        assertEquals(1242, drop.values().stream().mapToLong(r -> r.missingGapBytes).sum());
        assertEquals(0, drop.values().stream().mapToLong(r -> r.snaplenGapBytes).sum());
        assertEquals(0, drop.values().stream().filter(r -> r.events.stream().anyMatch(e -> e.contains(" note "))).count());
        assertEquals(Arrays.asList(true), drop.values().stream().map(r -> r.ended).distinct().toList());
    }
}
