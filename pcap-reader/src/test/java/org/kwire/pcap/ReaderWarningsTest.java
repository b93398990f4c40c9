package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * What the readers say about inputs they cannot use (issue 10, robustness campaign): link types no decoder knows are
 * warned about once per interface, repeated problems are counted instead of repeated, cut gzip data is described.
 */
class ReaderWarningsTest {

    private static byte[] pcapHeader(int linkType) {
        return ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putInt(0xa1b2c3d4).putShort((short) 2)
                .putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(linkType).array();
    }

    private static byte[] record(byte[] data) {
        return ByteBuffer.allocate(16 + data.length).order(ByteOrder.LITTLE_ENDIAN).putInt(1).putInt(0)
                .putInt(data.length).putInt(data.length).put(data).array();
    }

    @Test
    void aPcapOfAnUnsupportedLinkTypeWarnsOnce(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("user0.pcap");
        byte[] packet = record(new byte[60]);
        Files.write(f, concat(pcapHeader(147), packet, packet, packet));
        Packets.Read r = Packets.read(f);
        assertEquals(3, r.packets().size());
        assertEquals(List.of(f + ": the capture has link type 147 (linktype-147), which kwire does not decode: its packets "
                + "are read but skipped"), r.warnings());
    }

    @Test
    void pcapngInterfacesOfUnsupportedLinkTypesWarnOncePerInterface(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("two.pcapng");
        PcapngBlocks b = new PcapngBlocks().section(ByteOrder.LITTLE_ENDIAN, null).iface(1, 0, null, null)
                .iface(65535, 0, null, null);
        for (int i = 0; i < 5; i++) {
            b.epb(1, i, new byte[40], 40, null);
        }
        Files.write(f, b.bytes());
        assertEquals(List.of(f + ": interface 1 (section 1) has link type 65535 (linktype-65535), which kwire does not "
                + "decode: its packets are read but skipped"), Packets.read(f).warnings());
    }

    /** 100 000 packet blocks naming an undefined interface: one warning with the count (it was one line per block). */
    @Test
    void repeatedWarningsAreCountedAndGivenOnce(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("undefined.pcapng");
        PcapngBlocks b = new PcapngBlocks().section(ByteOrder.LITTLE_ENDIAN, null).iface(1, 0, null, null)
                .epb(0, 0, new byte[40], 40, null);
        for (int i = 0; i < 100_000; i++) {
            b.epb(3, i, new byte[0], 0, null);
        }
        b.epb(0, 1, new byte[40], 40, null);
        Files.write(f, b.bytes());
        Packets.Read r = Packets.read(f);
        assertEquals(2, r.packets().size());
        assertEquals(List.of(f + ": packet block after packet 1 refers to undefined interface 3 (section 1 defines 1); "
                + "skipped (100000 times in all, the last after packet 1)"), r.warnings());
    }

    /** A gzip file cut inside its header: the error says where. */
    @Test
    void aGzipFileCutShortSaysSo(@TempDir Path dir) throws IOException {
        byte[] gz = CaptureFilesTest.gzip(Files.readAllBytes(org.kwire.TestCaptures.path("kcat.pcap")));
        for (int cut : new int[] {5, 9}) {
            Path f = dir.resolve("cut" + cut + ".pcap.gz");
            Files.write(f, Arrays.copyOf(gz, cut));
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> CaptureFiles.open(f));
            assertEquals(f + ": gzip data cut short at byte " + cut + " (inside member 1's header), after 0 bytes decompressed: "
                    + "not even the capture's first 4 bytes came before it", e.getMessage());
        }
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        ByteBuffer b = ByteBuffer.allocate(n);
        for (byte[] p : parts) {
            b.put(p);
        }
        return b.array();
    }
}
