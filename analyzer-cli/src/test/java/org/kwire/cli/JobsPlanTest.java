package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How many runs {@code analyze --jobs N} splits its files into ({@link FileGroups#slices}): only as many as pay
 * (a run per 256 MiB and per two processors) unless {@code --split always}; fewer than two: one analysis, whose report
 * is the same. The two paths tell apart by {@code capture.files}: one analysis lists the files in the order given, the
 * split path in time order.
 */
class JobsPlanTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));
    private static final long MIB = 1L << 20;

    @Test
    void runsOnlyWherePaid() {
        // tcpdump -C 1 of a busy broker: 45 files, 40 MB, on two processors and on 32: one analysis
        assertEquals(1, FileGroups.slices(2, 45, 40 * MIB, 2, false));
        assertEquals(1, FileGroups.slices(8, 45, 40 * MIB, 32, false));
        // 532 MB in 4 files: one analysis on 2 processors (it keeps about two busy), 2 runs on 4 or more
        assertEquals(1, FileGroups.slices(2, 4, 532 * MIB, 2, false));
        assertEquals(2, FileGroups.slices(2, 4, 532 * MIB, 4, false));
        assertEquals(2, FileGroups.slices(8, 4, 532 * MIB, 32, false));
        // 4 GiB in 40 files on 16 processors: --jobs 4 gets 4 runs, --jobs 16 gets 8 (two processors each)
        assertEquals(4, FileGroups.slices(4, 40, 4096 * MIB, 16, false));
        assertEquals(8, FileGroups.slices(16, 40, 4096 * MIB, 16, false));
        // one processor: never split
        assertEquals(1, FileGroups.slices(4, 40, 4096 * MIB, 1, false));
        // always: N runs, no more than the files
        assertEquals(2, FileGroups.slices(2, 45, 40 * MIB, 1, true));
        assertEquals(3, FileGroups.slices(5, 3, 1, 1, true));
    }

    @Test
    void smallFilesAreAnalyzedAsOneUnlessSplitAlways(@TempDir Path dir) throws Exception {
        List<Path> files = Splits.split(CAPTURES.resolve("java-basic.pcap"), 25, dir.resolve("split"));
        List<Path> reversed = new ArrayList<>(files);
        Collections.reverse(reversed);
        JsonNode one = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json"), List.of(), reversed)).json();
        JsonNode auto = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2"), List.of(),
                reversed)).json();
        JsonNode split = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split",
                "always"), List.of(), reversed)).json();
        assertEquals(one, auto, "--jobs 2 on 14 small files is one analysis, files listed as given");
        assertEquals(reversed.get(0).toString(), auto.at("/capture/files/0").asText());
        assertEquals(files.get(0).toString(), split.at("/capture/files/0").asText(), "split: files in time order");
        assertEquals(RotatedCapturesTest.withoutFiles(one), RotatedCapturesTest.withoutFiles(split));
    }

    @Test
    void splitIsCheckedOnEveryMachine() {
        String capture = CAPTURES.resolve("java-basic.pcap").toString();
        CliRun bad = CliRun.of("analyze", "--jobs", "2", "--split", "sometimes", capture);
        assertEquals(ExitCodes.USAGE, bad.exit());
        assertEquals("kwire: --split sometimes: auto or always", bad.err().strip());
        CliRun alone = CliRun.of("analyze", "--split", "always", capture);
        assertEquals(ExitCodes.USAGE, alone.exit());
        assertEquals("kwire: --split goes with --jobs", alone.err().strip());
        CliRun ignored = CliRun.of("analyze", "--boundary-bytes", "64", capture);
        assertEquals(ExitCodes.USAGE, ignored.exit());
        assertEquals("kwire: --boundary-bytes goes with --partial or --jobs", ignored.err().strip());
        // what --jobs refuses, it refuses whether or not the files would be split
        assertEquals(ExitCodes.USAGE, CliRun.of("analyze", "--jobs", "2", "--format", "ndjson", capture).exit());
        assertTrue(CliRun.of("analyze", "--jobs", "2", "--metrics-file", "m.prom", capture).err()
                .contains("--metrics-file does not go with --jobs or --partial"));
    }
}
