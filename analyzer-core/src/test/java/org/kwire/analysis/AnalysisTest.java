package org.kwire.analysis;

import org.junit.jupiter.api.Test;
import org.kwire.json.ReportJson;
import org.kwire.partial.Partial;
import org.kwire.partial.PartialMerge;
import org.kwire.pcap.CaptureFiles;
import org.kwire.report.Report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The analysis as a library (docs/LIBRARY.md, "The analysis as a library: analyzer-core"): a config into the report of
 * a capture file and its JSON; slices into partials, merged into the report of one analysis.
 */
class AnalysisTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));

    @Test
    void aCaptureFileIntoItsReportAndJson() throws IOException {
        Path capture = CAPTURES.resolve("java-basic.pcap");
        List<String> warnings = new ArrayList<>();
        // docs/LIBRARY.md's example
        AnalysisConfig config = AnalysisConfig.builder()
                .ports(9092)                                   // the brokers' TCP ports
                .top(20)                                       // the report lists the 20 slowest exchanges
                .build();
        Analysis analysis = Analysis.of(config);               // reads the schemas it names, checks its settings
        Report report = analysis.report(List.of(capture), warnings::add);
        String json = ReportJson.toString(report);             // docs/report.schema.json, as kwire analyze writes it

        assertEquals(340, report.capture().packets());
        assertEquals(List.of(), warnings);
        assertTrue(json.startsWith("{\n  \"report_version\" : " + Report.VERSION + ",\n  \"capture\" : {"), json);
        assertEquals(20, report.slowest().size());
    }

    @Test
    void aSliceIsTheAnalysisOfItsFilesAndMergedSlicesTheAnalysisOfAll() throws IOException {
        Analysis analysis = Analysis.of(AnalysisConfig.defaults());
        Path capture = CAPTURES.resolve("java-basic.pcap");
        Partial slice = analysis.slice(capture.toString(), () -> CaptureFiles.open(capture), Files.size(capture));
        assertEquals(Map.of(), slice.analysis(), "no option given");
        assertEquals(ReportJson.toString(analysis.report(List.of(capture), w -> { })),
                ReportJson.toString(analysis.report(slice, w -> { })));

        ByteArrayOutputStream events = new ByteArrayOutputStream();
        analysis.slice("java-basic.pcap", () -> CaptureFiles.open(capture), Files.size(capture), events);
        assertEquals(73, events.toString(StandardCharsets.UTF_8).lines().count(), "an NDJSON event per exchange");

        Path even = CAPTURES.resolve("java-basic-split-even.pcap");
        Path odd = CAPTURES.resolve("java-basic-split-odd.pcap");
        Partial merged = PartialMerge.mergeAll(List.of(
                analysis.slice(even.toString(), () -> CaptureFiles.open(even), Files.size(even)),
                analysis.slice(odd.toString(), () -> CaptureFiles.open(odd), Files.size(odd))));
        Report halves = analysis.report(merged, w -> { });
        assertEquals(340, halves.capture().packets());
        assertEquals(analysis.report(List.of(capture), w -> { }).apis(), halves.apis(), "every exchange, as one analysis");
    }

    @Test
    void aPartialCarriesItsConfigsIdentity() throws IOException {
        AnalysisConfig config = AnalysisConfig.builder().ports(9092, 9093).maxFrameSize(1 << 20).topics("basic-alpha").build();
        Path capture = CAPTURES.resolve("java-basic.pcap");
        Partial p = Analysis.of(config).slice("java-basic.pcap", () -> CaptureFiles.open(capture), Files.size(capture));
        assertEquals(Map.of("port", "9092,9093", "max-frame-size", "1048576", "topic", "basic-alpha"), p.analysis());
        assertEquals(config.identity(), AnalysisConfig.fromIdentity(p.analysis()).identity());
    }

    /** A merge needs the key logs its partials name only where it joins a TLS connection across files. */
    @Test
    void aPartialOfAKeyLogGoneIsStillReported() throws IOException {
        Path capture = CAPTURES.resolve("java-basic.pcap");
        Partial p = Analysis.of(AnalysisConfig.defaults()).slice("java-basic.pcap", () -> CaptureFiles.open(capture),
                Files.size(capture));
        Map<String, String> elsewhere = Map.of("tls-keylog", CAPTURES.resolve("no-such.keys").toString());
        Partial made = new Partial(p.kwirePartial(), elsewhere, p.slices(), p.census(), p.report());
        assertEquals(340, Analysis.of(AnalysisConfig.fromIdentity(elsewhere)).report(made, w -> { }).capture().packets());
    }

    @Test
    void whatTheConfigNamesIsCheckedWhenTheAnalysisStarts() {
        ConfigException api = assertThrows(ConfigException.class,
                () -> Analysis.of(AnalysisConfig.builder().apis("Produce", "Teleport").build()));
        assertEquals("--api Teleport: unknown API (kwire schema lists them)", api.getMessage());
        ConfigException target = assertThrows(ConfigException.class,
                () -> Analysis.of(AnalysisConfig.builder().targetKafka("0.7").build()));
        assertTrue(target.getMessage().startsWith("--target-kafka 0.7: kwire carries the schemas of Kafka "), target.getMessage());
        Analysis noKeys = assertDoesNotThrow(
                () -> Analysis.of(AnalysisConfig.builder().tlsKeyLog(CAPTURES.resolve("no-such.keys")).build()));
        IOException keys = assertThrows(IOException.class, noKeys::run, "read by each run");
        assertEquals("--tls-keylog " + CAPTURES.resolve("no-such.keys") + ": no such file", keys.getMessage());
        IOException schemas = assertThrows(IOException.class,
                () -> Analysis.of(AnalysisConfig.builder().schemas(CAPTURES.resolve("none")).build()));
        assertEquals("--schemas " + CAPTURES.resolve("none") + ": no such directory", schemas.getMessage());
    }
}
