package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * pcapng files: real ones (expected values read with tshark 4.0.17 and a python block walker) and a synthetic one with
 * two sections of opposite byte order, interfaces of different link types and timestamp resolutions, and every packet
 * block type (expected values computed by hand from the pcapng draft's rules).
 */
class PcapngSectionsTest {

    @Test
    void editcapPcapngKeepsSectionAndPacketComments() throws IOException {
        Packets.Read r = Packets.read(TestCaptures.path("java-basic.pcapng"));
        assertEquals(340, r.packets().size());
        assertEquals(List.of("capture-lab: java-basic converted to pcapng by editcap"), r.comments());
        assertEquals("first packet of the capture", r.packets().get(0).comment());
        assertNull(r.packets().get(1).comment());
        assertEquals("frame comment test", r.packets().get(9).comment());
        assertEquals(2, r.packets().stream().filter(p -> p.comment() != null).count());
        Packet first = r.packets().get(0);
        assertEquals(1, first.number());
        assertEquals(1_795_973_322_135_951_000L, first.timestampNanos());
        assertEquals(74, first.capturedLength());
        assertEquals(1, first.linkType());
        assertEquals(List.of(), r.warnings());
    }

    @Test
    void twoInterfacesWithMicroAndNanosecondResolution() throws IOException {
        Packets.Read r = Packets.read(TestCaptures.path("nDPI-kafka.pcapng"));
        assertEquals(41, r.packets().size());
        Packet p1 = r.packets().get(0);
        assertEquals(0, p1.interfaceId());
        assertEquals(1_681_844_706_292_198_000L, p1.timestampNanos()); // IDB 0: no if_tsresol, microseconds
        Packet p23 = r.packets().get(22);
        assertEquals(1, p23.interfaceId());
        assertEquals(1_703_132_756_328_165_530L, p23.timestampNanos()); // IDB 1: if_tsresol=9
        assertEquals(1_703_132_769_960_435_569L, r.packets().get(40).timestampNanos());
        assertEquals(List.of(), r.comments());
    }

    /** Section 1 little-endian, section 2 big-endian; packets numbered across sections. */
    static byte[] synthetic() {
        return new PcapngBlocks()
                .section(ByteOrder.LITTLE_ENDIAN, "first section")
                .iface(1, 0, null, null)                     // 0: Ethernet, microseconds
                .iface(101, 0, 0x8A, 1000L)                  // 1: raw IP, 2^-10 s, +1000 s
                .iface(113, 0, 3, null)                      // 2: Linux SLL, milliseconds
                .epb(0, 1_500_000_000_123_456L, new byte[] {1, 2, 3, 4, 5}, 5, "hello")
                .epb(1, (5L << 10) | 512, new byte[] {6, 7, 8}, 60, null)
                .raw(5, new byte[12])                        // interface statistics: skipped
                .raw(0x0BAD, new byte[] {0, 0, 0, 1, 42})    // custom block: skipped
                .opb(2, 1_234_567L, new byte[] {10, 11}, 2)
                .spb(new byte[] {20, 21, 22, 23, 24, 25, 26, 27}, 100)
                .section(ByteOrder.BIG_ENDIAN, "second section")
                .iface(276, 0, 9, null)                      // 0: Linux SLL2, nanoseconds
                .epb(1, 99, new byte[] {1}, 1, null)         // interface 1 not (yet) defined in this section
                .iface(1, 0, 0x9E, null)                     // 1: Ethernet, 2^-30 s
                .epb(0, 1_700_000_000_123_456_789L, new byte[] {9, 9}, 2, null)
                .epb(1, (7L << 30) | 3, new byte[] {8}, 1, "last")
                .bytes();
    }

    @Test
    void sectionsInterfacesResolutionsAndBlockTypes(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("synthetic.pcapng");
        Files.write(f, synthetic());
        Packets.Read r = Packets.read(f);
        assertEquals(List.of("first section", "second section"), r.comments());
        List<Packet> p = r.packets();
        assertEquals(6, p.size());
        for (int i = 0; i < p.size(); i++) {
            assertEquals(i + 1, p.get(i).number());
        }
        assertEquals(1_500_000_000_123_456_000L, p.get(0).timestampNanos());
        assertEquals("hello", p.get(0).comment());
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, Packets.bytes(p.get(0)));

        assertEquals(1_005_500_000_000L, p.get(1).timestampNanos()); // 5.5 s in 2^-10 units, plus if_tsoffset 1000 s
        assertEquals(101, p.get(1).linkType());
        assertEquals(60, p.get(1).originalLength());
        assertEquals(3, p.get(1).capturedLength());

        assertEquals(1_234_567_000_000L, p.get(2).timestampNanos()); // obsolete packet block, milliseconds
        assertEquals(113, p.get(2).linkType());
        assertEquals(2, p.get(2).interfaceId());

        assertEquals(0, p.get(3).timestampNanos()); // simple packet block: no timestamp, interface 0
        assertEquals(1, p.get(3).linkType());
        assertEquals(100, p.get(3).originalLength());
        assertEquals(8, p.get(3).capturedLength());

        assertEquals(1_700_000_000_123_456_789L, p.get(4).timestampNanos()); // big-endian section, new interface 0
        assertEquals(276, p.get(4).linkType());
        assertArrayEquals(new byte[] {9, 9}, Packets.bytes(p.get(4)));

        assertEquals(7_000_000_002L, p.get(5).timestampNanos()); // 3 * 10^9 / 2^30 = 2.79 ns, truncated
        assertEquals("last", p.get(5).comment());
        assertEquals(1, r.warnings().size());
        assertEquals(f + ": packet block after packet 4 refers to undefined interface 1 (section 2 defines 1); skipped",
                r.warnings().get(0)); // the block is not a packet: it gets no number (was "packet 5")
    }

    @Test
    void truncatedFileYieldsThePacketsBeforeTheCut(@TempDir Path dir) throws IOException {
        byte[] all = synthetic();
        Path f = dir.resolve("cut.pcapng");
        Files.write(f, Arrays.copyOf(all, all.length - 10));
        Packets.Read r = Packets.read(f);
        assertEquals(5, r.packets().size());
        assertEquals(2, r.warnings().size());
        assertTrue(r.warnings().get(1).startsWith(f + ": capture truncated in a block after packet 5: "), r.warnings().get(1));
    }

    @Test
    void unknownMajorVersionStopsWithAWarning(@TempDir Path dir) throws IOException {
        byte[] b = new PcapngBlocks().section(ByteOrder.LITTLE_ENDIAN, null).iface(1, 0, null, null)
                .epb(0, 1, new byte[] {1}, 1, null).bytes();
        byte[] v2 = new PcapngBlocks().section(ByteOrder.LITTLE_ENDIAN, null).bytes();
        v2[12] = 2; // major version 2
        byte[] both = Arrays.copyOf(b, b.length + v2.length);
        System.arraycopy(v2, 0, both, b.length, v2.length);
        Path f = dir.resolve("v2.pcapng");
        Files.write(f, both);
        Packets.Read r = Packets.read(f);
        assertEquals(1, r.packets().size());
        assertEquals(List.of(f + ": section header block of pcapng version 2.0 (only 1.x is defined); reading stopped"), r.warnings());
    }
}
