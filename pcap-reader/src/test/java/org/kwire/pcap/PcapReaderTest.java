package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;
import org.kwire.TestCaptures.Capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Classic pcap files. Expected values were computed independently (python {@code struct} over the files, and the
 * shared truth file: 340 packets) and pinned here.
 */
class PcapReaderTest {

    // java-basic.pcap: little-endian, microsecond magic, Ethernet
    private static final int JAVA_BASIC_PACKETS = 340;
    private static final long JAVA_BASIC_FILE_BYTES = 75_770;
    private static final long JAVA_BASIC_FIRST_TS = 1_795_973_322_135_951_000L;
    private static final long JAVA_BASIC_LAST_TS = 1_795_973_325_763_373_000L;
    /** 75770 - 24 (file header) - 340 * 16 (record headers); no packet is cut by the snaplen, so also sum(orig_len). */
    private static final long JAVA_BASIC_CAPTURED_BYTES = 70_306;

    // where java-basic.pcap's record 200 starts, and its incl_len
    private static final int RECORD_200_OFFSET = 43_261;
    private static final int RECORD_200_LENGTH = 245;
    private static final long FIRST_199_CAPTURED_BYTES = 40_053;
    private static final long PACKET_199_TS = 1_795_973_324_002_888_000L;

    @TempDir
    Path tmp;

    @Test
    void javaBasicPcap() throws IOException {
        Capture c = TestCaptures.read("java-basic.pcap");

        assertEquals(JAVA_BASIC_PACKETS, c.packets().size());
        assertEquals(List.of(), c.warnings());
        assertEquals(JAVA_BASIC_FILE_BYTES, c.position());
        assertEquals(JAVA_BASIC_FIRST_TS, first(c).timestampNanos());
        assertEquals(JAVA_BASIC_LAST_TS, last(c).timestampNanos());
        assertEquals(JAVA_BASIC_CAPTURED_BYTES, capturedBytes(c.packets()));
        assertEquals(JAVA_BASIC_CAPTURED_BYTES, c.packets().stream().mapToLong(Packet::originalLength).sum());
        for (int i = 0; i < c.packets().size(); i++) {
            Packet p = c.packets().get(i);
            assertEquals(i + 1, p.number());
            assertEquals(1, p.linkType());
            assertEquals(0, p.interfaceId());
        }
        // first packet is a 74-byte SYN: Ethernet header, then EtherType 0x0800
        assertEquals(74, first(c).capturedLength());
        assertEquals(0x0800, first(c).data().getShort(first(c).data().position() + 12));
    }

    @Test
    void nanosecondPcap() throws IOException {
        Capture c = TestCaptures.read("deepflow-01-fetch-v12-unknown.pcap");

        assertEquals(List.of(), c.warnings());
        assertEquals(2, c.packets().size());
        assertEquals(1_647_312_695_000_000_000L, c.packets().get(0).timestampNanos());
        assertEquals(1_647_312_708_000_000_000L, c.packets().get(1).timestampNanos());
        assertEquals(143, c.packets().get(0).capturedLength());
        assertEquals(87, c.packets().get(1).capturedLength());
        assertEquals(1, c.packets().get(0).linkType());
    }

    @Test
    void bigEndianMicrosecondPcapWrittenByHand() throws IOException {
        byte[] one = {0x45, 0, 0, 20, 1, 2, 3, 4};
        byte[] two = {(byte) 0xde, (byte) 0xad, (byte) 0xbe, (byte) 0xef, 0x01};
        ByteBuffer f = pcapHeader(ByteOrder.BIG_ENDIAN, 0xa1b2c3d4, 101);
        record(f, 1_700_000_000, 123_456, one, one.length);
        record(f, 1_700_000_001, 999_999, two, 1500); // cut by the snaplen: 5 of 1500 bytes kept
        Capture c = TestCaptures.read(write("be.pcap", f));

        assertEquals(List.of(), c.warnings());
        assertEquals(2, c.packets().size());
        Packet p1 = c.packets().get(0);
        Packet p2 = c.packets().get(1);
        assertEquals(1, p1.number());
        assertEquals(2, p2.number());
        assertEquals(1_700_000_000_123_456_000L, p1.timestampNanos());
        assertEquals(1_700_000_001_999_999_000L, p2.timestampNanos());
        assertEquals(101, p1.linkType());
        assertEquals(101, p2.linkType());
        assertEquals(8, p1.originalLength());
        assertEquals(1500, p2.originalLength());
        assertArrayEquals(one, bytes(p1));
        assertArrayEquals(two, bytes(p2));
        assertEquals(24 + 16 + 8 + 16 + 5, c.position());
    }

