package org.kwire.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An output that is also an input is refused before anything is read or written (the capture, partial or report stays
 * as it was), and a damaged partial is one line naming what is wrong, never a stack trace.
 */
class OutputGuardTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));

    @TempDir
    Path dir;

    @Test
    void anOutputThatIsAnInputIsRefusedAndTheInputKept() throws Exception {
        Path capture = dir.resolve("kc.pcap");
        Files.copy(CAPTURES.resolve("kcat.pcap"), capture);
        byte[] before = Files.readAllBytes(capture);
        CliRun ndjson = CliRun.of("analyze", "--format", "ndjson", capture.toString(), "-o", capture.toString());
        assertEquals(ExitCodes.USAGE, ndjson.exit());
        assertEquals("kwire: --output " + capture + ": that is also an input (" + capture + "); kwire would overwrite what "
                + "it reads: write to another file\n", ndjson.err());
        CliRun metrics = CliRun.of("analyze", "-q", capture.toString(), "-o", dir.resolve("r.json").toString(),
                "--metrics-file", dir.resolve(".").resolve("kc.pcap").toString());
        assertEquals(ExitCodes.USAGE, metrics.exit());
        assertEquals(1, metrics.err().lines().count(), metrics.err());
        assertArrayEquals(before, Files.readAllBytes(capture));

        Path partial = dir.resolve("p.json");
        assertEquals(0, CliRun.of("analyze", "-q", "--partial", "-o", partial.toString(), capture.toString()).exit());
        byte[] part = Files.readAllBytes(partial);
        assertEquals(ExitCodes.USAGE, CliRun.of("merge", partial.toString(), "-o", partial.toString()).exit());
        assertArrayEquals(part, Files.readAllBytes(partial));
        Path report = dir.resolve("r.json");
        assertEquals(0, CliRun.of("analyze", "-q", capture.toString(), "-o", report.toString()).exit());
        byte[] json = Files.readAllBytes(report);
        assertEquals(ExitCodes.USAGE, CliRun.of("report", report.toString(), "-o", report.toString()).exit());
        assertArrayEquals(json, Files.readAllBytes(report));
    }

    /** The launcher says when standard input is a pipe: with no capture named, the sample is analyzed with a warning. */
    @Test
    void noCaptureNamedWithStandardInputAPipeIsWarnedOf() {
        System.setProperty(AnalyzeCommand.STDIN_PROPERTY, "pipe");
        try {
            CliRun piped = CliRun.of("analyze", "-q");
            assertEquals(0, piped.exit());
            assertTrue(piped.out().contains("\"java-basic.pcap (bundled sample)\""), piped.out());
            assertEquals("kwire: warning: no capture named: analyzing the bundled sample, not standard input (a pipe); give - "
                    + "to analyze standard input (tcpdump -w - | kwire analyze -)\n", piped.err());
            CliRun named = CliRun.of("analyze", "-q", CAPTURES.resolve("kcat.pcap").toString());
            assertEquals(0, named.exit());
            assertEquals("", named.err());
        } finally {
            System.clearProperty(AnalyzeCommand.STDIN_PROPERTY);
        }
    }

    @Test
    void aDamagedPartialIsOneLine() throws Exception {
        Path partial = dir.resolve("p.json");
        assertEquals(0, CliRun.of("analyze", "-q", "--partial", "-o", partial.toString(),
                CAPTURES.resolve("kcat.pcap").toString()).exit());
        CliRun report = CliRun.of("report", partial.toString());
        assertEquals(ExitCodes.INPUT, report.exit());
        assertEquals("kwire: " + partial + ": not a kwire report (no report_version and capture; it is a partial of analyze "
                + "--partial: kwire merge makes its report)\n", report.err());
        CliRun quiet = CliRun.of("merge", "--format", "json", partial.toString());
        assertEquals(0, quiet.exit(), quiet.err());
        CliRun twice = CliRun.of("merge", partial.toString(), partial.toString());
        assertEquals(ExitCodes.INPUT, twice.exit());
        assertEquals("kwire: " + partial + ": holds the slice of " + CAPTURES.resolve("kcat.pcap") + " (187 packets) that "
                + partial + " holds already: merged twice, its traffic would count twice\n", twice.err());
        ObjectMapper json = new ObjectMapper();
        for (String section : new String[] {"analysis", "slices", "census", "report"}) {
            ObjectNode p = (ObjectNode) json.readTree(partial.toFile());
            p.remove(section);
            Path damaged = dir.resolve("no-" + section + ".json");
            json.writeValue(damaged.toFile(), p);
            CliRun merge = CliRun.of("merge", damaged.toString());
            assertEquals(ExitCodes.INPUT, merge.exit());
            assertEquals("kwire: " + damaged + ": not a whole kwire partial: required property '" + section
                    + "' not found\n", merge.err());
        }
        ObjectNode hollow = (ObjectNode) json.readTree(partial.toFile());
        ((ObjectNode) hollow.get("report")).putNull("apis");
        Path damaged = dir.resolve("hollow.json");
        json.writeValue(damaged.toFile(), hollow);
        CliRun merge = CliRun.of("merge", damaged.toString());
        assertEquals(ExitCodes.INPUT, merge.exit());
        assertEquals("kwire: " + damaged + ": /report/apis: null found, array expected\n", merge.err());
        Path truncated = dir.resolve("truncated.json");
        Files.write(truncated, java.util.Arrays.copyOf(Files.readAllBytes(partial), 3000));
        CliRun cut = CliRun.of("merge", truncated.toString());
        assertEquals(ExitCodes.INPUT, cut.exit());
        assertTrue(cut.err().matches("kwire: " + java.util.regex.Pattern.quote(truncated.toString()) + ": /[a-z_/0-9]+: not a "
                + "kwire partial: not JSON at line 1, column 3001: Unexpected end-of-input[^\n]*\n"), cut.err()); // where
        // the cut falls, by its JSON pointer, and what Jackson expected there (the end of a name, a value, an object)
        assertEquals(1, cut.err().lines().count(), cut.err());
    }
}
