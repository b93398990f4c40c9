package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code test-captures/client-telemetry.pcap} (a kafka-clients 4.4.0 producer pushing its record metrics to a real
 * broker, README): the report's {@code client_telemetry} equals what the broker's reporter received in the same run
 * ({@code client-telemetry.reporter.json}, {@link TelemetryCaptureMaker}), field for field; the subscription is the
 * one on the wire; the merge of partials of the capture cut in pieces is the same section; the text report and the
 * dissection show it.
 */
class ClientTelemetryCaptureTest {

    private static final Path CAPTURE = TestCaptures.path("client-telemetry.pcap");

    private static JsonNode truth() throws Exception {
        return new ObjectMapper().readTree(TestCaptures.path("client-telemetry.reporter.json").toFile());
    }

    @Test
    void theReportSaysWhatTheBrokersReporterReceived() throws Exception {
        JsonNode truth = truth();
        JsonNode report = CliRun.of("analyze", "-q", "--format", "json", CAPTURE.toString()).json();
        ReportSchema.assertValid(report.toString());
        JsonNode section = report.get("client_telemetry");
        assertEquals(1, section.get("clients").size());
        JsonNode c = section.get("clients").get(0);
        for (String field : List.of("client_id", "client_instance_id", "pushes", "terminating_push_seen")) {
            assertEquals(truth.get(field), c.get(field), field);
        }
        assertEquals("127.0.0.1", c.get("address").asText());
        assertEquals("apache-kafka-java", c.get("software_name").asText());
        assertEquals("4.4.0", c.get("software_version").asText());
        assertEquals("2026-12-02T12:03:55.819252Z", c.get("last_push").asText());
        assertEquals(0, c.get("payload_problems").asLong());
        assertEquals(List.of(), SameReport.differences(truth.get("metrics"), c.get("metrics")),
                "metrics: the reporter's (pointer: reporter -> report)");
        assertEquals(10, c.get("metrics").size());
        JsonNode s = c.get("subscription");
        assertEquals(truth.get("push_interval_ms"), s.get("push_interval_ms"));
        assertEquals(253839266, s.get("subscription_id").asInt());
        assertEquals(List.of(TelemetryTraffic.PREFIX), ClientTelemetryLiveTest.texts(s.get("requested_metrics")));
        assertEquals(List.of("zstd", "lz4", "gzip", "snappy"), ClientTelemetryLiveTest.texts(s.get("accepted_compression_types")));
        assertEquals(1_048_576, s.get("telemetry_max_bytes").asInt());
        assertTrue(s.get("delta_temporality").asBoolean());
        assertEquals(0, s.get("error_code").asInt());
        assertEquals(0, section.get("pushes_left_out").asLong());
        assertEquals(0, section.get("points_left_out").asLong());
    }

    @Test
    void partialsOfPiecesMergeToTheSameSection(@TempDir Path dir) throws Exception {
        JsonNode whole = CliRun.of("analyze", "-q", "--format", "json", CAPTURE.toString()).json().get("client_telemetry");
        List<Path> pieces = Splits.split(CAPTURE, 25, dir.resolve("pieces"));
        assertTrue(pieces.size() >= 3, "pieces: " + pieces);
        List<String> merge = new ArrayList<>(List.of("merge", "--format", "json"));
        for (int i = 0; i < pieces.size(); i++) {
            Path p = dir.resolve("p" + i + ".json");
            assertEquals(0, CliRun.of("analyze", "-q", "--partial", "-o", p.toString(), pieces.get(i).toString()).exit());
            ReportSchema.assertValidPartial(Files.readString(p));
            merge.add(p.toString());
        }
        assertEquals(List.of(), SameReport.differences(whole, CliRun.of(merge.toArray(String[]::new)).json().get("client_telemetry")),
                "kwire merge of the pieces' partials");
        JsonNode jobs = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split", "always"),
                List.of(), pieces)).json().get("client_telemetry");
        assertEquals(List.of(), SameReport.differences(whole, jobs), "--jobs 2 --split always");
    }

    @Test
    void theTextReportAndTheDissectionShowIt() throws Exception {
        String text = CliRun.of("analyze", "-q", "--format", "text", CAPTURE.toString()).out();
        String block = text.substring(text.indexOf("Client telemetry\n"));
        assertTrue(block.contains("kwire-telemetry-producer (instance pynUqMvtTwSJC21MtnrDbA, 127.0.0.1, apache-kafka-java 4.4.0): 3"),
                block);
        assertTrue(block.contains("org.apache.kafka.producer.record.send.total      sum    5\n"), block);
        assertTrue(block.contains("org.apache.kafka.producer.record.queue.time.max  gauge  114\n"), block);

        String tree = CliRun.of("dissect", "--api", "PushTelemetry", CAPTURE.toString()).out();
        assertEquals(3, count(tree, "MetricsData                 otlp             = 10 metrics, 10 data points (zstd, "), tree);
        assertTrue(tree.contains("= \"org.apache.kafka.producer.record.send.total\" 1 data point"), tree);
    }

    @Test
    void theMetricsFileReExportsTheLatestValues(@TempDir Path dir) throws Exception {
        JsonNode truth = truth();
        Path file = dir.resolve("m.prom");
        CliRun run = CliRun.of("analyze", "-q", "--workers", "0", CAPTURE.toString(), "--metrics-file", file.toString(),
                "-o", dir.resolve("r.json").toString());
        assertEquals(0, run.exit(), run.err());
        java.util.Map<String, Double> m = Exposition.parse(Files.readString(file));
        java.util.Map<String, Double> expected = new java.util.TreeMap<>();
        for (JsonNode metric : truth.get("metrics")) {
            JsonNode v = metric.get("points").get(0).get("value");
            assertTrue(metric.get("points").get(0).get("attributes").isEmpty());
            expected.put("kwire_client_telemetry{attributes=\"\",client_id=\"" + truth.get("client_id").asText()
                    + "\",client_instance_id=\"" + truth.get("client_instance_id").asText() + "\",metric=\""
                    + metric.get("name").asText() + "\"}", v.asDouble());
        }
        java.util.Map<String, Double> got = new java.util.TreeMap<>();
        m.forEach((k, v) -> {
            if (k.startsWith("kwire_client_telemetry{")) {
                got.put(k, v);
            }
        });
        assertEquals(10, expected.size());
        assertEquals(expected, got);

        Path page = dir.resolve("page.html");
        assertEquals(0, CliRun.of("report", dir.resolve("r.json").toString(), "-o", page.toString()).exit());
        String html = Files.readString(page);
        assertTrue(html.contains("<section id=\"client-telemetry\">"), "the page's Client telemetry section");
        String table = html.substring(html.indexOf("table-telemetry-metrics"));
        assertEquals(10, count(table.substring(0, table.indexOf("</table>")), "<tr") - 1, "a row per series");
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
