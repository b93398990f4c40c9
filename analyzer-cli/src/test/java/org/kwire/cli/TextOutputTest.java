package org.kwire.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The text for people: {@code analyze --format text} (golden files of real captures, checked against their JSON
 * reports when written: the readiness of old-client-0.10.2.2.pcap, the transactions of transactions.pcap, the error
 * rate from {@code apis[].errors[].responses}) and {@code dissect --format summary}; text is the default only when stdout is a terminal.
 */
class TextOutputTest {

    /** The golden file {@code name} of test resources {@code org/kwire/cli/text/}. */
    private static String golden(String name) throws IOException {
        try (InputStream in = TextOutputTest.class.getResourceAsStream("text/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theBundledSampleAsText() throws IOException {
        CliRun run = CliRun.of("analyze", "--format", "text");
        assertEquals(0, run.exit(), run.err());
        assertEquals(golden("java-basic.txt"), run.out());
    }

    /** TLS in the summary: what the handshakes said and how much was decrypted, with and without a key log. */
    @Test
    void tlsConnectionsInTheSummary() {
        CliRun without = CliRun.of("analyze", "--format", "text", "--port", "9095", "../test-captures/tls.pcap");
        assertTrue(without.out().contains("\n! TLS             7 connections (TLSv1.3 7, TLS_AES_256_GCM_SHA384 7): not decrypted "
                + "(no key log ...\n"), without.out());
        CliRun with = CliRun.of("analyze", "--format", "text", "--port", "37485", "--tls-keylog",
                "../test-captures/kafkajs-tls13-aes128.keys", "../test-captures/kafkajs-tls13-aes128.pcap");
        assertTrue(with.out().contains("\n  TLS             4 connections (TLSv1.3 4, TLS_AES_128_GCM_SHA256 4): 4 decrypted\n"),
                with.out());
    }

    /** A damaged capture: gaps, unmatched exchanges, warnings marked with {@code !}. */
    @Test
    void aDamagedCaptureAsText() throws IOException {
        CliRun run = CliRun.of("analyze", "--format", "text", "../test-captures/java-basic-drop3.pcap");
        assertEquals(0, run.exit(), run.err());
        assertEquals(golden("java-basic-drop3.txt"), run.out());
    }

    /**
     * kafka-clients 0.10.2.2 against Kafka 3.9.1: three clients a Kafka 4.0 broker would cut off (Produce v2, Fetch v3,
     * JoinGroup v1, each answered by closing the connection), in the summary and in the readiness section.
     */
    @Test
    void theClientsThatWillBreakOnTheUpgrade() throws IOException {
        CliRun run = CliRun.of("analyze", "--format", "text", "--port", "9192", "../test-captures/old-client-0.10.2.2.pcap");
        assertEquals(0, run.exit(), run.err());
        assertEquals(golden("old-client-0.10.2.2.txt"), run.out());
    }

    /** A transactional producer: one commit, one abort, their markers, the coordinator's errors on the way. */
    @Test
    void transactionsAtAGlance() throws IOException {
        CliRun run = CliRun.of("analyze", "--format", "text", "../test-captures/transactions.pcap");
        assertEquals(0, run.exit(), run.err());
        assertEquals(golden("transactions.txt"), run.out());
    }

    /** With {@code --include-long-polls} the summary says the long-polls are in the latencies, and the API table too. */
    @Test
    void longPollsBroughtBack() {
        CliRun apart = CliRun.of("analyze", "--format", "text", TestCaptures.path("kcat.pcap").toString());
        CliRun back = CliRun.of("analyze", "--format", "text", "--include-long-polls", TestCaptures.path("kcat.pcap").toString());
        assertEquals(0, apart.exit() + back.exit(), apart.err() + back.err());
        assertTrue(apart.out().contains("\n  Long-polls      6 long-polls answered empty at their wait time (Fetch 6); counted apart,\n"
                + "                  not in latencies or slowest; --include-long-polls brings them back\n"), apart.out());
        assertTrue(apart.out().contains("response's,\n  without the 6 long-polls answered empty at their wait time"
                + " (--include-long-polls).\n"), apart.out());
        assertTrue(back.out().contains("\n  Long-polls      6 long-polls answered empty at their wait time (Fetch 6);\n"
                + "                  counted in latencies and slowest (--include-long-polls)\n"), back.out());
        assertTrue(back.out().contains("  Slowest         Fetch v11 509.7 ms, correlation_id 6, frames 68-70,"
                + " client_id kcat-consumer-snappy\n"), back.out());
    }

    /**
     * The examples of the text output are real: README's summary of the bundled sample is how the golden file
     * starts, and each part of docs/GUIDE.md's readiness example (parts separated by a line {@code ...}) is in the golden file of
     * old-client-0.10.2.2.pcap.
     */
    @Test
    void theReadmeShowsTheRealOutput() throws IOException {
        String readme = Files.readString(Path.of("../README.md"), StandardCharsets.UTF_8);
        String summary = block(readme, "On a terminal, `./kwire analyze` starts like this");
        assertTrue(summary.startsWith("Summary\n-------\n  Capture         java-basic.pcap (bundled sample)\n"), summary);
        assertTrue(golden("java-basic.txt").startsWith(summary + "\n"), summary);
        String guide = Files.readString(Path.of("../docs/GUIDE.md"), StandardCharsets.UTF_8);
        String readiness = block(guide, "./kwire analyze --format text --port 9192 test-captures/old-client-0.10.2.2.pcap\n```");
        String[] parts = readiness.split("\n\\.\\.\\.\n");
        assertEquals(2, parts.length, readiness);
        assertTrue(parts[1].startsWith("Upgrade readiness\n"), parts[1]);
        for (String part : parts) {
            assertTrue(golden("old-client-0.10.2.2.txt").contains(part), part);
        }
    }

    /** The first code block of {@code text} after {@code after}, without its fences. */
    private static String block(String text, String after) {
        int at = text.indexOf(after);
        assertTrue(at >= 0, "no " + after);
        int start = text.indexOf("```\n", at + after.length()) + 4;
        return text.substring(start, text.indexOf("```\n", start));
    }

    @Test
    void thePacketListOfKcat() throws IOException {
        CliRun run = CliRun.of("dissect", "--format", "summary", TestCaptures.path("kcat.pcap").toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals(golden("kcat-summary.txt"), run.out());
    }

    /** Every capture's text fits 100 columns, in ASCII. */
    @Test
    void everyLineFitsOneHundredColumns() throws IOException {
        List<Path> captures;
        try (var files = Files.list(TestCaptures.path("."))) {
            captures = files.filter(f -> f.toString().matches(".*\\.pcap(ng)?$")).sorted().toList();
        }
        for (Path capture : captures) {
            CliRun run = CliRun.of("analyze", "--format", "text", "--port", "9092,9094,9095,36333", capture.toString());
            assertEquals(0, run.exit(), run.err());
            for (String line : run.out().split("\n")) {
                assertTrue(line.length() <= 100, capture + ": " + line.length() + " columns: " + line);
                assertTrue(line.chars().allMatch(c -> c >= 32 && c < 127), capture + ": not ASCII: " + line);
            }
        }
    }

    @Test
    void textOnATerminalJsonElsewhere(@TempDir Path dir) throws CliException, IOException {
        String capture = TestCaptures.path("kcat.pcap").toString();
        assertTrue(analyze(true, capture).startsWith("Summary\n-------\n"));
        assertTrue(analyze(false, capture).startsWith("{\n  \"report_version\" : 1,"));
        Path file = dir.resolve("r.json");
        assertEquals("", analyze(true, "-o", file.toString(), capture));
        assertTrue(Files.readString(file).startsWith("{\n  \"report_version\" : 1,"));
        assertTrue(analyze(false, "--format", "text", capture).startsWith("Summary\n-------\n"));
        assertEquals(new CliRun(2, "", "kwire: --format xml: use text, json, ndjson or es-bulk\n"),
                CliRun.of("analyze", "--format", "xml", capture));
    }

    /**
     * The summary never cuts an error name (it cut the third line of the entry, "COORDINATOR_LOAD_IN_PROGRE..."): the
     * bundled java-basic.pcap with three more real captures has eight error names, every one whole, on four lines,
     * with the responses the JSON report counts for it.
     */
    @Test
    void everyErrorNameWholeInTheSummary() throws IOException {
        String[] captures = {TestCaptures.path("java-basic.pcap").toString(), TestCaptures.path("transactions.pcap").toString(),
                TestCaptures.path("kcat.pcap").toString(), TestCaptures.path("sasl-plain.pcap").toString()};
        CliRun text = CliRun.of(java.util.stream.Stream.concat(java.util.stream.Stream.of("analyze", "--format", "text"),
                java.util.stream.Stream.of(captures)).toArray(String[]::new));
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("""
                ! Errors          40 of 270 responses carried an error code (14.8 %): NOT_COORDINATOR 16,
                                  CONCURRENT_TRANSACTIONS 9, COORDINATOR_NOT_AVAILABLE 5, MEMBER_ID_REQUIRED 3,
                                  COORDINATOR_LOAD_IN_PROGRESS 3, UNKNOWN_TOPIC_OR_PARTITION 2,
                                  SASL_AUTHENTICATION_FAILED 1, GROUP_ID_NOT_FOUND 1
                  Unmatched  """), text.out());
        CliRun json = CliRun.of(java.util.stream.Stream.concat(java.util.stream.Stream.of("analyze"),
                java.util.stream.Stream.of(captures)).toArray(String[]::new));
        java.util.Map<String, Long> responses = new java.util.TreeMap<>();
        json.json().get("apis").forEach(a -> a.get("errors").forEach(e ->
                responses.merge(e.get("name").asText(), e.get("responses").asLong(), Long::sum)));
        assertEquals(8, responses.size(), responses.toString());
        String summary = text.out().substring(0, text.out().indexOf("\n\n")).replaceAll("\n {18}", " ");
        responses.forEach((name, n) -> assertTrue(summary.contains(" " + name + " " + n), name + " " + n + " in " + summary));
    }

    /** What {@code analyze ARGS} writes to stdout when stdout is a terminal, or not. */
    private static String analyze(boolean terminal, String... args) throws CliException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(0, new AnalyzeCommand(new ByteArrayInputStream(new byte[0]), terminal)
                .run(args, new PrintStream(out, true, StandardCharsets.UTF_8), err));
        return out.toString(StandardCharsets.UTF_8);
    }
}
