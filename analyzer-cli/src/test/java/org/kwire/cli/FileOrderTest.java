package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rotated files in any order: a real capture split as {@code tcpdump -C} names its files ({@code cap.pcap},
 * {@code cap.pcap1}, ..., {@code cap.pcap13}, whose name order, the shell's glob, is not their time order), given
 * to one analysis, {@code --jobs} and {@code kwire merge} in name order, reversed and shuffled: each gives the report
 * of the unsplit capture (docs/PARTIAL.md, "Order"). Slices holding the same packets (a file and its copy, partials
 * of overlapping files) are refused in one line naming them.
 */
class FileOrderTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));

    /** java-basic.pcap in 14 files of 25 packets, named as tcpdump -C names them; in time order. */
    private static List<Path> tcpdumpNamed(Path dir) throws Exception {
        List<Path> split = Splits.split(CAPTURES.resolve("java-basic.pcap"), 25, dir.resolve("split"));
        List<Path> named = new ArrayList<>();
        for (int i = 0; i < split.size(); i++) {
            Path to = dir.resolve("cap.pcap" + (i == 0 ? "" : Integer.toString(i)));
            Files.move(split.get(i), to);
            named.add(to);
        }
        return named;
    }

    @Test
    void rotatedFilesGiveTheUnsplitReportInAnyOrder(@TempDir Path dir) throws Exception {
        List<Path> files = tcpdumpNamed(dir);
        assertEquals(14, files.size());
        List<Path> byName = new ArrayList<>(files);
        Collections.sort(byName);
        assertNotEquals(files, byName, "the glob's order is not the time order");
        List<Path> shuffled = new ArrayList<>(files);
        Collections.shuffle(shuffled, new Random(19));
        JsonNode unsplit = RotatedCapturesTest.withoutFiles(
                CliRun.of("analyze", "-q", "--format", "json", CAPTURES.resolve("java-basic.pcap").toString()).json());
        assertEquals(73, unsplit.get("apis").findValues("requests").stream().mapToInt(JsonNode::asInt).sum());

        List<Path> partials = new ArrayList<>();
        for (Path f : files) {
            Path p = dir.resolve(f.getFileName() + ".part.json");
            assertEquals(0, CliRun.of("analyze", "-q", "--partial", "-o", p.toString(), f.toString()).exit());
            partials.add(p);
        }
        for (List<Path> order : List.of(byName, shuffled, reversed(files))) {
            String what = order == byName ? "name order" : order == shuffled ? "shuffled" : "reversed";
            assertEquals(unsplit, report(Splits.args(List.of("analyze", "-q", "--format", "json"), List.of(), order)),
                    "one analysis, " + what);
            assertEquals(unsplit, report(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split", "always"),
                    List.of(), order)), "--jobs 2, " + what);
            List<Path> parts = new ArrayList<>();
            order.forEach(f -> parts.add(dir.resolve(f.getFileName() + ".part.json")));
            assertEquals(unsplit, report(Splits.args(List.of("merge", "--format", "json"), List.of(), parts)),
                    "merge, " + what);
        }
        // a merged partial of the later files, merged with the earlier ones given after it
        Path late = dir.resolve("late.json");
        assertEquals(0, CliRun.of(Splits.args(List.of("merge", "--partial", "-o", late.toString()), List.of(),
                partials.subList(7, 14))).exit());
        List<Path> lateFirst = new ArrayList<>(List.of(late));
        lateFirst.addAll(partials.subList(0, 7));
        assertEquals(unsplit, report(Splits.args(List.of("merge", "--format", "json"), List.of(), lateFirst)),
                "a merged partial of later files given first");
    }

    @Test
    void slicesHoldingTheSamePacketsAreRefusedInOneLine(@TempDir Path dir) throws Exception {
        List<Path> files = tcpdumpNamed(dir);
        Path copy = dir.resolve("copy-of-cap.pcap5");
        Files.copy(files.get(5), copy);
        List<Path> withCopy = new ArrayList<>(files);
        withCopy.add(copy);
        // --jobs 2 analyzes two runs of consecutive files (FileGroups): the copy lands in the run of its original, which
        // one analysis reads as one analysis of the files together does (the copy's packets are retransmissions)
        JsonNode one = report(Splits.args(List.of("analyze", "-q", "--format", "json"), List.of(), withCopy));
        assertEquals(one, report(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split", "always"), List.of(), withCopy)));
        // partials of each file: the copy's slice holds its original's packets, refused in one line
        List<Path> parts = new ArrayList<>();
        for (Path f : List.of(files.get(5), copy)) {
            Path p = dir.resolve(f.getFileName() + ".json");
            assertEquals(0, CliRun.of("analyze", "-q", "--partial", "-o", p.toString(), f.toString()).exit());
            parts.add(p);
        }
        CliRun copies = CliRun.of("merge", "--format", "json", parts.get(0).toString(), parts.get(1).toString());
        assertEquals(ExitCodes.INPUT, copies.exit(), copies.err());
        assertEquals("kwire: " + files.get(5) + " and " + copy + " hold the same packets (from 2026-11-29T17:28:43.653744Z): a "
                + "file given twice, a copy of one, or partials of overlapping files; each packet must be in one of them "
                + "only, or its traffic counts twice", copies.err().strip());

        Path first = dir.resolve("0-3.json");
        Path second = dir.resolve("3-6.json");
        assertEquals(0, CliRun.of(Splits.args(List.of("analyze", "-q", "--partial", "-o", first.toString()), List.of(),
                files.subList(0, 4))).exit());
        assertEquals(0, CliRun.of(Splits.args(List.of("analyze", "-q", "--partial", "-o", second.toString()), List.of(),
                files.subList(3, 7))).exit());
        CliRun merge = CliRun.of("merge", "--format", "json", second.toString(), first.toString());
        assertEquals(ExitCodes.INPUT, merge.exit(), merge.err());
        assertEquals(1, merge.err().lines().count(), merge.err());
        assertTrue(merge.err().contains(files.get(3) + ", " + files.get(4) + ", " + files.get(5) + ", " + files.get(6)
                + " hold the same packets"), merge.err());
    }

    /**
     * An empty rotated file (tcpdump -G writes its first file before any packet: a header of 24 bytes) among the
     * others: --jobs and merge take it as one analysis does (its partial used to be refused: "timeline data cut short").
     */
    @Test
    void anEmptyRotatedFileChangesNothing(@TempDir Path dir) throws Exception {
        List<Path> files = tcpdumpNamed(dir);
        Path empty = dir.resolve("cap-0.pcap");
        Files.write(empty, java.util.Arrays.copyOf(Files.readAllBytes(CAPTURES.resolve("java-basic.pcap")), 24));
        List<Path> all = new ArrayList<>(files.subList(0, 5));
        all.add(2, empty);
        JsonNode one = report(Splits.args(List.of("analyze", "-q", "--format", "json"), List.of(), all));
        assertEquals(one, report(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split", "always"), List.of(), all)));
        Path partial = dir.resolve("empty.json");
        assertEquals(0, CliRun.of("analyze", "-q", "--partial", "-o", partial.toString(), empty.toString()).exit());
        ReportSchema.assertValidPartial(Files.readString(partial));
        CliRun merged = CliRun.of("merge", "--format", "json", partial.toString());
        assertEquals(0, merged.exit(), merged.err());
        assertEquals(0, merged.json().get("capture").get("packets").asInt());
    }

    private static List<Path> reversed(List<Path> files) {
        List<Path> out = new ArrayList<>(files);
        Collections.reverse(out);
        return out;
    }

    private static JsonNode report(String[] args) throws Exception {
        CliRun run = CliRun.of(args);
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err(), "every connection across a file joined, nothing to warn about");
        return RotatedCapturesTest.withoutFiles(run.json());
    }
}
