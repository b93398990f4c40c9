package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Several captures merged by timestamp as {@code mergecap} merges them, and captures read from a stream (standard
 * input). The oracle: {@code java-basic.pcap} is what {@code mergecap} makes of its two halves
 * {@code java-basic-split-odd.pcap} and {@code java-basic-split-even.pcap} (test-captures/README.md).
 */
class MergedSourceTest {

    private static List<Packet> all(PacketSource s) throws IOException {
        List<Packet> packets = new ArrayList<>();
        for (Packet p; (p = s.next()) != null; ) {
            packets.add(p);
        }
        return packets;
    }

    private static List<Packet> merged(String... captures) throws IOException {
        List<PacketSource> sources = new ArrayList<>();
        for (String c : captures) {
            sources.add(CaptureFiles.open(TestCaptures.path(c)));
        }
        try (PacketSource s = MergedSource.of(sources)) {
            return all(s);
        }
    }

    /** Same timestamps, lengths and bytes, in the same order (numbers are the pipeline's to give). */
    private static void assertSamePackets(List<Packet> expected, List<Packet> actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i).timestampNanos(), actual.get(i).timestampNanos(), "packet " + (i + 1));
            assertEquals(expected.get(i).originalLength(), actual.get(i).originalLength(), "packet " + (i + 1));
            assertArrayEquals(Packets.bytes(expected.get(i)), Packets.bytes(actual.get(i)), "packet " + (i + 1));
        }
    }

    @Test
    void theTwoHalvesMergeIntoTheWholeCaptureInEitherOrder() throws IOException {
        List<Packet> whole = TestCaptures.read("java-basic.pcap").packets();
        assertEquals(340, whole.size());
        List<Packet> oddFirst = merged("java-basic-split-odd.pcap", "java-basic-split-even.pcap");
        assertSamePackets(whole, oddFirst);
        assertSamePackets(whole, merged("java-basic-split-even.pcap", "java-basic-split-odd.pcap"));
        // interleaved, not concatenated: frames 1-10 of the whole capture are stream 0's first ten packets (the even
        // file's 1-10), frames 11-14 stream 1's first four (the odd file's 1-4), although the odd file was given first
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 1L, 2L, 3L, 4L),
                oddFirst.subList(0, 14).stream().map(Packet::number).toList());
    }

    /**
     * Equal timestamps: the input given last wins, as in mergecap 4.0 ({@code mergecap -w out java-basic.pcap
     * java-basic.pcapng}: frame 1 is the pcapng's, the one with the comment "first packet of the capture").
     */
    @Test
    void onEqualTimestampsTheInputGivenLastComesFirst() throws IOException {
        List<Packet> pcapFirst = merged("java-basic.pcap", "java-basic.pcapng");
        assertEquals(680, pcapFirst.size());
        assertEquals("first packet of the capture", pcapFirst.get(0).comment());
        assertEquals(null, pcapFirst.get(1).comment());
        List<Packet> pcapngFirst = merged("java-basic.pcapng", "java-basic.pcap");
        assertEquals(null, pcapngFirst.get(0).comment());
        assertEquals("first packet of the capture", pcapngFirst.get(1).comment());
    }

    /** Where Wireshark's mergecap is installed, its output is the same as kwire's merge, packet for packet. */
    @Test
    void mergecapAgrees(@TempDir Path dir) throws IOException, InterruptedException {
        Path mergecap = onPath("mergecap");
        assumeTrue(mergecap != null, "mergecap is not installed (Debian: wireshark-common)");
        Path out = dir.resolve("merged.pcap");
        Process p = new ProcessBuilder(mergecap.toString(), "-F", "pcap", "-w", out.toString(),
                TestCaptures.path("java-basic-split-even.pcap").toString(), TestCaptures.path("java-basic-split-odd.pcap").toString())
                .redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getInputStream().readAllBytes()));
        assertArrayEquals(Files.readAllBytes(TestCaptures.path("java-basic.pcap")), Files.readAllBytes(out));
        assertSamePackets(TestCaptures.read(out).packets(), merged("java-basic-split-even.pcap", "java-basic-split-odd.pcap"));
    }

    private static Path onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    @Test
    void warningsOfEveryInputAreKept() throws IOException {
        byte[] whole = Files.readAllBytes(TestCaptures.path("kcat.pcap"));
        byte[] cut = java.util.Arrays.copyOf(whole, whole.length - 10);
        try (PacketSource s = MergedSource.of(List.of(CaptureFiles.open(new ByteArrayInputStream(cut), "cut"),
                CaptureFiles.open(TestCaptures.path("go-sniffer-kafka.pcap"))))) {
            List<Packet> packets = all(s);
            assertEquals(186 + TestCaptures.read("go-sniffer-kafka.pcap").packets().size(), packets.size());
            assertEquals(1, s.warnings().size(), s.warnings().toString());
            assertTrue(s.warnings().get(0).startsWith("cut: "), s.warnings().toString());
        }
    }

    @Test
    void aStreamReadsLikeTheFilePlainOrGzipped() throws IOException {
        for (String name : List.of("kcat.pcap", "java-basic.pcapng", "nDPI-kafka.pcapng")) {
            byte[] bytes = Files.readAllBytes(TestCaptures.path(name));
            List<Packet> file = TestCaptures.read(name).packets();
            for (byte[] stream : List.of(bytes, CaptureFilesTest.gzip(bytes))) {
                try (PacketSource s = CaptureFiles.open(new ByteArrayInputStream(stream), "stdin")) {
                    List<Packet> read = all(s);
                    assertSamePackets(file, read);
                    assertEquals(List.of(), s.warnings());
                    assertEquals(bytes.length, s.position(), name);
                }
            }
        }
    }

    @Test
    void aStreamThatIsNotACaptureIsRefused() {
        CaptureFormatException text = assertThrows(CaptureFormatException.class,
                () -> CaptureFiles.open(new ByteArrayInputStream("hello, world\n".getBytes()), "stdin"));
        assertTrue(text.getMessage().startsWith("stdin: "), text.getMessage());
        CaptureFormatException empty = assertThrows(CaptureFormatException.class,
                () -> CaptureFiles.open(new ByteArrayInputStream(new byte[0]), "stdin"));
        assertEquals("stdin: not a capture (only 0 bytes)", empty.getMessage());
    }
}
