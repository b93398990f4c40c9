package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rotated captures: real captures split with {@code editcap -c N} at many N, analyzed file by file in parallel
 * ({@code analyze --jobs 2}) and as partials merged ({@code analyze --partial} per file, {@code merge}), against the
 * report of the unsplit capture.
 * <ul>
 * <li>Every split, whether connections cross it or not (tshark sees a 4-tuple again, without its SYN, in a later file):
 * the merged report equals the unsplit one field for field, but for the capture facts that name files
 * ({@code files}, and {@code bytes}, the files' sizes). The chunk sizes cut frames in two, requests from their
 * responses (java-basic at 76: a request in one file, its retransmission and its response in the next), and the
 * connections that cross are joined ({@code org.kwire.partial.Stitcher}). Capture-wide state learned in an earlier
 * file is resolved too (docs/PARTIAL.md, "capture-wide state"): transactions.pcap's Produce requests name their topic
 * by an id a Metadata response of an earlier file named, and its COMMIT/ABORT markers carry a producer id an
 * InitProducerId of an earlier file tied to its transactional.id; old-client-0.10.2.2.pcap's SyncGroup waits for the
 * rebalance timeout its group's JoinGroup gave in an earlier file.</li>
 * <li>TLS connections are joined too (TLS 1.2 and 1.3, decrypted with {@code --tls-keylog}, and not decrypted, without
 * one): a later file alone cannot decrypt them, the merge replays their edges through one TLS stage
 * ({@code org.kwire.partial.TlsEdges}); no crossing is named.</li>
 * <li>Always: the partials written to JSON, read back and merged give the report {@code --jobs} gives (splits into at
 * most {@value #MAX_PARTIAL_FILES} files), and one analysis of the split files together gives the unsplit report.</li>
 * </ul>
 */
class RotatedCapturesTest {

    /** Splits into more files are checked through --jobs only (each partial is a run of its own: time). */
    private static final int MAX_PARTIAL_FILES = 8;
    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));

    /** Each capture with its options and the chunk sizes it is split at. */
    static Stream<Arguments> splits() {
        List<Arguments> out = new ArrayList<>();
        int[] chunks = {37, 76, 142, 177, 212, 298};
        Object[][] captures = {
                {"java-basic.pcap", List.of()},
                {"kcat.pcap", List.of()},
                {"kafkajs.pcap", List.of()},
                {"transactions.pcap", List.of("--port", "43085")},
                {"share-group.pcap", List.of()},
                {"sasl-plain.pcap", List.of("--port", "9094")},
                {"old-client-0.10.2.2.pcap", List.of("--port", "9192")},
                {"acks0-producer.pcap", List.of("--port", "43811")},
                {"java-tls12-shared.pcap", keyLog("java-tls12-shared.keys")},
                {"kafkajs-tls13-aes128.pcap", keyLog("kafkajs-tls13-aes128.keys")},
                {"kafkajs-tls13-chacha20.pcap", keyLog("kafkajs-tls13-chacha20.keys")},
                {"java-sasl-ssl-tls13.pcap", keyLog("java-sasl-ssl-tls13.keys")},
                {"tls.pcap", List.of("--port", "9095")},
                {"cluster-controller.pcap", List.of("--port", "9299")},
        };
        for (Object[] c : captures) {
            for (int n : chunks) {
                out.add(Arguments.of(c[0], c[1], n));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} split every {2} packets")
    @MethodSource("splits")
    void mergedReportEqualsUnsplit(String capture, List<String> options, int chunk, @TempDir Path dir) throws Exception {
        Path whole = CAPTURES.resolve(capture);
        List<Path> files = Splits.split(whole, chunk, dir.resolve("split"));
        JsonNode unsplit = report(CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json"), options, List.of(whole))));
        JsonNode together = report(CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json"), options, files)));
        assertEquals(withoutFiles(unsplit), withoutFiles(together), "one analysis of the split files");
        CliRun jobs = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split", "always"), options, files));
        JsonNode parallel = report(jobs);

        List<String> merge = new ArrayList<>(List.of("merge", "--format", "json"));
        for (int i = 0; i < files.size() && files.size() <= MAX_PARTIAL_FILES; i++) {
            Path partial = dir.resolve("p" + i + ".json");
            CliRun p = CliRun.of(Splits.args(List.of("analyze", "-q", "--partial", "-o", partial.toString()), options,
                    List.of(files.get(i))));
            assertEquals(0, p.exit(), p.err());
            ReportSchema.assertValidPartial(java.nio.file.Files.readString(partial));
            merge.add(partial.toString());
        }
        if (files.size() <= MAX_PARTIAL_FILES) {
            JsonNode merged = report(CliRun.of(merge.toArray(String[]::new)));
            assertEquals(parallel, merged, "partials written, read back and merged give the report of --jobs");
        }

        Set<String> crossing = Splits.crossing(files);
        List<String> warnings = new ArrayList<>();
        parallel.get("warnings").forEach(w -> warnings.add(w.asText()));
        Set<String> named = Splits.named(warnings);
        assertTrue(crossing.containsAll(named), "named " + named + ", crossing (tshark's) " + crossing);
        assertEquals(Set.of(), named, "every crossing connection joined, TLS ones too");
        assertEquals(withoutFiles(unsplit), withoutFiles(parallel), files.size() + " files, " + crossing.size()
                + " connection(s) across them");
    }

    /** {@code --tls-keylog} with a key log of the test captures. */
    private static List<String> keyLog(String name) {
        return List.of("--tls-keylog", CAPTURES.resolve(name).toString());
    }

    /**
     * Boundary state over {@code --boundary-bytes} is not carried across, and said so: the slice's warning counts the
     * connections let go, and the crossing ones among them are named (tshark's crossing connections, no others).
     */
    @org.junit.jupiter.api.Test
    void boundaryStateOverTheCapIsCountedAndNamed(@TempDir Path dir) throws Exception {
        List<Path> files = Splits.split(CAPTURES.resolve("java-basic.pcap"), 76, dir.resolve("split"));
        CliRun jobs = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split", "always",
                "--boundary-bytes", "64"), List.of(), files));
        List<String> warnings = new ArrayList<>();
        report(jobs).get("warnings").forEach(w -> warnings.add(w.asText()));
        assertTrue(warnings.stream().anyMatch(w -> w.contains("held more than 64 bytes of boundary state")), warnings.toString());
        Set<String> named = Splits.named(warnings);
        assertTrue(!named.isEmpty() && Splits.crossing(files).containsAll(named), named.toString());
        assertTrue(jobs.err().contains("continue from"), jobs.err());
    }

    private static JsonNode report(CliRun run) throws Exception {
        assertEquals(0, run.exit(), run.err());
        return run.json();
    }

    /** The report without the capture facts that name files: {@code files}, and {@code bytes} (the files' sizes). */
    static JsonNode withoutFiles(JsonNode report) {
        ObjectNode r = report.deepCopy();
        ((ObjectNode) r.get("capture")).remove(Arrays.asList("files", "bytes"));
        return r;
    }
}
