package org.kwire.pcap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;
import org.kwire.net.PacketDecoder;
import org.kwire.net.TcpSegment;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpReassembler;
import org.kwire.tcp.TcpStreamHandler;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Errors are data: captures with random bytes overwritten (fixed seed) are read, decoded and reassembled without an
 * exception; damage becomes warnings, skipped blocks and counted packets.
 */
class DamagedInputTest {

    private static final TcpStreamHandler IGNORE = new TcpStreamHandler() {
        @Override
        public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        }

        @Override
        public void onGap(boolean fromA, long bytes, org.kwire.stream.GapCause cause, long packet) {
        String reason = cause.label();
        }

        @Override
        public void onNote(boolean fromA, long packet, org.kwire.expert.ExpertItem item, String text) {
        }

        @Override
        public void onEnd(long packet) {
        }
    };

    @Test
    void randomlyDamagedCapturesNeverThrow(@TempDir Path dir) throws IOException {
        Random random = new Random(20261129);
        long packets = 0;
        for (String name : List.of("java-basic.pcapng", "nDPI-kafka.pcapng", "kcat.pcap", "java-basic-any.pcap")) {
            byte[] original = Files.readAllBytes(TestCaptures.path(name));
            for (int round = 0; round < 40; round++) {
                byte[] b = original.clone();
                for (int i = 0; i < 1 + random.nextInt(20); i++) {
                    b[8 + random.nextInt(b.length - 8)] = (byte) random.nextInt(256); // keep the magic
                }
                Path f = dir.resolve(round + "-" + name);
                Files.write(f, b);
                packets += readAll(f);
            }
        }
        assertTrue(packets > 10_000, packets + " packets read");
    }

    private static long readAll(Path f) throws IOException {
        PacketDecoder decoder = new PacketDecoder();
        TcpReassembler tcp = new TcpReassembler(c -> IGNORE, ReassemblyLimits.defaults());
        long n = 0;
        try (PacketSource s = CaptureFiles.open(f)) {
            for (Packet p; (p = s.next()) != null; n++) {
                TcpSegment seg = decoder.decode(p);
                if (seg != null) {
                    tcp.accept(seg);
                }
            }
        } catch (CaptureFormatException e) {
            return 0; // a damaged file header: not a capture any more, said in one sentence
        }
        tcp.end(n);
        return n;
    }
}
