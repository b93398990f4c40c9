package org.kwire.cli;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One set of habits across the commands (issue 24, item 4): {@code -o}/{@code -q} where a command writes, the same
 * version flags, and an option that would have no effect refused in one line with the usage exit code.
 */
class CommandHabitsTest {

    /** kcat.pcap has 187 packets (capinfos -c test-captures/kcat.pcap). */
    private static final int KCAT_PACKETS = 187;

    private static String kcat() {
        return TestCaptures.path("kcat.pcap").toString();
    }

    private static void refused(String line, String... args) {
        CliRun run = CliRun.of(args);
        assertEquals(ExitCodes.USAGE, run.exit(), run.err());
        assertEquals("kwire: " + line + "\n", run.err());
        assertEquals("", run.out());
    }

    @Test
    void aMistypedOptionIsNamedWithTheNearestOneAndAnAbbreviationIsNotAccepted() {
        refused("analyze: unknown option --prot (did you mean --port?); see kwire analyze --help",
                "analyze", "--prot", "9092", kcat());
        refused("dissect: unknown option --fram (did you mean --frame?); see kwire dissect --help",
                "dissect", "--fram", "63", kcat());
        refused("analyze: unknown option --for (did you mean --format?); see kwire analyze --help",
                "analyze", "--for", "json", kcat());
        refused("merge: unknown option --zzzzzz; see kwire merge --help", "merge", "--zzzzzz");
        assertEquals(2, OptionNames.distance("prot", "port"));
        assertEquals(0, OptionNames.distance("frame", "frame"));
        assertEquals(5, OptionNames.distance("", "frame"));
    }

    @Test
    void versionFlagsAreTheSame() {
        CliRun v = CliRun.of("-v");
        CliRun version = CliRun.of("--version");
        assertEquals(ExitCodes.OK, v.exit());
        assertEquals(version.out(), v.out());
        assertTrue(v.out().startsWith("kwire "), v.out());
    }

    @Test
    void schemaTakesApiVersionAndKeepsVersionAsItsAlias() {
        CliRun api = CliRun.of("schema", "ApiVersions", "--api-version", "3");
        CliRun alias = CliRun.of("schema", "ApiVersions", "--version", "3");
        assertEquals(ExitCodes.OK, api.exit(), api.err());
        assertTrue(api.out().startsWith("ApiVersionsRequest v3 (Kafka "), api.out());
        assertEquals(api.out(), alias.out());
        refused("schema: --version is --api-version: give one of them",
                "schema", "ApiVersions", "--version", "3", "--api-version", "3");
        refused("schema: --minimal and --api-version need an API (kwire schema lists them)", "schema", "--api-version", "3");
    }

    @Test
    void dissectWritesToAFileWithMinusO(@TempDir Path dir) throws IOException {
        CliRun toStdout = CliRun.of("dissect", "--format", "summary", kcat());
        Path file = dir.resolve("frames.txt");
        CliRun toFile = CliRun.of("dissect", "--format", "summary", "-q", "-o", file.toString(), kcat());
        assertEquals(ExitCodes.OK, toFile.exit(), toFile.err());
        assertEquals("", toFile.out());
        assertEquals("", toFile.err());
        assertTrue(toStdout.out().lines().count() > 10, toStdout.out());
        assertEquals(toStdout.out(), Files.readString(file, StandardCharsets.UTF_8));
        refused("dissect: -q goes with -o FILE (the progress bar is shown only while the frames go to a file)",
                "dissect", "-q", kcat());
    }

    @Test
    void dissectSaysAFramePastTheEndIsPastTheEnd() {
        CliRun past = CliRun.of("dissect", "--frame", "999", kcat());
        assertEquals(ExitCodes.USAGE, past.exit(), "a frame number not in the capture is a wrong argument");
        assertEquals("", past.out());
        assertEquals("kwire: capture has " + KCAT_PACKETS + " packets; frame 999 is past the end\n", past.err());
        CliRun last = CliRun.of("dissect", "--frame", Integer.toString(KCAT_PACKETS + 1), kcat());
        assertEquals("kwire: capture has " + KCAT_PACKETS + " packets; frame " + (KCAT_PACKETS + 1) + " is past the end\n",
                last.err());
        CliRun inside = CliRun.of("dissect", "--frame", "1", kcat()); // a TCP handshake packet: no Kafka frame in it
        assertEquals("kwire: no Kafka frame matched\n", inside.err());
        assertEquals(ExitCodes.OK, inside.exit(), "a selection that matched nothing is not an error (as tshark -Y)");
    }

    @Test
    void connectionRefusesPortZeroAsPortDoes() {
        refused("--connection 10.0.0.1:0: 0 is not a TCP port (1-65535)", "dissect", "--connection", "10.0.0.1:0", kcat());
        refused("--port 0: not a TCP port (1-65535)", "dissect", "--port", "0", kcat());
    }

