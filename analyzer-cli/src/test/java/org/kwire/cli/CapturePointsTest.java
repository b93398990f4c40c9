package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.partial.Partial;
import org.kwire.partial.PartialCodec;
import org.kwire.partial.PartialMerge;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Several capture points at once (three brokers' captures of the same minutes): real captures moved in time with
 * {@code editcap -t} so that their packets interleave. Analyzed in parallel, or as partials merged, the report equals
 * one analysis of the files merged by timestamp field for field, frame and stream numbers included: the timelines
 * number the interleaved frames as the merged capture numbers them. And the merge is associative.
 */
class CapturePointsTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));

    /** java-basic, kcat and kafkajs, the last two moved to start within java-basic's 3.6 s (a, b, c). */
    private static List<Path> interleaved(Path dir) throws Exception {
        Path a = CAPTURES.resolve("java-basic.pcap");
        Path b = dir.resolve("b.pcap");
        Path c = dir.resolve("c.pcap");
        editcap("-t", "-106", CAPTURES.resolve("kcat.pcap"), b);
        editcap("-t", "-125.5", CAPTURES.resolve("kafkajs.pcap"), c);
        return List.of(a, b, c);
    }

    @Test
    void interleavedCapturePointsMergeExactly(@TempDir Path dir) throws Exception {
        List<Path> files = interleaved(dir);
        JsonNode one = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json"), List.of(), files)).json();
        CliRun jobs = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "3", "--split", "always"), List.of(), files));
        assertEquals(0, jobs.exit(), jobs.err());
        assertEquals(RotatedCapturesTest.withoutFiles(one), RotatedCapturesTest.withoutFiles(jobs.json()),
                "--jobs 3 gives the report of one analysis, frame numbers included");
        // the slices are merged in time order, whatever order the files were given in: kafkajs's moved copy (c) starts
        // 40 ms before kcat's (b)
        assertEquals(List.of(files.get(0).toString(), files.get(2).toString(), files.get(1).toString()),
                java.util.stream.StreamSupport.stream(jobs.json().get("capture").get("files").spliterator(), false)
                        .map(JsonNode::asText).toList());
        assertEquals("", jobs.err(), "no connection crosses a file, none is named");
        // the frames do interleave: the slowest exchange of kcat.pcap is not where it is in kcat.pcap alone
        JsonNode kcat = CliRun.of("analyze", "-q", "--format", "json", files.get(1).toString()).json();
        assertNotEquals(kcat.get("slowest").get(0).get("request_frame"), one.get("slowest").get(0).get("request_frame"));

        List<String> merge = new ArrayList<>(List.of("merge", "--format", "json"));
        for (int i = 0; i < files.size(); i++) {
            Path p = dir.resolve("p" + i + ".json");
            assertEquals(0, CliRun.of("analyze", "-q", "--partial", "-o", p.toString(), files.get(i).toString()).exit());
            ReportSchema.assertValidPartial(Files.readString(p));
            merge.add(p.toString());
        }
        assertEquals(RotatedCapturesTest.withoutFiles(one), RotatedCapturesTest.withoutFiles(CliRun.of(merge.toArray(String[]::new)).json()),
                "kwire merge of the partials");
    }

    @Test
    void mergeIsAssociative(@TempDir Path dir) throws Exception {
        List<Path> files = interleaved(dir);
        List<Partial> parts = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Path p = dir.resolve("p" + i + ".json");
            assertEquals(0, CliRun.of("analyze", "-q", "--partial", "-o", p.toString(), files.get(i).toString()).exit());
            parts.add(PartialCodec.read(Files.newInputStream(p)));
        }
        Partial left = PartialMerge.merge(PartialMerge.merge(parts.get(0), parts.get(1)), parts.get(2));
        Partial right = PartialMerge.merge(parts.get(0), PartialMerge.merge(parts.get(1), parts.get(2)));
        assertEquals(PartialCodec.toJson(left), PartialCodec.toJson(right));
        Partial roundTrip = PartialCodec.fromJson(PartialCodec.toJson(left));
        assertEquals(PartialCodec.toJson(left), PartialCodec.toJson(roundTrip), "written and read back unchanged");
        ReportSchema.assertValidPartial(PartialCodec.toJson(left));
        Path merged = dir.resolve("merged.json");
        assertEquals(0, CliRun.of("merge", "--partial", "-o", merged.toString(), dir.resolve("p0.json").toString(),
                dir.resolve("p1.json").toString()).exit());
        JsonNode viaMergedPartial = CliRun.of("merge", "--format", "json", merged.toString(), dir.resolve("p2.json").toString()).json();
        JsonNode one = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json"), List.of(), files)).json();
        assertEquals(RotatedCapturesTest.withoutFiles(one), RotatedCapturesTest.withoutFiles(viaMergedPartial),
                "a merged partial merges further");
        assertTrue(Files.size(merged) > 0);
    }

    @Test
    void mergeRefusesWhatItCannotMergeInOneLine(@TempDir Path dir) throws Exception {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        assertEquals(0, CliRun.of("analyze", "-q", "--partial", "-o", a.toString(), CAPTURES.resolve("kcat.pcap").toString()).exit());
        assertEquals(0, CliRun.of("analyze", "-q", "--partial", "--port", "9093", "-o", b.toString(),
                CAPTURES.resolve("kafkajs.pcap").toString()).exit());
        CliRun different = CliRun.of("merge", a.toString(), b.toString());
        assertEquals(ExitCodes.INPUT, different.exit());
        assertTrue(different.err().startsWith("kwire: " + b + ": cannot be merged with the partials before it: partials made "
                + "with different analysis options"), different.err());
        assertEquals(1, different.err().lines().count());
        CliRun report = CliRun.of("merge", CAPTURES.resolve("kcat.pcap").toString());
        assertEquals(ExitCodes.INPUT, report.exit());
        assertTrue(report.err().contains("not a kwire partial"), report.err());
        assertEquals(ExitCodes.USAGE, CliRun.of("merge").exit());
        assertEquals(ExitCodes.USAGE, CliRun.of("analyze", "--jobs", "2", "-").exit());
        assertEquals(ExitCodes.USAGE, CliRun.of("analyze", "--jobs", "2", "--format", "ndjson").exit());
        CliRun text = CliRun.of("merge", "--format", "text", a.toString());
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().startsWith("Summary"), text.out());
    }

    private static void editcap(String option, String value, Path in, Path out) throws Exception {
        Process p = new ProcessBuilder("editcap", option, value, in.toString(), out.toString()).inheritIO().start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "editcap (Debian: wireshark-common)");
    }
}
