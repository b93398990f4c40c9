package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Opening captures: pcap byte orders and resolutions, gzip-compressed captures, files that are not captures. */
class CaptureFilesTest {

    static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(o)) {
            z.write(b);
        }
        return o.toByteArray();
    }

    private static void assertSamePackets(List<Packet> expected, List<Packet> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            Packet e = expected.get(i);
            Packet a = actual.get(i);
            assertEquals(e.number(), a.number());
            assertEquals(e.timestampNanos(), a.timestampNanos());
            assertEquals(e.originalLength(), a.originalLength());
            assertEquals(e.linkType(), a.linkType());
            assertEquals(e.comment(), a.comment());
            assertArrayEquals(Packets.bytes(e), Packets.bytes(a), "packet " + e.number());
        }
    }

    @Test
    void gzipCompressedPcapAndPcapngReadLikeThePlainFiles(@TempDir Path dir) throws IOException {
        for (String name : List.of("java-basic.pcap", "java-basic.pcapng", "nDPI-kafka.pcapng")) {
            Path plain = TestCaptures.path(name);
            Path gz = dir.resolve(name + ".gz");
            Files.write(gz, gzip(Files.readAllBytes(plain)));
            Packets.Read p = Packets.read(plain);
            Packets.Read z = Packets.read(gz);
            assertSamePackets(p.packets(), z.packets());
            assertEquals(p.comments(), z.comments());
            assertEquals(List.of(), z.warnings());
        }
    }

    @Test
    void gzipWithSeveralMembersIsOneStream(@TempDir Path dir) throws IOException {
        byte[] all = Files.readAllBytes(TestCaptures.path("kcat.pcap"));
        byte[] a = gzip(Arrays.copyOf(all, 10_000));
        byte[] b = gzip(Arrays.copyOfRange(all, 10_000, all.length));
        Path f = dir.resolve("two-members.pcap.gz");
        Files.write(f, ByteBuffer.allocate(a.length + b.length).put(a).put(b).array());
        assertSamePackets(Packets.read(TestCaptures.path("kcat.pcap")).packets(), Packets.read(f).packets());
    }

    @Test
    void truncatedGzipYieldsThePacketsBeforeTheCutAndSaysWhy(@TempDir Path dir) throws IOException {
        byte[] z = gzip(Files.readAllBytes(TestCaptures.path("java-basic.pcap")));
        Path f = dir.resolve("cut.pcap.gz");
        Files.write(f, Arrays.copyOf(z, z.length / 2));
        Packets.Read r = Packets.read(f);
        List<Packet> whole = Packets.read(TestCaptures.path("java-basic.pcap")).packets();
        assertTrue(r.packets().size() > 50 && r.packets().size() < 340, "packets " + r.packets().size());
        assertSamePackets(whole.subList(0, r.packets().size()), r.packets());
        assertEquals(1, r.warnings().size());
        String w = r.warnings().get(0);
        // the packets read and where the file ends: no size read from the record the cut left incomplete
        assertTrue(w.matches(java.util.regex.Pattern.quote(f + ": capture ends early after packet " + r.packets().size()
                + ": gzip data cut short at byte " + z.length / 2 + " (inside a member's compressed data), after ")
                + "\\d+ bytes decompressed"), w);
    }

    @Test
    void gzipOfSomethingElseIsNotACapture(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("text.gz");
        Files.write(f, gzip("just some text".getBytes()));
        CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> CaptureFiles.open(f));
        assertEquals(f + ": not a pcap or pcapng capture (it starts with 6a757374)", e.getMessage());
        Path g = dir.resolve("bad.gz");
        Files.write(g, new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0});
        e = assertThrows(CaptureFormatException.class, () -> CaptureFiles.open(g));
        assertEquals(g + ": gzip data cut short at byte 6 (inside member 1's header), after 0 bytes decompressed: not even "
                + "the capture's first 4 bytes came before it", e.getMessage());
    }

    @Test
    void nanosecondLittleEndianPcap() throws IOException {
        // magic 4d3cb2a1; values from tshark: frame.time_epoch 1647312695.000000000 and 1647312708.000000000
        List<Packet> p = Packets.read(TestCaptures.path("deepflow-01-fetch-v12-unknown.pcap")).packets();
        assertEquals(2, p.size());
        assertEquals(1_647_312_695_000_000_000L, p.get(0).timestampNanos());
        assertEquals(143, p.get(0).capturedLength());
        assertEquals(1_647_312_708_000_000_000L, p.get(1).timestampNanos());
    }

    @Test
    void bigEndianMicrosecondPcap(@TempDir Path dir) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(24 + 16 + 3);
        b.putInt(0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(0x1000_0065);
        b.putInt(1_600_000_000).putInt(250_001).putInt(3).putInt(1500).put(new byte[] {1, 2, 3});
        Path f = dir.resolve("be.pcap");
        Files.write(f, b.array());
        Packet p = Packets.read(f).packets().get(0);
        assertEquals(1_600_000_000_250_001_000L, p.timestampNanos());
        assertEquals(101, p.linkType()); // the upper bits of the link type field are FCS information
        assertEquals(1500, p.originalLength());
        assertArrayEquals(new byte[] {1, 2, 3}, Packets.bytes(p));
    }
}