    @Test
    void partialRefusesWhatHasNoEffectOnIt(@TempDir Path dir) {
        String out = dir.resolve("p.json").toString();
        refused("analyze: --partial writes a partial (JSON), not a report: --format text does not go with it",
                "analyze", "--partial", "--format", "text", "-o", out, kcat());
        refused("analyze: --strict does not go with --partial: warnings are counted in the partial and kwire merge "
                + "--strict exits 4 on them", "analyze", "--partial", "--strict", "-o", out, kcat());
        refused("--jobs does not go with --partial: a partial is one analysis of its files (run analyze --partial on each "
                + "part, then kwire merge)", "analyze", "--partial", "--jobs", "2", "-o", out, kcat());
        refused("merge: --partial writes a partial (JSON), not a report: --format text does not go with it",
                "merge", "--partial", "--format", "text", "-o", out, kcat());
        refused("--boundary-bytes goes with --partial or --jobs", "analyze", "--boundary-bytes", "100", kcat());
    }

    @Test
    void sizesAndDurationsTakeUnitsAndPlainNumbersStayInTheirUnit() throws CliException {
        LiveOptions plain = LiveOptions.of(Cli.parse("live", LiveOptions.options(), new String[] {"-w", "x.pcapng",
                "--ring-size", "64", "--ring-duration", "30", "--duration", "90", "-B", "4", "--queue-size", "64",
                "--idle-timeout", "60"}));
        LiveOptions units = LiveOptions.of(Cli.parse("live", LiveOptions.options(), new String[] {"-w", "x.pcapng",
                "--ring-size", "64M", "--ring-duration", "30s", "--duration", "1.5m", "-B", "4096K", "--queue-size", "64M",
                "--idle-timeout", "1m"}));
        assertEquals(64_000_000L, plain.rotation().maxBytes()); // MB, as before
        assertEquals(64L << 20, units.rotation().maxBytes());
        assertEquals(30_000_000_000L, plain.rotation().maxNanos());
        assertEquals(plain.rotation().maxNanos(), units.rotation().maxNanos());
        assertEquals(90, plain.duration());
        assertEquals(90, units.duration());
        assertEquals(4 << 20, plain.capture().bufferBytes());
        assertEquals(4 << 20, units.capture().bufferBytes());
        assertEquals(64L << 20, units.capture().queueBytes());
        assertEquals(plain.capture().queueBytes(), units.capture().queueBytes());
        assertEquals(60_000_000_000L, units.limits().idleTimeoutNanos());
        CliRun big = CliRun.of("dissect", "--max-decompressed", "64M", "--format", "summary", kcat());
        assertEquals(CliRun.of("dissect", "--max-decompressed", "67108864", "--format", "summary", kcat()), big);
        assertEquals(ExitCodes.OK, big.exit(), big.err());
        refused("--max-decompressed 4G: at most 2147483647 bytes (2G less one byte)", "dissect", "--max-decompressed", "4G", kcat());
        refused("--max-frame-size 1.5M: not a size (a whole number, or with a unit: 512K, 64M, 1G)",
                "analyze", "--max-frame-size", "1.5M", kcat());
        CliException subSecond = org.junit.jupiter.api.Assertions.assertThrows(CliException.class, () -> LiveOptions.of(
                Cli.parse("live", LiveOptions.options(), new String[] {"--duration", "500ms"})));
        assertEquals("--duration 500ms: a whole number of seconds (this option counts seconds)", subSecond.getMessage());
        assertEquals(ExitCodes.USAGE, subSecond.exitCode());
    }

    @Test
    void boundsOfWhatIsNotWrittenAreRefused() {
        refused("dissect: --records-max-bytes goes with --records (without it only sizes are shown)",
                "dissect", "--records-max-bytes", "64", kcat());
        refused("--metrics-clients goes with --metrics-file (it bounds the metrics written there)",
                "analyze", "--metrics-clients", "5", kcat());
        refused("--metrics-clients -3: must not be negative", "analyze", "--metrics-clients", "-3", kcat()); // the value first
        CliRun records = CliRun.of("dissect", "--records", "--records-max-bytes", "64", "--format", "json", kcat());
        assertEquals(ExitCodes.OK, records.exit(), records.err());
    }

    @Test
    void mergeHasNoQuietToGive() {
        refused("merge: -q does nothing here: merge draws no progress bar (leave it out)", "merge", "-q", "p.json");
        refused("merge: --quiet does nothing here: merge draws no progress bar (leave it out)", "merge", "p.json", "--quiet");
    }

    @Test
    void quietIsRefusedWhereNoProgressBarIsDrawn() {
        for (String command : new String[] {"schema", "report", "interfaces", "wireshark-plugin"}) {
            refused(command + ": -q does nothing here: " + command + " draws no progress bar (leave it out)", command, "-q");
        }
    }

