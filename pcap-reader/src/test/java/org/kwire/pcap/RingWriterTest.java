package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** -w with a ring buffer: files rotated by size and by capture time, named as dumpcap names them, the oldest deleted. */
class RingWriterTest {

    /** 2026-01-02T03:04:05Z, ns. */
    private static final long T0 = 1_767_323_045_000_000_000L;

    private static Packet packet(long number, long nanos) {
        byte[] b = new byte[1000];
        b[0] = (byte) number;
        return new Packet(number, nanos, 1, 1000, ByteBuffer.wrap(b), 0);
    }

    /** The packet numbers (first byte) in each file, as kwire reads them. */
    private static List<List<Integer>> contents(List<Path> files) throws IOException {
        List<List<Integer>> all = new ArrayList<>();
        for (Path f : files) {
            List<Integer> numbers = new ArrayList<>();
            try (PacketSource s = CaptureFiles.open(f)) {
                for (Packet p; (p = s.next()) != null; ) {
                    numbers.add(p.data().get(p.data().position()) & 0xff);
                }
            }
            all.add(numbers);
        }
        return all;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void withoutRotationOneFileHoldsEverything(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("cap.pcapng");
        try (RingWriter w = new RingWriter(file, RingWriter.Rotation.NONE, "test", 1, 65535, "lo")) {
            for (int i = 1; i <= 5; i++) {
                w.write(packet(i, T0 + i));
            }
        }
        assertEquals(List.of("cap.pcapng"), names(dir));
        assertEquals(List.of(List.of(1, 2, 3, 4, 5)), contents(List.of(file)));
    }

    /** A flushed file is a complete capture up to the last packet while the writer stays open (a killed kwire). */
    @Test
    void flushedPacketsAreOnDiskBeforeClose(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("cap.pcapng");
        try (RingWriter w = new RingWriter(file, RingWriter.Rotation.NONE, "test", 1, 65535, "lo")) {
            for (int i = 1; i <= 3; i++) {
                w.write(packet(i, T0 + i));
            }
            assertEquals(0, Files.size(file), "buffered, not yet written");
            w.flush();
            assertEquals(List.of(List.of(1, 2, 3)), contents(List.of(file)));
            w.write(packet(4, T0 + 4));
        }
        assertEquals(List.of(List.of(1, 2, 3, 4)), contents(List.of(file)));
    }

    @Test
    void bySizeKeepingTheNewestFiles(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("cap.pcapng");
        RingWriter w = new RingWriter(file, new RingWriter.Rotation(2500, 0, 2), "test", 1, 65535, "lo");
        for (int i = 1; i <= 10; i++) {
            w.write(packet(i, T0 + i * 1_000_000_000L));
        }
        w.close();
        // each packet block is 1032 bytes after ~100 bytes of headers: a file is full after its 3rd packet
        assertEquals(4, w.filesWritten());
        assertEquals(List.of("cap_00003_20260102030412.pcapng", "cap_00004_20260102030415.pcapng"), names(dir));
        assertEquals(w.files(), List.of(dir.resolve(names(dir).get(0)), dir.resolve(names(dir).get(1))));
        assertEquals(List.of(List.of(7, 8, 9), List.of(10)), contents(w.files()));
    }

    @Test
    void byCaptureTimeKeepingAll(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("trace");
        long[] seconds = {0, 3, 6, 9, 12, 15, 25};
        try (RingWriter w = new RingWriter(file, new RingWriter.Rotation(0, 10_000_000_000L, 0), "test", 1, 65535, "lo")) {
            for (int i = 0; i < seconds.length; i++) {
                w.write(packet(i + 1, T0 + seconds[i] * 1_000_000_000L));
            }
            assertEquals(3, w.filesWritten());
        }
        List<String> names = names(dir);
        assertEquals(List.of("trace_00001_20260102030405", "trace_00002_20260102030417", "trace_00003_20260102030430"), names);
        assertEquals(List.of(List.of(1, 2, 3, 4), List.of(5, 6), List.of(7)),
                contents(names.stream().map(dir::resolve).toList()));
    }

    @Test
    void withRotationAndNoPacketNoFileIsMade(@TempDir Path dir) throws IOException {
        try (RingWriter w = new RingWriter(dir.resolve("cap.pcapng"), new RingWriter.Rotation(1_000_000, 0, 3), "test", 1, 0, "lo")) {
            assertEquals(0, w.filesWritten());
        }
        assertTrue(names(dir).isEmpty());
    }
}
