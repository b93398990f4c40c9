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
 * Rotated files of a capture that lost packets, merged with {@code --jobs}, against one analysis of the files together:
 * test-captures/java-basic-drop3.pcap (java-basic.pcap without three of its packets) and kraft-quorum.pcap without 2 %
 * of its packets (a seeded random choice), split with {@code editcap -c N}. The merge reassembles the TCP of a
 * connection joined across files by TCP's own rules, started from the earlier file's state, so that a gap is declared
 * at the acknowledgment past the hole (in the later file, or the earlier) as one analysis declares it.
 */
class DropsAcrossBoundariesTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));
    private static final Pattern NOTE = Pattern.compile("^(\\w+ \\[\\w+\\] frame \\d+) offset (\\d+) (\\(stream .*)$");

    private static final List<String> KRAFT_PORTS = List.of("--port", "19093", "--port", "19094", "--port", "19095");

    /** Split where no gap falls near a boundary: the report of one analysis, field for field. */
    @org.junit.jupiter.api.Test
    void splitAwayFromTheGapsEqualsOneAnalysis(@TempDir Path dir) throws Exception {
        Path whole = CAPTURES.resolve("java-basic-drop3.pcap");
        List<Path> files = Splits.split(whole, 101, dir.resolve("split"));
        assertEquals(4, files.size());
        assertEquals(report(List.of(), List.of(whole), false), report(List.of(), files, true));
    }

    /**
     * kraft-quorum.pcap without 37 of its 1884 packets (2 %, seeded), split every 7 to 101 packets: drops fall on
     * and next to file boundaries (a segment held out of order at a file's end, the acknowledgment past its hole in the
     * next file; a request whose response was lost, pending when the later file comes to rest): the report of one
     * analysis, field for field.
     */
    @ParameterizedTest(name = "split every {0} packets")
    @ValueSource(ints = {7, 13, 29, 53, 101})
    void kraftQuorumWithDropsEqualsOneAnalysis(int chunk, @TempDir Path dir) throws Exception {
        Path dropped = dropped(CAPTURES.resolve("kraft-quorum.pcap"), 1884, 37, 7, dir);
        List<Path> files = Splits.split(dropped, chunk, dir.resolve("split"));
        assertEquals(report(KRAFT_PORTS, List.of(dropped), false), report(KRAFT_PORTS, files, true));
    }

    /**
     * java-basic-drop3.pcap split where its gaps fall at or next to a boundary: the report of one analysis, field for
     * field — the gaps TCP declares (their frames, sizes and stream offsets), every connection's counts, and the
     * responses whose request the capture lost, inferred from the APIs their connection used in the earlier files too
     * (a tail's {@code apis}; 7 fields differed when split every 7 packets before).
     */
    @ParameterizedTest(name = "split every {0} packets")
    @ValueSource(ints = {7, 13, 29, 53})
    void gapsNextToBoundariesAsOneAnalysis(int chunk, @TempDir Path dir) throws Exception {
        Path whole = CAPTURES.resolve("java-basic-drop3.pcap");
        List<Path> files = Splits.split(whole, chunk, dir.resolve("split"));
        JsonNode one = report(List.of(), List.of(whole), false);
        JsonNode jobs = report(List.of(), files, true);
        assertEquals(one, jobs);
        assertTrue(one.get("responses_without_request").asLong() > 0, "responses whose request was lost");
    }

    /** The report of one analysis of {@code files}, or of {@code --jobs 2} on them, without the files' names and sizes. */
    private static JsonNode report(List<String> options, List<Path> files, boolean jobs) throws Exception {
        List<String> head = jobs ? List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split", "always")
                : List.of("analyze", "-q", "--format", "json");
        return RotatedCapturesTest.withoutFiles(CliRun.of(Splits.args(head, options, files)).json());
    }

    /** A copy of {@code capture} without {@code count} of its {@code packets} packets, chosen with seed {@code seed}. */
    static Path dropped(Path capture, int packets, int count, long seed, Path dir) throws Exception {
        java.util.Random random = new java.util.Random(seed);
        java.util.TreeSet<Integer> frames = new java.util.TreeSet<>();
        while (frames.size() < count) {
            frames.add(1 + random.nextInt(packets));
        }
        java.nio.file.Files.createDirectories(dir);
        Path out = dir.resolve("dropped.pcap");
        List<String> command = new java.util.ArrayList<>(List.of(Splits.tool("editcap"), "-F", "pcap", capture.toString(),
                out.toString()));
        frames.forEach(f -> command.add(f.toString()));
        Splits.run(command);
        return out;
    }

    /** Every note both list (the same frame, stream, direction and text) gives the same stream offset. */
    @ParameterizedTest(name = "split every {0} packets")
    @ValueSource(ints = {7, 13, 29, 53, 101})
    void streamOffsetsCountFromTheConnectionsStart(int chunk, @TempDir Path dir) throws Exception {
        Path whole = CAPTURES.resolve("java-basic-drop3.pcap");
        List<Path> files = Splits.split(whole, chunk, dir.resolve("split"));
        Map<String, String> one = offsets(CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json"), List.of(),
                List.of(whole))).json());
        Map<String, String> jobs = offsets(CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs",
                "2", "--split", "always"), List.of(), files)).json());
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
