package org.kwire.bench.capture;

import org.apache.kafka.common.record.internal.CompressionType;
import org.kwire.plan.PlanCache;
import org.kwire.schema.SchemaRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench/make-capture SIZE OUT.pcap [--seed N] [--connections N] [--mss N] [--sources DIR] [--codecs LIST]}:
 * writes a capture of
 * about SIZE bytes (suffix K, M or G: KiB, MiB, GiB) replaying the conversations of {@code java-basic.pcap},
 * {@code kcat.pcap} and {@code kafkajs.pcap} from DIR (default: the system property {@code kwire.sources}, else
 * {@code test-captures}).
 */
public final class MakeCapture {

    /** The real captures replayed: Java 4.4 clients with all five codecs, librdkafka, kafkajs. */
    public static final List<String> SOURCES = List.of("java-basic.pcap", "kcat.pcap", "kafkajs.pcap");

    private MakeCapture() {
    }

    /** Runs the generator; exits with 2 on bad arguments. */
    public static void main(String[] args) throws IOException {
        if (args.length < 2 || args.length % 2 != 0) {
            usage("SIZE and OUT are required");
        }
        long size = parseSize(args[0]);
        Path out = Path.of(args[1]);
        long seed = 42;
        int connections = 32;
        int mss = 1448;
        List<CompressionType> codecs = List.of();
        Path sources = Path.of(System.getProperty("kwire.sources", "test-captures"));
        for (int i = 2; i < args.length; i += 2) {
            switch (args[i]) {
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--connections" -> connections = Integer.parseInt(args[i + 1]);
                case "--mss" -> mss = Integer.parseInt(args[i + 1]);
                case "--sources" -> sources = Path.of(args[i + 1]);
                case "--codecs" -> codecs = codecs(args[i + 1]);
                default -> usage("unknown option " + args[i]);
            }
        }
        PlanCache plans = new PlanCache(SchemaRegistry.bundled());
        Path dir = sources;
        List<SourceTraffic.Conversation> conversations = SourceTraffic.read(SOURCES.stream().map(dir::resolve).toList(), plans);
        long start = System.nanoTime();
        if (out.toAbsolutePath().getParent() != null) {
            Files.createDirectories(out.toAbsolutePath().getParent());
        }
        CaptureGenerator.Result r = CaptureGenerator.write(out, conversations, plans,
                new CaptureGenerator.Settings(size, seed, connections, mss, codecs));
        System.err.printf(Locale.ROOT, "make-capture: %s: %d bytes, %d packets, %d TCP connections, %d Kafka frames (%.1f s)%n",
                out, r.bytes(), r.packets(), r.connections(), r.frames(), (System.nanoTime() - start) / 1e9);
    }

    /** {@code none,lz4,zstd}: Kafka's codec names (none, gzip, snappy, lz4, zstd). */
    static List<CompressionType> codecs(String list) {
        try {
            return Arrays.stream(list.split(",")).map(c -> CompressionType.forName(c.trim().toLowerCase(Locale.ROOT))).toList();
        } catch (IllegalArgumentException e) {
            usage("bad codec list " + list + " (none, gzip, snappy, lz4, zstd)");
            return List.of();
        }
    }

    /** {@code 200M}, {@code 2G}, {@code 512K} or a plain byte count. */
    static long parseSize(String s) {
        String u = s.toUpperCase(Locale.ROOT);
        int shift = u.endsWith("K") ? 10 : u.endsWith("M") ? 20 : u.endsWith("G") ? 30 : 0;
        String digits = shift == 0 ? u : u.substring(0, u.length() - 1);
        try {
            return Long.parseLong(digits) << shift;
        } catch (NumberFormatException e) {
            usage("bad size " + s);
            return 0;
        }
    }

    private static void usage(String problem) {
        System.err.println("make-capture: " + problem + "\nusage: bench/make-capture SIZE OUT.pcap [--seed N] "
                + "[--connections N] [--mss N] [--sources DIR] [--codecs none,lz4,zstd]");
        System.exit(2);
    }
}
