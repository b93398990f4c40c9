package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The live acceptance test: a real Kafka 4.4.0 broker (single KRaft node, in-process) and real kafka-clients producer
 * and consumer talk on loopback while {@code kwire live -i lo --port <broker port>} captures; the final report counts
 * their requests, and the pcapng files it saved (a new one every second) analyze together to the same counts. A real
 * Prometheus server scrapes kwire's {@code --metrics} endpoint meanwhile: its request counts per API, queried through
 * its HTTP API, equal the report's, and so does the consumer's fetch lag it scraped ({@code kwire_consumer_lag_records},
 * the report's {@code consumer_lag}); the exposition passes {@code promtool check metrics}. Skipped, with the reason,
 * only where this process may not capture packets.
 */
class LiveKafkaTest {

    private static final String TOPIC = "kwire-live";
    private static final int RECORDS = 20;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void liveCaptureOfARealBrokerCountsItsClientsRequests(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"), Map.of())) {
            String bootstrap = cluster.bootstrapServers();
            int port = TestBroker.port(cluster);
            TopicClients.createTopic(bootstrap, TOPIC);

            Path saves = Files.createDirectory(dir.resolve("saved"));
            Path saved = saves.resolve("live.pcapng");
            LiveRun live = LiveRun.start("-i", "lo", "--port", String.valueOf(port), "--duration", "90",
                    "--report-interval", "1", "-w", saved.toString(), "--ring-duration", "1", "--ring-files", "1000",
                    "--metrics", "127.0.0.1:0");
            String metricsUrl = "http://127.0.0.1:" + live.metricsPort() + "/metrics";
            Map<String, Double> scraped;
            Map<String, Double> scrapedLag;
            try (PrometheusServer prometheus = PrometheusServer.start(live.metricsPort(), Files.createDirectory(dir.resolve("prometheus")))) {
                TopicClients.produce(bootstrap, TOPIC, "kwire-live-producer", RECORDS);
                assertEquals(RECORDS, TopicClients.consume(bootstrap, TOPIC, "kwire-live-consumer", RECORDS));
                Thread.sleep(1500); // at least one interval report
                try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                    admin.describeCluster().clusterId().get(); // traffic over a second after the first: a second ring file
                }
                // the clients are closed: wait until kwire has seen every connection end and every request frame is
                // in an exchange (a request still pending when its connection closes counts when the connection
                // ends), and its counts stay the same for half a second (packets reach the analysis in blocks)
                String exposition = httpGet(metricsUrl, "text/plain");
                for (long end = System.nanoTime() + 20_000_000_000L; System.nanoTime() < end; ) {
                    Thread.sleep(500);
                    String again = httpGet(metricsUrl, "text/plain");
                    boolean same = requestsByApi(Exposition.parse(again)).equals(requestsByApi(Exposition.parse(exposition)));
                    exposition = again;
                    if (same && settled(exposition)) {
                        break;
                    }
                }
                Promtool.check(exposition, "check", "metrics");
                Map<String, Double> own = requestsByApi(Exposition.parse(exposition));
                scraped = awaitScraped(prometheus, "sum by (api) (kwire_requests_total)", "api", own);
                Map<String, Double> ownLag = ReportMetrics.series(Exposition.parse(exposition), "kwire_consumer_lag_records{",
                        "kind", "fetch", "client_id");
                assertEquals(List.of("kwire-live-consumer"), List.copyOf(ownLag.keySet()), "fetch lag of the group-less consumer");
                scrapedLag = awaitScraped(prometheus, "kwire_consumer_lag_records{kind=\"fetch\",topic=\"" + TOPIC
                        + "\",partition=\"0\",group=\"\"}", "client_id", ownLag);
                assertTrue(httpGet(metricsUrl, PROTOBUF).length() > 0, "the protobuf format (native histograms) is served");
            }
            CliRun ended = live.stop();
            assertEquals(0, ended.exit(), ended.err());

            ReportSchema.assertValid(ended.out());
            JsonNode report = new ObjectMapper().readTree(ended.out());
            JsonNode cap = report.get("capture");
            int connections = cap.get("kafka_connections").asInt();
            assertTrue(connections >= 4, "producer and consumer each open a bootstrap and a broker connection: " + connections);
            assertEquals(connections, cap.get("tcp_connections").asInt());
            assertEquals(connections, api(report, 18).get("requests").asInt(), "one ApiVersions per connection");
            assertTrue(api(report, 0).get("requests").asInt() > 0, "Produce");
            assertEquals(api(report, 0).get("requests").asInt(), api(report, 0).get("responses").asInt());
            assertTrue(api(report, 1).get("requests").asInt() > 0, "Fetch");
            assertTrue(api(report, 2).get("requests").asInt() > 0, "ListOffsets (seekToBeginning)");
            assertTrue(api(report, 3).get("requests").asInt() >= 2, "Metadata");
            assertEquals(0, cap.get("malformed_frames").asInt());
            assertEquals(0, report.get("responses_without_request").asInt());
            assertEquals("lo (live)", cap.get("files").get(0).asText());
            assertTrue(report.get("connections").toString().contains("\"kwire-live-producer\""), report.get("connections").toString());
            assertTrue(report.get("connections").toString().contains("\"kwire-live-consumer\""), report.get("connections").toString());

            Map<String, Double> reported = new TreeMap<>();
            report.get("apis").forEach(a -> reported.put(a.get("name").asText(), a.get("requests").asDouble()));
            assertEquals(reported, scraped, "Prometheus's kwire_requests_total by API = the report's requests");
            JsonNode fetchLag = report.get("consumer_lag").get("fetch");
            assertEquals(1, fetchLag.size(), fetchLag.toString());
            assertEquals(Map.of("kwire-live-consumer", fetchLag.get(0).get("last").asDouble()), scrapedLag,
                    "Prometheus's kwire_consumer_lag_records{kind=\"fetch\"} = the report's consumer_lag fetch last");

            String[] lines = ended.err().split("\n");
            assertTrue(lines[0].startsWith("kwire: serving metrics on http://127.0.0.1:"), lines[0]);
            assertTrue(lines[1].startsWith("kwire: capturing on lo (filter: tcp port " + port + ")"), lines[1]);
            assertTrue(lines.length >= 3 && lines[2].startsWith("{\"type\":\"interval\",\"time\":\""), "interval lines on stderr");
            JsonNode last = null;
            for (String line : lines) {
                if (line.startsWith("{\"type\":\"interval\"")) {
                    last = new ObjectMapper().readTree(line);
                    assertTrue(line.length() < 4000, "an interval line stays short: " + line.length());
                }
            }
            assertTrue(last.get("packets").asLong() <= cap.get("packets").asLong(), last.toString());
            assertTrue(last.get("requests").asLong() <= report.get("apis").findValues("requests").stream().mapToLong(JsonNode::asLong).sum());
            assertEquals(List.of("type", "time", "packets", "kafka_connections", "frames", "requests", "responses",
                    "unmatched_requests", "error_responses", "warnings", "apis"), fieldNames(last));
            assertTrue(lines[lines.length - 1].matches("kwire: " + cap.get("packets").asInt() + " packets captured on lo, 0 dropped "
                    + "by the kernel, 0 by the interface; 0 not analyzed \\(0 connections shed\\); analysis queue peak \\d+ MiB"),
                    lines[lines.length - 1]);

            List<String> files;
            try (Stream<Path> s = Files.list(saves)) {
                files = s.map(Path::toString).sorted().toList();
            }
            assertTrue(files.size() >= 2 && files.stream().allMatch(f -> f.matches(".*/live_\\d{5}_\\d{14}\\.pcapng")), files.toString());
            List<String> args = new ArrayList<>(List.of("analyze", "--port", String.valueOf(port)));
            args.addAll(files);
            CliRun offline = CliRun.of(args.toArray(String[]::new));
            assertEquals(0, offline.exit(), offline.err());
            assertEquals(report.get("apis"), offline.json().get("apis"), "the saved pcapng analyzes as the live capture did");
            assertEquals(cap.get("packets"), offline.json().get("capture").get("packets"));
        }
    }

    private static final String PROTOBUF = "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;"
            + "encoding=delimited";

    private static String httpGet(String url, String accept) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).header("Accept", accept)
                .build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.ISO_8859_1));
        assertEquals(200, r.statusCode());
        return r.body();
    }

    /** kwire_requests_total summed by API. */
    private static Map<String, Double> requestsByApi(Map<String, Double> samples) {
        Map<String, Double> byApi = new TreeMap<>();
        samples.forEach((series, v) -> {
            if (series.startsWith("kwire_requests_total{")) {
                byApi.merge(Exposition.labels(series).get("api"), v, Double::sum);
            }
        });
        return byApi;
    }

    /**
     * Waits until Prometheus's answer to {@code promql}, by {@code label}, is {@code expected} (kwire's own values);
     * returns what it has.
     */
    private static Map<String, Double> awaitScraped(PrometheusServer prometheus, String promql, String label,
                                                    Map<String, Double> expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        Map<String, Double> scraped = Map.of();
        while (System.nanoTime() < deadline) {
            scraped = prometheus.query(promql, label);
            if (scraped.equals(expected)) {
                return scraped;
            }
            Thread.sleep(500);
        }
        assertEquals(expected, scraped, "Prometheus did not scrape kwire's " + promql + " in 30 s");
        return scraped;
    }

    private static JsonNode api(JsonNode report, int key) {
        for (JsonNode a : report.get("apis")) {
            if (a.get("api_key").asInt() == key) {
                return a;
            }
        }
        throw new AssertionError("no api " + key + " in " + report.get("apis"));
    }

    /** No Kafka connection open, and as many requests counted in exchanges as request frames seen. */
    private static boolean settled(String exposition) {
        Map<String, Double> m = Exposition.parse(exposition);
        return m.getOrDefault("kwire_open_connections{protocol=\"kafka\"}", 0.0) == 0
                && m.getOrDefault("kwire_frames_total{direction=\"request\"}", 0.0)
                == Exposition.sum(m, "kwire_requests_total", null, null);
    }

    private static List<String> fieldNames(JsonNode n) {
        List<String> names = new ArrayList<>();
        n.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
