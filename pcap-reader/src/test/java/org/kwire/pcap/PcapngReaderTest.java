package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;
import org.kwire.TestCaptures.Capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * pcapng files. java-basic.pcapng is {@code editcap -F pcapng} of java-basic.pcap, so both must yield the same packets;
 * the nDPI values were computed independently with python {@code struct} (IDB if_tsresol, EPB timestamps).
 */
class PcapngReaderTest {

    private static final int NDPI_PACKETS = 41;
    /** Packets 1-22 come from interface 0 (microseconds), 23-41 from interface 1 ("lo", if_tsresol=9). */
    private static final int NDPI_FIRST_ON_INTERFACE_1 = 23;

    @TempDir
    Path tmp;

    @Test
    void javaBasicPcapngHasTheSamePacketsAsThePcap() throws IOException {
        Capture pcap = TestCaptures.read("java-basic.pcap");
        Capture ng = TestCaptures.read("java-basic.pcapng");

        assertEquals(List.of(), ng.warnings());
        assertEquals(340, ng.packets().size());
        assertEquals(pcap.packets().size(), ng.packets().size());
        for (int i = 0; i < pcap.packets().size(); i++) {
            Packet a = pcap.packets().get(i);
            Packet b = ng.packets().get(i);
            String at = "packet " + (i + 1);
            assertEquals(a.number(), b.number(), at);
            assertEquals(a.timestampNanos(), b.timestampNanos(), at);
            assertEquals(a.linkType(), b.linkType(), at);
            assertEquals(a.originalLength(), b.originalLength(), at);
            assertEquals(a.capturedLength(), b.capturedLength(), at);
            assertEquals(a.data(), b.data(), at); // ByteBuffer.equals compares the remaining bytes
            assertEquals(0, b.interfaceId(), at);
        }
        assertEquals(82_008, ng.position());
    }

    @Test
    void nDpiTwoInterfacesWithDifferentResolutions() throws IOException {
        Capture c = TestCaptures.read("nDPI-kafka.pcapng");

        assertEquals(List.of(), c.warnings());
        assertEquals(NDPI_PACKETS, c.packets().size());
        for (Packet p : c.packets()) {
            int expectedInterface = p.number() < NDPI_FIRST_ON_INTERFACE_1 ? 0 : 1;
            assertEquals(expectedInterface, p.interfaceId(), "packet " + p.number());
            assertEquals(1, p.linkType(), "packet " + p.number());
        }

        // interface 0, microseconds
        assertPacket(c, 1, 0, 1_681_844_706_292_198_000L, 91);
        assertPacket(c, 22, 0, 1_681_883_408_373_461_000L, 91);
        // interface 1, nanoseconds
        assertPacket(c, 23, 1, 1_703_132_756_328_165_530L, 74);
        assertPacket(c, 41, 1, 1_703_132_769_960_435_569L, 66);

        // capture order is kept even where timestamps go backwards (frame 19 is earlier than 17)
        assertEquals(1_681_878_308_632_420_000L, packet(c, 17).timestampNanos());
        assertEquals(1_681_878_306_117_885_000L, packet(c, 19).timestampNanos());
        // frame 18 duplicates frame 17
        assertEquals(packet(c, 17).timestampNanos(), packet(c, 18).timestampNanos());
        assertEquals(packet(c, 17).data(), packet(c, 18).data());
    }

    @Test
    void bigEndianSectionWithBinaryResolutionAndOffset() throws IOException {
        ByteBuffer f = ByteBuffer.allocate(512); // big-endian
        // Section Header Block: BOM 0x1A2B3C4D (big-endian), version 1.0, section length -1
        f.putInt(0x0A0D0D0A).putInt(28).putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1).putInt(28);
        // Interface Description Block: link type 101 (raw IP), snaplen 0,
        // if_tsresol = 0x94 (2^-20 s), if_tsoffset = 100 s, end of options
        f.putInt(1).putInt(44).putShort((short) 101).putShort((short) 0).putInt(0)
                .putShort((short) 9).putShort((short) 1).put((byte) 0x94).put(new byte[3])
                .putShort((short) 14).putShort((short) 8).putLong(100)
                .putInt(0)
                .putInt(44);
        // a Name Resolution Block with only its end marker: skipped
        f.putInt(4).putInt(16).putInt(0).putInt(16);
        // Enhanced Packet Block: interface 0, timestamp 5.5 s in 2^-20 units, 5 of 9 bytes captured (padded to 8)
        long ts = (5L << 20) | (1L << 19);
        f.putInt(6).putInt(40).putInt(0).putInt((int) (ts >>> 32)).putInt((int) ts).putInt(5).putInt(9)
                .put(new byte[] {0x45, 1, 2, 3, 4, 0, 0, 0})
                .putInt(40);
        Path file = tmp.resolve("be.pcapng");
        Files.write(file, Arrays.copyOf(f.array(), f.position()));

        Capture c = TestCaptures.read(file);

        assertEquals(List.of(), c.warnings());
        assertEquals(1, c.packets().size());
        Packet p = c.packets().get(0);
        assertEquals(105_500_000_000L, p.timestampNanos());
        assertEquals(101, p.linkType());
        assertEquals(9, p.originalLength());
        assertEquals(ByteBuffer.wrap(new byte[] {0x45, 1, 2, 3, 4}), p.data());
        assertEquals(28 + 44 + 16 + 40, c.position());
    }

    // --- helpers ---

    private static Packet packet(Capture c, int number) {
        Packet p = c.packets().get(number - 1);
        assertEquals(number, p.number());
        return p;
    }

    private static void assertPacket(Capture c, int number, int interfaceId, long timestampNanos, int length) {
        Packet p = packet(c, number);
        assertEquals(interfaceId, p.interfaceId(), "interface of packet " + number);
        assertEquals(timestampNanos, p.timestampNanos(), "timestamp of packet " + number);
        assertEquals(length, p.capturedLength(), "captured length of packet " + number);
        assertEquals(length, p.originalLength(), "original length of packet " + number);
    }
}