    @Test
    void schemaAndInterfacesWriteToAFileWithMinusO(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("fields.txt");
        CliRun toFile = CliRun.of("schema", "Produce", "--api-version", "9", "-o", file.toString());
        CliRun toStdout = CliRun.of("schema", "Produce", "--api-version", "9");
        assertEquals(new CliRun(ExitCodes.OK, "", ""), toFile);
        assertTrue(toStdout.out().startsWith("ProduceRequest v9 (Kafka "), toStdout.out());
        assertEquals(toStdout.out(), Files.readString(file, StandardCharsets.UTF_8));
        Path refusedFile = dir.resolve("none.txt");
        refused("unknown API 'Nope' (kwire schema lists them)", "schema", "Nope", "-o", refusedFile.toString());
        assertTrue(Files.notExists(refusedFile), "a refusal writes no file");
        Path list = dir.resolve("interfaces.txt");
        CliRun interfaces = CliRun.of("interfaces", "-o", list.toString());
        assertEquals(new CliRun(ExitCodes.OK, "", ""), interfaces);
        assertEquals(CliRun.of("interfaces").out(), Files.readString(list, StandardCharsets.UTF_8));
    }

    @Test
    void minusOMinusIsStandardOutput() {
        CliRun dash = CliRun.of("dissect", "--format", "summary", "-o", "-", kcat());
        assertEquals(ExitCodes.OK, dash.exit(), dash.err());
        assertEquals(CliRun.of("dissect", "--format", "summary", kcat()).out(), dash.out());
        CliRun report = CliRun.of("analyze", "-o", "-", kcat());
        assertEquals(CliRun.of("analyze", kcat()), report);
        CliRun fields = CliRun.of("schema", "ApiVersions", "-o", "-");
        assertEquals(CliRun.of("schema", "ApiVersions"), fields);
    }

    @Test
    void formatsAreEachCommandsOwn() {
        refused("--format values: use text, json, ndjson or es-bulk", "analyze", "--format", "values", kcat());
        refused("--format ndjson: use text or json", "merge", "--format", "ndjson", "p.json");
        refused("--format ndjson: use text, json, values or summary", "dissect", "--format", "ndjson", kcat());
        String merge = CliRun.of("merge", "--help").out().replaceAll("\\s+", " ");
        assertTrue(merge.contains("--format <FORMAT> text: the report for people (default when stdout is a terminal); "
                + "json: the report as JSON (default otherwise) "), merge);
        String analyze = CliRun.of("analyze", "--help").out().replaceAll("\\s+", " ");
        assertTrue(analyze.contains("json: the report as JSON (default otherwise); ndjson: one JSON event per exchange"), analyze);
    }

    @Test
    void summaryLinesRefuseWhatOnlyTreesShow() {
        for (String option : new String[] {"--show-secrets", "--records"}) {
            refused("dissect: " + option + " has no effect with --format summary: its lines show no field values "
                    + "(use --format text, json or values)", "dissect", "--format", "summary", option, kcat());
        }
        refused("dissect: --max-nodes has no effect with --format summary: its lines show no field values "
                + "(use --format text, json or values)", "dissect", "--format", "summary", "--max-nodes", "10", kcat());
        CliRun secrets = CliRun.of("dissect", "--format", "values", "--show-secrets", kcat());
        assertEquals(ExitCodes.OK, secrets.exit(), secrets.err());
    }

    @Test
    void metricsBoundsAndReportShapesAreRefusedWhereNothingUsesThem(@TempDir Path dir) {
        for (String bound : new String[] {"--metrics-clients", "--metrics-topics", "--metrics-groups"}) {
            refused(bound + " does not go with --jobs or --partial: they write no metrics (--metrics-file does not go "
                    + "with them)", "analyze", "--jobs", "2", bound, "5", kcat());
            refused(bound + " does not go with --jobs or --partial: they write no metrics (--metrics-file does not go "
                    + "with them)", "analyze", "--partial", "-o", dir.resolve("p.json").toString(), bound, "5", kcat());
        }
        refused("--metrics-file does not go with --jobs or --partial", "analyze", "--partial", "-o",
                dir.resolve("p.json").toString(), "--metrics-file", dir.resolve("m.prom").toString(), kcat());
        refused("analyze: --top shapes the report: --format ndjson writes events, not the report",
                "analyze", "--format", "ndjson", "--top", "3", kcat());
        refused("analyze: --target-kafka shapes the report: --format es-bulk writes events, not the report",
                "analyze", "--format", "es-bulk", "--target-kafka", "4.0", kcat());
        refused("analyze: --include-long-polls shapes the report and the metrics: --format ndjson writes every long-poll "
                + "as an event, and no metrics without --metrics-file", "analyze", "--format", "ndjson", "--include-long-polls",
                kcat());
        CliRun withMetrics = CliRun.of("analyze", "--format", "ndjson", "--include-long-polls", "--metrics-file",
                dir.resolve("m.prom").toString(), kcat());
        assertEquals(ExitCodes.OK, withMetrics.exit(), withMetrics.err());
    }

    @Test
    void usageListsTheCommandsTheReferenceDocuments() {
        String usage = CliRun.of("--help").out().replaceAll("\\s+", " ");
        for (Commands.Command c : Commands.all()) {
            assertTrue(usage.contains(" " + c.summary() + " "), c.name() + ": " + usage);
        }
    }
}
