package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command lines for rotated captures of README.md and docs/GUIDE.md, run as written by bash (its glob included) in a directory of
 * files named as the README names them: copies of tcpdump {@code -C 1}'s real rotations ({@link RealRotations}, a
 * broker's traffic moved to port 9092, kwire's default, as the README's broker listens there), numbered in time order
 * from 1 ({@code kafka-1.pcap ... kafka-12.pcap}: the glob gives {@code kafka-1, kafka-10, kafka-11, kafka-12,
 * kafka-2, ...}), and split into three consecutive groups standing for the README's three brokers {@code b1},
 * {@code b2}, {@code b3}. {@code ./kwire} there runs the kwire command of these tests' class path in a JVM of its
 * own (the launcher builds {@code kwire.jar}, which exists only after the tests). Each report equals one analysis of
 * the files in time order, but for {@code capture.files} and {@code capture.bytes}. Each line is asserted to stand in
 * README.md or docs/GUIDE.md as run here.
 */
class ReadmeRotationExamplesTest {

    private static final int KAFKA_PORT = 9092;
    private static Path dir;
    private static JsonNode reference;

    @BeforeAll
    static void files() throws Exception {
        CapturePermission.assumeLoopbackCapture();
        RealRotations rotations = RealRotations.shared();
        dir = Files.createTempDirectory(RealRotations.DIR, "readme");
        List<Path> files = rotations.bySize();
        List<String> args = new ArrayList<>(List.of("analyze", "-q", "--format", "json"));
        for (int i = 0; i < files.size(); i++) {
            Path copy = PcapEdit.withPort(files.get(i), dir.resolve("kafka-" + (i + 1) + ".pcap"), rotations.port(), KAFKA_PORT);
            int broker = 1 + i * 3 / files.size();
            Files.createDirectories(dir.resolve("b" + broker));
            Files.copy(copy, dir.resolve("b" + broker).resolve(copy.getFileName()));
            Files.copy(copy, dir.resolve("b" + broker + "-" + (i + 1) + ".pcap"));
            args.add(copy.toString());
        }
        CliRun one = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, one.exit(), one.err());
        reference = one.json();
        launcher();
    }

    @Test
    void jobsOnTheShellsGlob() throws Exception {
        JsonNode stdout = new ObjectMapper().readTree(readme("./kwire analyze --jobs 2 kafka-*.pcap"));
        SameReport.assertSame(reference, stdout, "./kwire analyze --jobs 2 kafka-*.pcap");
        readme("./kwire analyze --jobs 2 kafka-*.pcap -o report.json");
        SameReport.assertSame(reference, read("report.json"), "./kwire analyze --jobs 2 kafka-*.pcap -o report.json");
    }

    @Test
    void partialsPerBrokerMerged() throws Exception {
        eachBroker("./kwire analyze --partial b1-*.pcap -o b1.part.json.gz");
        readme("./kwire merge b1.part.json.gz b2.part.json.gz b3.part.json.gz -o cluster.json");
        SameReport.assertSame(reference, read("cluster.json"), "partials of b1-*.pcap, b2-*.pcap, b3-*.pcap merged");
    }

    @Test
    void partialsOfEachBrokersDirectoryMergedAndMergedFurther() throws Exception {
        eachBroker("./kwire analyze --partial b1/kafka-*.pcap -o b1.json.gz");
        readme("./kwire merge b1.json.gz b2.json.gz b3.json.gz -o cluster.json");
        SameReport.assertSame(reference, read("cluster.json"), "partials of b1/ b2/ b3/ merged");
        readme("./kwire merge --partial b1.json.gz b2.json.gz -o b12.json");
        run("./kwire merge b12.json b3.json.gz -o cluster.json"); // "to merge further"
        SameReport.assertSame(reference, read("cluster.json"), "b1 and b2 merged into a partial, merged with b3");
    }

    /** A README line naming broker b1, run for b1, b2 and b3. */
    private static void eachBroker(String line) throws Exception {
        readme(line);
        run(line.replace("b1", "b2"));
        run(line.replace("b1", "b3"));
    }

    /** {@link #run} of a line that README.md or docs/GUIDE.md (its section on rotated captures) shows as it is here. */
    private static String readme(String line) throws Exception {
        String docs = Files.readString(Path.of("..", "README.md"), StandardCharsets.UTF_8)
                + Files.readString(Path.of("..", "docs", "GUIDE.md"), StandardCharsets.UTF_8);
        assertTrue(docs.contains(line), "README.md or docs/GUIDE.md shows: " + line);
        return run(line);
    }

    /** Runs a command line with bash in the directory, asserting exit code 0; returns its stdout. */
    private static String run(String line) throws Exception {
        Process p = new ProcessBuilder("bash", "-c", line).directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile()).start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), line + " ended");
        assertEquals(0, p.exitValue(), line + ": " + Files.readString(dir.resolve("stderr")));
        return Files.readString(dir.resolve("stdout"));
    }

    private static JsonNode read(String file) throws Exception {
        String json = Files.readString(dir.resolve(file));
        ReportSchema.assertValid(json);
        return new ObjectMapper().readTree(json);
    }

    /**
     * {@code ./kwire}: the kwire command of this JVM's class path, in a JVM of its own, with the launcher's quick JIT
     * and serial collector (runs this short start faster so).
     */
    private static void launcher() throws Exception {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path kwire = dir.resolve("kwire");
        Files.writeString(kwire, "#!/usr/bin/env bash\nexec '" + java + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp '" + System.getProperty("java.class.path")
                + "' " + Kwire.class.getName() + " \"$@\"\n");
        assertTrue(kwire.toFile().setExecutable(true));
    }
}
