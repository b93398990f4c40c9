package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Input as users give it: {@code -} for standard input (plain or gzip'd), several captures merged by timestamp (the
 * halves of java-basic.pcap, which mergecap merges back into it byte for byte), the same file twice refused, tshark's
 * {@code -r} and {@code -V}, {@code --version}, a decimal {@code --min-latency-ms}, {@code live --duration 0}.
 */
class CaptureInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ODD = TestCaptures.path("java-basic-split-odd.pcap").toString();
    private static final String EVEN = TestCaptures.path("java-basic-split-even.pcap").toString();
    private static final String WHOLE = TestCaptures.path("java-basic.pcap").toString();

    /** {@code kwire analyze} in-process with {@code stdin} as its standard input. */
    private static CliRun analyze(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        int code;
        try {
            code = new AnalyzeCommand(new ByteArrayInputStream(stdin), false)
                    .run(args, new PrintStream(out, true, StandardCharsets.UTF_8), e);
        } catch (CliException x) {
            e.println("kwire: " + x.getMessage());
            code = x.exitCode();
        }
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static JsonNode report(CliRun run) throws IOException {
        assertEquals(0, run.exit(), run.err());
        return run.json();
    }

    /** The report without the capture's file names and sizes. */
    private static JsonNode content(JsonNode report) {
        ObjectNode r = report.deepCopy();
        ((ObjectNode) r.get("capture")).remove(List.of("files", "bytes"));
        return r;
    }

    @Test
    void theHalvesOfACaptureAnalyzeLikeTheWholeInEitherOrder() throws IOException {
        JsonNode whole = report(CliRun.of("analyze", WHOLE));
        JsonNode oddFirst = report(CliRun.of("analyze", ODD, EVEN));
        assertEquals(content(whole), content(oddFirst));
        assertEquals(content(whole), content(report(CliRun.of("analyze", EVEN, ODD))));
        assertEquals(List.of(ODD, EVEN), JSON.convertValue(oddFirst.get("capture").get("files"), List.class));
        assertEquals(27713 + 48081, oddFirst.get("capture").get("bytes").asLong());
        assertEquals(340, oddFirst.get("capture").get("packets").asLong());
    }

    /** Frame numbers are those of the merged capture: the packet list of the halves is the whole capture's. */
    @Test
    void theHalvesDissectWithTheWholeCapturesFrameNumbers() {
        CliRun whole = CliRun.of("dissect", "--format", "summary", WHOLE);
        CliRun halves = CliRun.of("dissect", "--format", "summary", "-r", ODD, EVEN);
        assertEquals(0, halves.exit(), halves.err());
        assertEquals(1 + 146, whole.out().lines().count());
        assertEquals(whole.out(), halves.out());
    }

    @Test
    void standardInputPlainOrGzippedAndMergedWithAFile() throws IOException {
        byte[] kcat = Files.readAllBytes(TestCaptures.path("kcat.pcap"));
        JsonNode file = report(CliRun.of("analyze", TestCaptures.path("kcat.pcap").toString()));
        for (byte[] stdin : List.of(kcat, gzip(kcat))) {
            JsonNode piped = report(analyze(stdin, "-"));
            assertEquals(content(file), content(piped));
            assertEquals("[\"stdin\"]", piped.get("capture").get("files").toString());
            assertEquals(stdin.length, piped.get("capture").get("bytes").asLong()); // the bytes read, as they came
        }
        Path gz = Files.createTempFile("kcat", ".pcap.gz");
        try {
            Files.write(gz, gzip(kcat));
            assertEquals(Files.size(gz), report(CliRun.of("analyze", gz.toString())).get("capture").get("bytes").asLong(),
                    "a gzip file counts as its size, as the same bytes piped do");
        } finally {
            Files.delete(gz);
        }
        JsonNode merged = report(analyze(Files.readAllBytes(TestCaptures.path("java-basic-split-odd.pcap")), EVEN, "-"));
        assertEquals(content(report(CliRun.of("analyze", WHOLE))), content(merged));
        assertEquals("[\"" + EVEN + "\",\"stdin\"]", merged.get("capture").get("files").toString());
        assertEquals(Files.size(Path.of(EVEN)) + Files.size(TestCaptures.path("java-basic-split-odd.pcap")),
                merged.get("capture").get("bytes").asLong());
    }

    @Test
    void standardInputThatIsNotACaptureIsOneLineAndExitCode3() {
        CliRun run = analyze("not a capture at all\n".getBytes(StandardCharsets.UTF_8), "-");
        assertEquals(new CliRun(3, "", "kwire: stdin: not a pcap or pcapng capture (it starts with 6e6f7420)\n"), run);
    }

    @Test
    void theSameCaptureTwiceIsRefused() {
        String other = TestCaptures.path("../test-captures/java-basic.pcap").toString();
        assertEquals(new CliRun(2, "", "kwire: " + WHOLE + " given twice\n"), CliRun.of("analyze", WHOLE, WHOLE));
        assertEquals(new CliRun(2, "", "kwire: " + WHOLE + " and " + other + " are the same file, given twice\n"),
                CliRun.of("analyze", "-r", WHOLE, other));
        assertEquals(new CliRun(2, "", "kwire: standard input (-) given twice\n"), analyze(new byte[0], "-", "-"));
        assertEquals(new CliRun(2, "", "kwire: " + WHOLE + " given twice\n"), CliRun.of("dissect", WHOLE, WHOLE));
    }

    @Test
    void tsharksReadAndVerboseOptions() {
        assertEquals(CliRun.of("analyze", WHOLE), CliRun.of("analyze", "-r", WHOLE));
        CliRun tree = CliRun.of("dissect", "-V", "--api", "Metadata", "-r", WHOLE);
        assertEquals(0, tree.exit(), tree.err());
        assertEquals(CliRun.of("dissect", "--format", "text", "--api", "Metadata", WHOLE), tree);
        assertTrue(tree.out().startsWith("Frame 8, 2026-11-29T17:28:42.603568Z, stream 0 127.0.0.1:45760 -> 127.0.0.1:9092: "
                + "Metadata v13 request, correlation_id 1, 30 bytes\n"), tree.out());
        assertEquals(new CliRun(2, "", "kwire: -V is --format text: it cannot go with --format json\n"),
                CliRun.of("dissect", "-V", "--format", "json", WHOLE));
    }

    @Test
    void versionNamesTheBuildTheKafkaReleasesAndTheJvm() {
        CliRun run = CliRun.of("--version");
        assertEquals(0, run.exit());
        assertTrue(run.out().matches("kwire \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(Kafka schemas of 4\\.4\\.0, 4\\.0\\.0, 3\\.9\\.1; "
                + "Java " + Pattern.quote(Runtime.version().toString()) + "\\)\n"), run.out());
    }

    /**
     * Microseconds count: the two slowest exchanges of java-basic.pcap are Fetches of 547,803 and 446,232 µs, so
     * 446.232 ms keeps both and 446.233 ms only the slower.
     */
    @Test
    void minLatencyTakesDecimalMilliseconds() throws IOException {
        JsonNode both = report(CliRun.of("analyze", "--min-latency-ms", "446.232", WHOLE));
        assertEquals(2, both.get("apis").get(0).get("requests").asInt());
        assertEquals("Fetch", both.get("apis").get(0).get("name").asText());
        JsonNode one = report(CliRun.of("analyze", "--min-latency-ms", "446.233", WHOLE));
        assertEquals(1, one.get("apis").get(0).get("requests").asInt());
        assertEquals(1, one.get("apis").get(0).get("long_polls").asInt()); // 547,803 µs: a long-poll, answered empty
        assertEquals(0, one.get("slowest").size(), "long-polls are not listed among the slowest");
        assertEquals(new CliRun(2, "", "kwire: --min-latency-ms -1: must not be negative\n"),
                CliRun.of("analyze", "--min-latency-ms", "-1", WHOLE));
        assertEquals(new CliRun(2, "", "kwire: --min-latency-ms 2d: not a duration (a number, or with a unit: 500ms, 30s, "
                + "5m, 1h)\n"), CliRun.of("analyze", "--min-latency-ms", "2d", WHOLE));
    }

    @Test
    void optionValuesAreCheckedInOneLine() throws IOException {
        assertEquals(new CliRun(2, "", "kwire: no capture given: --client-id took " + WHOLE + " as its value (give the "
                + "option its value, then the capture)\n"), CliRun.of("analyze", "-q", "--client-id", WHOLE));
        assertEquals(new CliRun(2, "", "kwire: --max-decompressed 3000000000: at most 2147483647 bytes (2G less one byte)\n"),
                CliRun.of("analyze", "--max-decompressed", "3000000000", WHOLE));
        assertEquals(new CliRun(2, "", "kwire: --metrics-clients -3: must not be negative\n"),
                CliRun.of("analyze", "--metrics-clients", "-3", WHOLE));
        assertEquals(new CliRun(2, "", "kwire: --frame 0: at least 1\n"), CliRun.of("dissect", "--frame", "0", WHOLE));
        assertEquals(new CliRun(0, "", "kwire: no Kafka frame matched\n"), CliRun.of("dissect", "--correlation-id", "-1", WHOLE),
                "a valid int32 (nothing matches it in this capture)");
        assertEquals(new CliRun(3, "", "kwire: --tls-keylog " + WHOLE + ": not a key log (no TLS secret in it; an NSS key "
                + "log has lines such as CLIENT_RANDOM <32-byte hex> <48-byte hex>)\n"),
                CliRun.of("analyze", "--tls-keylog", WHOLE, WHOLE));
        Path dir = Path.of(WHOLE).toAbsolutePath().getParent();
        assertEquals(new CliRun(3, "", "kwire: --tls-keylog " + dir + ": a directory, not a key log file\n"),
                CliRun.of("analyze", "--tls-keylog", dir.toString(), WHOLE));
    }

    @Test
    void liveRefusesAZeroDuration() {
        assertEquals(new CliRun(2, "", "kwire: live: --duration 0: give a positive number of seconds, or leave it out "
                + "to capture until Ctrl-C\n"), CliRun.of("live", "-i", "lo", "--duration", "0"));
    }

    private static byte[] gzip(byte[] b) throws IOException {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(o)) {
            z.write(b);
        }
        return o.toByteArray();
    }
}
