package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rotated files of a capture that lost packets (test-captures/java-basic-drop3.pcap: java-basic.pcap without three of
 * its packets), merged with {@code --jobs}: the stream offsets of the notes of a connection joined across files count
 * from the connection's start, as in one analysis of the files together.
 */
class DropsAcrossBoundariesTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));
    private static final Pattern NOTE = Pattern.compile("^(\\w+ \\[\\w+\\] frame \\d+) offset (\\d+) (\\(stream .*)$");

    /** Split where no gap falls near a boundary: the report of one analysis, field for field. */
    @org.junit.jupiter.api.Test
    void splitAwayFromTheGapsEqualsOneAnalysis(@TempDir Path dir) throws Exception {
        Path whole = CAPTURES.resolve("java-basic-drop3.pcap");
        List<Path> files = Splits.split(whole, 101, dir.resolve("split"));
        assertEquals(4, files.size());
        JsonNode one = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json"), List.of(), List.of(whole))).json();
        JsonNode jobs = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2"), List.of(),
                files)).json();
        assertEquals(RotatedCapturesTest.withoutFiles(one), RotatedCapturesTest.withoutFiles(jobs));
    }

    /**
     * Every note both list (the same frame, stream, direction and text) gives the same stream offset. Not yet at 7, 13 and
     * 53 packets: there a gap of 86 bytes TCP declares at an acknowledgment in one analysis is not declared by the
     * merge (docs/PARTIAL.md, "TCP's own state at a boundary where the capture lost packets"), and what follows on
     * that direction counts 86 bytes short.
     */
    @ParameterizedTest(name = "split every {0} packets")
    @ValueSource(ints = {29, 101})
    void streamOffsetsCountFromTheConnectionsStart(int chunk, @TempDir Path dir) throws Exception {
        Path whole = CAPTURES.resolve("java-basic-drop3.pcap");
        List<Path> files = Splits.split(whole, chunk, dir.resolve("split"));
        Map<String, String> one = offsets(CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json"), List.of(),
                List.of(whole))).json());
        Map<String, String> jobs = offsets(CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs",
                "2"), List.of(), files)).json());
        int compared = 0;
        for (Map.Entry<String, String> e : jobs.entrySet()) {
            if (one.containsKey(e.getKey())) {
                assertEquals(one.get(e.getKey()), e.getValue(), e.getKey());
                compared++;
            }
        }
        assertTrue(compared >= 1, "notes compared: " + jobs + " against " + one);
    }

    /** The warnings that give a stream offset: the line without it, and the offset. */
    private static Map<String, String> offsets(JsonNode report) {
        Map<String, String> out = new HashMap<>();
        report.get("warnings").forEach(w -> {
            Matcher m = NOTE.matcher(w.asText());
            if (m.matches()) {
                out.put(m.group(1) + " " + m.group(3), m.group(2));
            }
        });
        return out;
    }
}
