package org.kwire.bench.jmh;

import org.kwire.bench.capture.CaptureGenerator;
import org.kwire.bench.capture.FrameVariants;
import org.kwire.bench.capture.MakeCapture;
import org.kwire.bench.capture.RecordsFields;
import org.kwire.bench.capture.SourceTraffic;
import org.kwire.plan.PlanCache;
import org.kwire.records.Codec;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the benchmarks run on, built once per JVM from the real captures in {@code test-captures/} (another directory
 * with {@code -Dkwire.testCaptures=DIR}): the generated capture of {@code bench/make-capture}, and the real frames
 * with their large variants.
 */
final class BenchInputs {

    static final PlanCache PLANS = new PlanCache(SchemaRegistry.bundled());
    /** The Java client's capture: Produce v13 and Fetch v18 with all five codecs. */
    static final String JAVA = "java-basic.pcap";

    private static List<SourceTraffic.Conversation> sources;
    private static FrameVariants variants;

    private BenchInputs() {
    }

    static synchronized List<SourceTraffic.Conversation> sources() {
        if (sources == null) {
            Path dir = Path.of(System.getProperty("kwire.testCaptures", "test-captures"));
            try {
                sources = SourceTraffic.read(MakeCapture.SOURCES.stream().map(dir::resolve).toList(), PLANS);
            } catch (IOException e) {
                throw new UncheckedIOException("reading the captures in " + dir.toAbsolutePath(), e);
            }
        }
        return sources;
    }

    static synchronized FrameVariants variants() {
        if (variants == null) {
            variants = new FrameVariants(PLANS, 42, List.of());
        }
        return variants;
    }

    /** A capture of {@code mib} MiB written by the generator (seed 42) to a temporary file, deleted on exit. */
    static Path capture(int mib) {
        return capture(mib, 1448);
    }

    /** A capture of {@code mib} MiB of TCP segments of at most {@code mss} bytes (seed 42), deleted on exit. */
    static Path capture(int mib, int mss) {
        try {
            Path file = Files.createTempFile("kwire-bench-", ".pcap");
            file.toFile().deleteOnExit();
            CaptureGenerator.write(file, sources(), PLANS, new CaptureGenerator.Settings((long) mib << 20, 42, 32, mss, List.of()));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every frame of the source conversations, in order. */
    static List<SourceTraffic.Frame> frames() {
        return sources().stream().flatMap(c -> c.frames().stream()).toList();
    }

    /** The Java client's frames of one API and direction that carry record batches. */
    static List<SourceTraffic.Frame> javaFramesWithBatches(int apiKey, Direction direction) {
        return sources().stream().filter(c -> c.source().equals(JAVA)).flatMap(c -> c.frames().stream())
                .filter(f -> f.apiKey() == apiKey && f.direction() == direction && variants().carriesBatches(f)).toList();
    }

    /** The frame at a size: -1 for the original, else an index of {@link FrameVariants#FIELD_BYTES}. */
    static byte[] sized(SourceTraffic.Frame f, int size) {
        return size < 0 ? f.bytes() : variants().large(f, size);
    }

    /** The first records field of a frame of {@code f}'s API and version. */
    static RecordsFields.Field firstRecordsField(SourceTraffic.Frame f, byte[] frame) {
        return RecordsFields.find(frame, f.bodyOffset(), PLANS.plan(f.apiKey(), f.direction(), f.apiVersion()).orElseThrow())
                .get(0);
    }

    /** The codec of the first batch of a frame's first records field. */
    static Codec codec(SourceTraffic.Frame f) {
        RecordsFields.Field field = firstRecordsField(f, f.bytes());
        return Codec.fromAttributes(ByteBuffer.wrap(f.bytes()).getShort(field.dataOffset() + 21));
    }

    /** {@link FrameVariants#FIELD_BYTES} index of a size parameter ({@code 16k}, {@code 64k}, {@code 256k}, {@code 1m}), or -1 for {@code original}. */
    static int sizeIndex(String size) {
        return switch (size) {
            case "original" -> -1;
            case "16k" -> 0;
            case "64k" -> 1;
            case "256k" -> 2;
            case "1m" -> 3;
            default -> throw new IllegalArgumentException("size " + size);
        };
    }
}