    @Test
    void nanosecondPcapInBothByteOrdersWithFcsBitsInLinkTypeField() throws IOException {
        // the deepflow file has zero fractions; these prove the fraction is taken as nanoseconds
        byte[] data = {1, 2, 3};
        for (ByteOrder order : List.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN)) {
            // link type field: F bit and FCS length 4 in the upper bits, Ethernet in the lower 16
            ByteBuffer f = pcapHeader(order, 0xa1b23c4d, 0x1800_0001);
            record(f, 1_600_000_000, 123_456_789, data, 3);
            Capture c = TestCaptures.read(write("ns-" + order + ".pcap", f));

            assertEquals(1, c.packets().size(), order.toString());
            assertEquals(1_600_000_000_123_456_789L, c.packets().get(0).timestampNanos(), order.toString());
            assertEquals(1, c.packets().get(0).linkType(), order.toString());
            assertArrayEquals(data, bytes(c.packets().get(0)), order.toString());
        }
    }

    @Test
    void truncatedInsideAPacket() throws IOException {
        Path cut = copyPrefix("java-basic.pcap", RECORD_200_OFFSET + 16 + 100);
        Capture c = TestCaptures.read(cut);

        assertEquals(199, c.packets().size());
        assertEquals(FIRST_199_CAPTURED_BYTES, capturedBytes(c.packets()));
        assertEquals(PACKET_199_TS, last(c).timestampNanos());
        assertEquals(1, c.warnings().size());
        String w = c.warnings().get(0);
        assertTrue(w.contains("truncated in packet 200"), w);
        assertTrue(w.contains("100 of " + RECORD_200_LENGTH + " bytes present"), w);
        assertTrue(w.startsWith(cut.toString()), w);
    }

    @Test
    void truncatedInsideARecordHeader() throws IOException {
        Capture c = TestCaptures.read(copyPrefix("java-basic.pcap", RECORD_200_OFFSET + 7));

        assertEquals(199, c.packets().size());
        assertEquals(1, c.warnings().size());
        String w = c.warnings().get(0);
        assertTrue(w.contains("truncated after packet 199"), w);
        assertTrue(w.contains("7 of 16 bytes"), w);
    }

    @Test
    void endingExactlyAfterARecordIsNotTruncated() throws IOException {
        Capture c = TestCaptures.read(copyPrefix("java-basic.pcap", RECORD_200_OFFSET));

        assertEquals(199, c.packets().size());
        assertEquals(List.of(), c.warnings());
    }

    @Test
    void notACaptureFile() throws IOException {
        Path text = tmp.resolve("notes.txt");
        Files.writeString(text, "this is a text file and not a packet capture at all\n", StandardCharsets.US_ASCII);
        Path tiny = tmp.resolve("tiny.pcap");
        Files.write(tiny, new byte[] {(byte) 0xd4, (byte) 0xc3});
        Path headerOnlyHalf = tmp.resolve("half-header.pcap");
        Files.write(headerOnlyHalf, Arrays.copyOf(pcapHeader(ByteOrder.LITTLE_ENDIAN, 0xa1b2c3d4, 1).array(), 12));

        assertThrows(CaptureFormatException.class, () -> CaptureFiles.open(text));
        assertThrows(CaptureFormatException.class, () -> CaptureFiles.open(tiny));
        assertThrows(CaptureFormatException.class, () -> CaptureFiles.open(headerOnlyHalf));
    }

    @Test
    void missingFile() {
        assertThrows(NoSuchFileException.class, () -> CaptureFiles.open(tmp.resolve("no-such.pcap")));
    }

    // --- helpers ---

    private static Packet first(Capture c) {
        return c.packets().get(0);
    }

    private static Packet last(Capture c) {
        return c.packets().get(c.packets().size() - 1);
    }

    private static long capturedBytes(List<Packet> packets) {
        return packets.stream().mapToLong(Packet::capturedLength).sum();
    }

    private static byte[] bytes(Packet p) {
        byte[] b = new byte[p.capturedLength()];
        p.data().duplicate().get(b);
        return b;
    }

    /** A 24-byte pcap file header in a buffer with room for records. */
    private static ByteBuffer pcapHeader(ByteOrder order, int magic, int linkTypeField) {
        ByteBuffer b = ByteBuffer.allocate(4096).order(order);
        b.putInt(magic).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(linkTypeField);
        return b;
    }

    private static void record(ByteBuffer b, int sec, int frac, byte[] data, int originalLength) {
        b.putInt(sec).putInt(frac).putInt(data.length).putInt(originalLength).put(data);
    }

    private Path write(String name, ByteBuffer b) throws IOException {
        Path p = tmp.resolve(name);
        Files.write(p, Arrays.copyOf(b.array(), b.position()));
        return p;
    }

    private Path copyPrefix(String capture, int bytes) throws IOException {
        byte[] all = Files.readAllBytes(TestCaptures.path(capture));
        Path p = tmp.resolve("cut-" + bytes + "-" + capture);
        Files.write(p, Arrays.copyOf(all, bytes));
        return p;
    }
}
