package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.Pcaps;

import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A second reader as a check: for every capture in {@code test-captures/}, plain and gzip-compressed, the packets
 * kwire's readers yield equal what libpcap (through pcap4j) yields for the plain file: timestamps (ns), captured and
 * original lengths, link type and bytes. libpcap reads pcapng files whose interfaces share one link type, as these do.
 * Also: what {@link PcapngWriter} writes, libpcap reads back as the packets that were written.
 */
class LibpcapAgreementTest {

    /** One packet as libpcap sees it. */
    private record Seen(long timestampNanos, int linkType, int originalLength, byte[] bytes) {
    }

    private static List<Seen> libpcap(Path file) throws PcapNativeException, IOException {
        List<Seen> seen = new ArrayList<>();
        PcapHandle h = Pcaps.openOffline(file.toString(), PcapHandle.TimestampPrecision.NANO);
        try {
            int linkType = h.getDlt().value();
            while (true) {
                byte[] b;
                try {
                    b = h.getNextRawPacketEx();
                } catch (EOFException e) {
                    return seen;
                } catch (TimeoutException e) {
                    throw new IllegalStateException("a savefile does not time out", e);
                }
                Timestamp t = h.getTimestamp();
                long nanos = Math.floorDiv(t.getTime(), 1000L) * 1_000_000_000L + t.getNanos();
                seen.add(new Seen(nanos, linkType, h.getOriginalLength(), b));
            }
        } catch (org.pcap4j.core.NotOpenException e) {
            throw new IllegalStateException(e);
        } finally {
            h.close();
        }
    }

    private static void assertAgree(List<Seen> expected, List<Packet> actual, String what) {
        assertEquals(expected.size(), actual.size(), what + ": packets");
        for (int i = 0; i < expected.size(); i++) {
            Seen e = expected.get(i);
            Packet a = actual.get(i);
            String at = what + " packet " + (i + 1);
            assertEquals(i + 1, a.number(), at);
            assertEquals(e.timestampNanos(), a.timestampNanos(), at + " timestamp");
            assertEquals(e.linkType(), a.linkType(), at + " link type");
            assertEquals(e.originalLength(), a.originalLength(), at + " original length");
            assertArrayEquals(e.bytes(), Packets.bytes(a), at + " bytes");
        }
    }

    private static List<Path> captures() throws IOException {
        try (Stream<Path> s = Files.list(TestCaptures.path(""))) {
            return s.filter(p -> p.toString().matches(".*\\.pcap(ng)?$")).sorted().toList();
        }
    }

    @Test
    void everyTestCaptureReadsAsLibpcapReadsIt(@TempDir Path dir) throws Exception {
        List<Path> captures = captures();
        assertFalse(captures.size() < 10, "test-captures/ holds " + captures.size() + " captures");
        for (Path c : captures) {
            List<Seen> expected = libpcap(c);
            assertFalse(expected.isEmpty(), c + " is empty");
            Packets.Read plain = Packets.read(c);
            assertEquals(List.of(), plain.warnings(), c.toString());
            assertAgree(expected, plain.packets(), c.getFileName().toString());
            Path gz = dir.resolve(c.getFileName() + ".gz");
            Files.write(gz, CaptureFilesTest.gzip(Files.readAllBytes(c)));
            assertAgree(expected, Packets.read(gz).packets(), gz.getFileName().toString());
        }
    }

    @Test
    void whatThePcapngWriterWritesLibpcapReads(@TempDir Path dir) throws Exception {
        Path source = TestCaptures.path("java-basic.pcapng"); // has packet comments, which the writer keeps
        List<Packet> packets = Packets.read(source).packets();
        Path out = dir.resolve("written.pcapng");
        try (PcapngWriter w = new PcapngWriter(new BufferedOutputStream(Files.newOutputStream(out)), "kwire test", "a comment")) {
            int id = w.addInterface(1, 262144, "lo");
            for (Packet p : packets) {
                w.write(id, p);
            }
        }
        assertAgree(libpcap(source), Packets.read(out).packets(), "kwire reading the written file");
        assertAgree(libpcap(source), packets, "kwire reading the source");
        assertAgree(libpcap(out), packets, "libpcap reading the written file");
        Packets.Read back = Packets.read(out);
        assertEquals(List.of("a comment"), back.comments());
        assertEquals("first packet of the capture", back.packets().get(0).comment());
        assertEquals("frame comment test", back.packets().get(9).comment());
    }
}
