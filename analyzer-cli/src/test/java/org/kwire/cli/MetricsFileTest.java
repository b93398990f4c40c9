package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire analyze --metrics-file}: the metrics of a saved capture, in the node_exporter textfile format, with
 * exact values, adding up to the report, and clean for {@code promtool check metrics}.
 */
class MetricsFileTest {

    private static Map<String, Double> metrics(Path dir, String capture, String... extra) throws Exception {
        Path file = dir.resolve(capture + ".prom");
        Path report = dir.resolve(capture + ".json");
        String[] args = new String[] {"analyze", "-q", "--workers", "0", TestCaptures.path(capture).toString(),
                "--metrics-file", file.toString(), "-o", report.toString()};
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.Arrays.stream(extra))
                .toArray(String[]::new);
        CliRun run = CliRun.of(all);
        assertEquals(0, run.exit(), run.err());
        String text = Files.readString(file);
        Promtool.check(text, "check", "metrics");
        assertTrue(!text.contains("_created"), "no _created series in a textfile");
        return Exposition.parse(text);
    }

    @Test
    void javaBasicExactValues(@TempDir Path dir) throws Exception {
        Map<String, Double> m = metrics(dir, "java-basic.pcap");
        assertEquals(340.0, m.get("kwire_capture_packets_total"));
        assertEquals(0.0, m.get("kwire_capture_dropped_packets_total{by=\"kernel\"}"));
        assertEquals(2.0, m.get("kwire_requests_total{api=\"Produce\",broker=\"127.0.0.1:9092\","
                + "client_id=\"basic-producer-gzip\",version=\"13\"}"));
        assertEquals(10.0, Exposition.sum(m, "kwire_requests_total", "api", "Produce"));
        assertEquals(17.0, Exposition.sum(m, "kwire_requests_total", "api", "ApiVersions"));
        assertEquals(73.0, Exposition.sum(m, "kwire_requests_total", null, null));
        assertEquals(73.0, Exposition.sum(m, "kwire_responses_total", null, null));
        assertEquals(9329.0, m.get("kwire_request_bytes_total{api=\"Produce\"}"));
        assertEquals(10.0, m.get("kwire_request_latency_seconds_count{api=\"Produce\"}"));
        assertEquals(2.0, m.get("kwire_request_latency_seconds_count{api=\"Fetch\"}"), "3 responses, one a long-poll");
        assertEquals(1.0, m.get("kwire_long_polls_total{api=\"Fetch\"}"));
        assertEquals(3.0, metrics(dir, "java-basic.pcap", "--include-long-polls")
                .get("kwire_request_latency_seconds_count{api=\"Fetch\"}"), "with --include-long-polls, as the report");
        assertEquals(1.0, m.get("kwire_errors_total{api=\"JoinGroup\",error=\"MEMBER_ID_REQUIRED\"}"));
        assertEquals(50.0, m.get("kwire_produced_records_total{topic=\"basic-alpha\"}"));
        assertEquals(4268.0, m.get("kwire_produced_bytes_total{topic=\"basic-alpha\"}"));
        assertEquals(50.0, m.get("kwire_fetched_records_total{topic=\"basic-beta\"}"));
        assertEquals(4253.0, m.get("kwire_fetched_bytes_total{topic=\"basic-beta\"}"));
        assertEquals(73.0, m.get("kwire_frames_total{direction=\"request\"}"));
        assertEquals(0.0, m.get("kwire_malformed_frames_total"));
        assertEquals(17.0, m.get("kwire_connections_total{protocol=\"kafka\"}"));
        assertEquals(0.0, m.get("kwire_open_connections{protocol=\"kafka\"}"), "every connection ended");
    }

    /** acks0-producer.pcap: 10 Produce requests with acks=0 that the broker never answers; none is unmatched. */
    @Test
    void producesWithAcksZeroAreNoResponseExpectedNotUnmatched(@TempDir Path dir) throws Exception {
        Map<String, Double> m = metrics(dir, "acks0-producer.pcap");
        assertEquals(10.0, m.get("kwire_no_response_expected_requests_total{api=\"Produce\"}"));
        assertEquals(0.0, Exposition.sum(m, "kwire_unmatched_requests_total", null, null));
    }

    @Test
    void theMetricsAddUpToTheReport(@TempDir Path dir) throws Exception {
        for (String capture : new String[] {"java-basic.pcap", "java-basic-drop3.pcap", "kcat.pcap", "kafkajs.pcap",
                "acks0-producer.pcap"}) {
            Map<String, Double> m = metrics(dir, capture);
            JsonNode report = new ObjectMapper().readTree(dir.resolve(capture + ".json").toFile());
            for (JsonNode api : report.get("apis")) {
                String name = api.get("name").asText();
                assertEquals(api.get("requests").asDouble(), Exposition.sum(m, "kwire_requests_total", "api", name), capture + " " + name);
                assertEquals(api.get("responses").asDouble(), Exposition.sum(m, "kwire_responses_total", "api", name), capture + " " + name);
                assertEquals(api.get("unmatched_requests").asDouble(), Exposition.sum(m, "kwire_unmatched_requests_total", "api", name),
                        capture + " " + name);
                assertEquals(api.get("no_response_expected").asDouble(),
                        Exposition.sum(m, "kwire_no_response_expected_requests_total", "api", name), capture + " " + name);
                assertEquals(api.get("unmatched_responses").asDouble(),
                        Exposition.sum(m, "kwire_unmatched_responses_total", "api", name), capture + " " + name);
                assertEquals(api.get("long_polls").asDouble(), Exposition.sum(m, "kwire_long_polls_total", "api", name),
                        capture + " " + name);
                assertEquals(api.path("latency_us").path("count").asDouble(0),
                        m.getOrDefault("kwire_request_latency_seconds_count{api=\"" + name + "\"}", 0.0), capture + " " + name);
                long errors = 0;
                for (JsonNode e : api.get("errors")) {
                    errors += e.get("count").asLong();
                }
                assertEquals(errors, Exposition.sum(m, "kwire_errors_total", "api", name), capture + " " + name);
            }
            JsonNode cap = report.get("capture");
            assertEquals(cap.get("packets").asDouble(), m.get("kwire_capture_packets_total"), capture);
            assertEquals(cap.get("frames").asDouble(), Exposition.sum(m, "kwire_frames_total", null, null), capture);
            assertEquals(cap.get("malformed_frames").asDouble(), m.get("kwire_malformed_frames_total"), capture);
            assertEquals(cap.get("incomplete_frames").asDouble(), m.get("kwire_incomplete_frames_total"), capture);
            assertEquals(cap.get("kafka_connections").asDouble(), m.get("kwire_connections_total{protocol=\"kafka\"}"), capture);
            long produced = 0;
            for (JsonNode t : report.get("topics")) {
                produced += t.get("produced_records").asLong();
            }
            assertEquals(produced, Exposition.sum(m, "kwire_produced_records_total", null, null), capture);
        }
    }

    /**
     * The metrics of groups, lag, throttling and replication (issue 22, item 7) are the report's sections, series for
     * series ({@link ReportMetrics}), on the captures that have them: consumer groups of five clients (classic,
     * KIP-848 share), a transactional consumer, and the KRaft controller's metadata log fetchers. java-basic's values
     * exactly: its classic group's one rebalance, caused by the member joining, 133.37 ms long; its six partitions
     * committed at lag 0 and first fetched 15 to 19 records behind their high watermarks.
     */
    @Test
    void groupLagAndReplicationMetricsAreTheReportsSections(@TempDir Path dir) throws Exception {
        long lags = 0;
        long rebalances = 0;
        long replication = 0;
        for (String capture : new String[] {"java-basic.pcap", "java-basic-any.pcap", "kafkajs.pcap", "kcat.pcap",
                "old-client-0.10.2.2.pcap", "share-group.pcap", "transactions.pcap", "cluster-controller.pcap"}) {
            Map<String, Double> m = metrics(dir, capture, "--port", capture.startsWith("cluster") ? "9299" : "9092");
            ReportMetrics.assertSameAsReport(m, new ObjectMapper().readTree(dir.resolve(capture + ".json").toFile()), capture);
            lags += m.keySet().stream().filter(k -> k.startsWith("kwire_consumer_lag_records{")).count();
            rebalances += (long) Exposition.sum(m, "kwire_rebalances_total", null, null);
            replication += m.keySet().stream().filter(k -> k.startsWith("kwire_replication_lag_records{")).count();
        }
        assertEquals(List.of(41L, 7L, 3L), List.of(lags, rebalances, replication), "series compared");
        Map<String, Double> m = metrics(dir, "java-basic.pcap");
        assertEquals(Map.of("basic-group member_joined", 1.0), ReportMetrics.series(m, "kwire_rebalances_total{", null,
                null, "group", "cause"));
        assertEquals(1.0, m.get("kwire_rebalance_duration_seconds_bucket{group=\"basic-group\",le=\"0.25\"}"));
        assertEquals(0.0, m.get("kwire_rebalance_duration_seconds_bucket{group=\"basic-group\",le=\"0.1\"}"));
        assertEquals(0.13337, m.get("kwire_rebalance_duration_seconds_sum{group=\"basic-group\"}"), 1e-9);
        Map<String, Double> committed = ReportMetrics.series(m, "kwire_consumer_lag_records{", "kind", "committed",
                "group", "topic", "partition");
        assertEquals(6, committed.size());
        assertEquals(0.0, committed.values().stream().mapToDouble(Double::doubleValue).sum());
        assertEquals(Map.of("basic-consumer basic-group basic-alpha 0", 19.0, "basic-consumer basic-group basic-alpha 1", 15.0,
                "basic-consumer basic-group basic-alpha 2", 16.0, "basic-consumer basic-group basic-beta 0", 18.0,
                "basic-consumer basic-group basic-beta 1", 17.0, "basic-consumer basic-group basic-beta 2", 15.0),
                ReportMetrics.series(m, "kwire_consumer_lag_records{", "kind", "fetch", "client_id", "group", "topic",
                        "partition"));
    }

    @Test
    void clientIdsBeyondTheLimitCountUnderOther(@TempDir Path dir) throws Exception {
        Map<String, Double> m = metrics(dir, "java-basic.pcap", "--metrics-clients", "2");
        assertEquals(73.0, Exposition.sum(m, "kwire_requests_total", null, null), "nothing lost, only grouped");
        long clients = m.keySet().stream().filter(k -> k.startsWith("kwire_requests_total"))
                .map(k -> Exposition.labels(k).get("client_id")).distinct().count();
        assertEquals(3, clients, "two client_ids of their own and other");
        assertTrue(Exposition.sum(m, "kwire_requests_total", "client_id", "other") > 0);
    }

    @Test
    void anUnwritableMetricsFileIsAnInputError() {
        CliRun run = CliRun.of("analyze", "-q", TestCaptures.path("kcat.pcap").toString(), "--metrics-file", "/nonexistent/dir/m.prom");
        assertEquals(3, run.exit());
        assertTrue(run.err().startsWith("kwire: cannot write /nonexistent/dir/m.prom: "), run.err());
    }
}
