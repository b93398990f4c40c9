package org.kwire;

import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Locates the real captures in {@code test-captures/} at the top of the source tree, and reads them whole. */
public final class TestCaptures {

    private TestCaptures() {
    }

    /** The capture file {@code name}, from the {@code kwire.testCaptures} system property or {@code ../test-captures}. */
    public static Path path(String name) {
        String dir = System.getProperty("kwire.testCaptures");
        return (dir == null || dir.isBlank() ? Path.of("../test-captures") : Path.of(dir)).resolve(name);
    }

    /** Everything a capture file yields: its packets in order, the warnings and the bytes consumed at the end. */
    public record Capture(List<Packet> packets, List<String> warnings, long position) {
    }

    /** Reads every packet of {@code file} through {@link CaptureFiles#open}. */
    public static Capture read(Path file) throws IOException {
        try (PacketSource source = CaptureFiles.open(file)) {
            List<Packet> packets = new ArrayList<>();
            for (Packet p = source.next(); p != null; p = source.next()) {
                packets.add(p);
            }
            return new Capture(packets, List.copyOf(source.warnings()), source.position());
        }
    }

    /** Reads every packet of the test capture {@code name}. */
    public static Capture read(String name) throws IOException {
        return read(path(name));
    }
}
