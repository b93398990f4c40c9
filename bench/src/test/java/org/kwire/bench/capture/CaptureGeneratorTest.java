package org.kwire.bench.capture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.bench.Analysis;
import org.kwire.plan.PlanCache;
import org.kwire.report.ApiStats;
import org.kwire.report.PartitionStats;
import org.kwire.report.RecordStats;
import org.kwire.report.Report;
import org.kwire.schema.SchemaRegistry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A small generated capture analyzes cleanly: every request answered, no warning, every CRC valid, all codecs. */
class CaptureGeneratorTest {

    private static final PlanCache PLANS = new PlanCache(SchemaRegistry.bundled());
    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));

    private static Path generate(Path out, long seed) throws Exception {
        List<SourceTraffic.Conversation> sources = SourceTraffic.read(
                MakeCapture.SOURCES.stream().map(CAPTURES::resolve).toList(), PLANS);
        CaptureGenerator.Result r = CaptureGenerator.write(out, sources, PLANS, new CaptureGenerator.Settings(8 << 20, seed, 8, 1448, List.of()));
        assertEquals(Files.size(out), r.bytes());
        assertTrue(r.bytes() >= 8 << 20 && r.bytes() < 24 << 20, "size " + r.bytes());
        return out;
    }

    @Test
    void everyRequestIsAnsweredAndEveryBatchValid(@TempDir Path dir) throws Exception {
        Report report = Analysis.report(generate(dir.resolve("a.pcap"), 7), PLANS);
        assertEquals(List.of(), report.warnings());
        assertEquals(0, report.responsesWithoutRequest());
        for (ApiStats api : report.apis()) {
            assertEquals(api.requests(), api.responses(), api.name());
            assertEquals(0, api.unmatchedRequests() + api.unmatchedResponses(), api.name());
        }
        assertEquals(0, report.partitions().stream().mapToLong(PartitionStats::crcInvalid).sum());
        Set<String> codecs = new TreeSet<>();
        report.partitions().stream().flatMap(p -> Stream.of(p.produce(), p.fetch())).filter(s -> s != null)
                .map(RecordStats::codecs).forEach(c -> codecs.addAll(c.keySet()));
        assertEquals(Set.of("none", "gzip", "snappy", "lz4", "zstd"), codecs);
    }

    @Test
    void sameSeedSameBytes(@TempDir Path dir) throws Exception {
        assertArrayEquals(Files.readAllBytes(generate(dir.resolve("a.pcap"), 3)),
                Files.readAllBytes(generate(dir.resolve("b.pcap"), 3)));
    }
}
