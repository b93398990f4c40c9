package org.kwire.cli;

import org.apache.kafka.common.test.KafkaClusterTestKit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Real rotated captures of a real broker's traffic: a Kafka broker started in-process, {@link RotationTraffic} on
 * loopback, and two real tcpdumps on {@code lo} at once, filtered to the broker's port, one rotating by size
 * ({@code -C 1 -w cap.pcap}: files of 1,000,000 bytes named {@code cap.pcap, cap.pcap1, ..., cap.pcap10, ...}) and one
 * by time ({@code -G 1 -w cap-%s.pcap}: a file a second, named by its epoch second). Needs capture rights (root).
 *
 * @param bySize      tcpdump -C 1's files, in time order (the order tcpdump wrote them)
 * @param byTime      tcpdump -G 1's files, in time order
 * @param port        the broker's port
 * @param traffic     what the clients counted
 * @param kernelDrops the packets each tcpdump said the kernel dropped ({@code -C}, then {@code -G})
 */
record RealRotations(List<Path> bySize, List<Path> byTime, int port, RotationTraffic.Counts traffic, List<Long> kernelDrops) {

    /** Where the shared rotations are made, anew in each test JVM. */
    static final Path DIR = Path.of("target", "real-rotations");
    private static RealRotations shared;

    /**
     * The rotations made once per test JVM, in {@link #DIR}, for every test class that needs them (the broker and the
     * captures take about 20 s); callers check the capture rights first ({@link CapturePermission}).
     */
    static synchronized RealRotations shared() throws Exception {
        if (shared == null) {
            if (Files.exists(DIR)) {
                try (Stream<Path> s = Files.walk(DIR)) {
                    s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
            shared = make(Files.createDirectories(DIR));
        }
        return shared;
    }

    /** Starts the broker, captures the traffic with both tcpdumps, stops them cleanly, and stops the broker. */
    static RealRotations make(Path dir) throws Exception {
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"), Map.of(
                "offsets.topic.replication.factor", "1", "group.initial.rebalance.delay.ms", "0"))) {
            String bootstrap = cluster.bootstrapServers();
            int port = TestBroker.port(cluster);
            RotationTraffic.createTopic(bootstrap);
            Path size = dir.resolve("size");
            Path time = dir.resolve("time");
            Tcpdump c = Tcpdump.start(port, size.resolve("cap.pcap"), "-C", "1");
            Tcpdump g;
            try {
                g = Tcpdump.start(port, time.resolve("cap-%s.pcap"), "-G", "1");
            } catch (IOException | RuntimeException e) {
                c.stop();
                throw e;
            }
            RotationTraffic.Counts counts;
            long[] kernelDrops = new long[2];
            try {
                counts = RotationTraffic.run(bootstrap);
            } finally {
                kernelDrops[0] = c.stop();
                kernelDrops[1] = g.stop();
            }
            return new RealRotations(inTimeOrder(size), inTimeOrder(time), port, counts,
                    List.of(kernelDrops[0], kernelDrops[1]));
        }
    }

    /**
     * The files of a directory in the order tcpdump wrote them: by the number after {@code .pcap} ({@code -C}: none for
     * the first) or by the epoch second in the name ({@code -G}).
     */
    static List<Path> inTimeOrder(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted(Comparator.comparingLong(RealRotations::rank)).toList();
        }
    }

    private static long rank(Path file) {
        String name = file.getFileName().toString();
        String digits = name.startsWith("cap-") ? name.replaceAll("\\D", "") : name.replaceAll(".*\\.pcap", "");
        return digits.isEmpty() ? 0 : Long.parseLong(digits);
    }

    /** The shell's glob order ({@code cap.pcap*}): by name, byte by byte, as bash sorts them in the C locale. */
    static List<Path> globOrder(List<Path> files) {
        return files.stream().sorted(Comparator.comparing(p -> p.getFileName().toString())).toList();
    }

    /** A shuffle with a fixed seed, unlike both the time and the glob order (the seed is moved on until it is). */
    static List<Path> shuffled(List<Path> files) {
        List<Path> out = new ArrayList<>(files);
        for (long seed = 19; out.equals(files) || out.equals(globOrder(files)); seed++) {
            out = new ArrayList<>(files);
            java.util.Collections.shuffle(out, new Random(seed));
        }
        return out;
    }
}
