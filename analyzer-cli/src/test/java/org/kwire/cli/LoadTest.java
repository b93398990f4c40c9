package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.MeasurableStat;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.Metrics;
import org.apache.kafka.common.metrics.Sensor;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's {@code load} section against Kafka's own view (issue 22, item 6). A producer whose client_id has a
 * {@code producer_byte_rate} quota (set through the Admin client) sends records synchronously to a real broker, so
 * that the broker throttles it, while tcpdump captures loopback. The truth is the producer's own: its NetworkClient
 * records the {@code throttleTimeMs()} of every response it parsed into the sensor {@code produce-throttle-time};
 * this test adds two stats of its own to that sensor (the sum, and the count of values above 0) beside Kafka's
 * {@code produce-throttle-time-max}, and reads the producer's {@code request-total}, {@code response-total},
 * {@code outgoing-byte-total} and {@code incoming-byte-total} (socket bytes, each size prefix included, as kwire
 * counts bytes); the text summary's {@code Throttled} entry names the client and the broker with these figures. The
 * split capture gives the same report through {@code --jobs 2 --split always} and merged partials. Also the shared real cluster capture, whose truth counts each client's requests and responses per API
 * from the clients' NetworkClient DEBUG log. Skipped, with the reason, where this process may not capture packets.
 */
class LoadTest {

    private static final String CLIENT_ID = "kwire-throttled";
    private static final int RECORDS = 8;
    private static final int RECORD_BYTES = 20_000;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void throttledProducerAsItSawItself(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        Path capture = dir.resolve("load.pcap");
        int port;
        Map<String, Double> truth;
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"), Map.of())) {
            String bootstrap = cluster.bootstrapServers();
            port = TestBroker.port(cluster);
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                admin.createTopics(List.of(new NewTopic("load", 1, (short) 1))).all().get();
                admin.alterClientQuotas(List.of(new ClientQuotaAlteration(
                        new ClientQuotaEntity(Map.of(ClientQuotaEntity.CLIENT_ID, CLIENT_ID)),
                        List.of(new ClientQuotaAlteration.Op("producer_byte_rate", 10_000.0))))).all().get();
            }
            Thread.sleep(1000); // the quota reaches the broker through the metadata log
            Tcpdump t = Tcpdump.start(port, capture);
            try {
                truth = produce(bootstrap);
            } finally {
                assertEquals(0, t.stop(), "kernel drops");
            }
        }
        System.out.println("producer's view: " + truth);
        assertTrue(truth.get("throttled") >= 2, "the broker throttled the producer: " + truth);
        Path prom = dir.resolve("load.prom");
        JsonNode report = CliRun.of("analyze", "-q", "--format", "json", "--port", String.valueOf(port),
                capture.toString(), "--metrics-file", prom.toString()).json();
        JsonNode load = report.get("load");
        System.out.println(load.toPrettyString());
        assertEquals(1, load.get("clients").size(), "one client: the producer");
        JsonNode c = load.get("clients").get(0);
        assertEquals(CLIENT_ID, c.get("client_id").asText());
        assertEquals(List.of(truth.get("request-total").longValue(), truth.get("response-total").longValue(),
                        truth.get("outgoing-byte-total").longValue(), truth.get("incoming-byte-total").longValue()),
                List.of(c.get("requests").asLong(), c.get("responses").asLong(), c.get("request_bytes").asLong(),
                        c.get("response_bytes").asLong()), "requests, responses, bytes each way");
        JsonNode throttle = c.get("throttle");
        assertEquals(List.of(truth.get("throttled").longValue(), truth.get("sum").longValue(),
                        truth.get("produce-throttle-time-max").longValue()),
                List.of(throttle.get("throttled").asLong(), throttle.get("throttle_time_ms").asLong(),
                        throttle.get("max_throttle_time_ms").asLong()), "throttled responses, total and max ms");
        // every response of a producer to Kafka 4.4 has ThrottleTimeMs (ApiVersions v3, Metadata, InitProducerId, Produce)
        assertEquals(truth.get("response-total").longValue(), throttle.get("responses").asLong());
        JsonNode produce = api(c, "Produce");
        assertEquals(RECORDS, produce.get("requests").asLong(), "one Produce request per synchronous send");
        assertEquals(truth.get("throttled").longValue(), produce.get("throttle").get("throttled").asLong(),
                "only Produce is throttled by a producer_byte_rate quota");
        assertEquals(truth.get("sum").longValue(), produce.get("throttle").get("throttle_time_ms").asLong());
        assertEquals(0, c.get("error_responses").asLong());
        assertEquals(0.0, c.get("error_rate").asDouble());
        double span = c.get("span_seconds").asDouble();
        assertEquals(c.get("requests").asLong() / span, c.get("request_rate").asDouble(), 1e-9);
        assertEquals(RECORDS / span, produce.get("request_rate").asDouble(), 1e-9);
        assertEquals(List.of(CLIENT_ID), names(load.get("top_talkers")));
        assertEquals(c.get("request_bytes").asLong() + c.get("response_bytes").asLong(),
                load.get("top_talkers").get(0).get("bytes").asLong());
        JsonNode broker = load.get("brokers").get(0);
        assertEquals(1, load.get("brokers").size());
        assertEquals("127.0.0.1:" + port, broker.get("broker").asText());
        assertEquals(throttle, broker.get("throttle"), "the broker's throttling is the producer's");

        // the metrics (issue 22, item 7): the producer's own throttle figures, only Produce throttled
        Map<String, Double> m = Exposition.parse(Files.readString(prom));
        String series = "{api=\"Produce\",broker=\"127.0.0.1:" + port + "\",client_id=\"" + CLIENT_ID + "\"}";
        assertEquals(truth.get("throttled"), m.get("kwire_throttled_responses_total" + series));
        assertEquals(truth.get("sum").longValue(), Math.round(m.get("kwire_throttle_time_seconds_total" + series) * 1000),
                "kwire_throttle_time_seconds_total, ms");
        assertEquals(truth.get("throttled"), Exposition.sum(m, "kwire_throttled_responses_total", null, null));
        ReportMetrics.assertSameAsReport(m, report, "load.pcap");

        // the summary names the client and the broker with the producer's own figures
        String figures = truth.get("throttled").longValue() + " of " + truth.get("response-total").longValue()
                + " responses throttled, " + String.format(java.util.Locale.ROOT, "%,d", truth.get("sum").longValue())
                + " ms in all, max " + String.format(java.util.Locale.ROOT, "%,d",
                truth.get("produce-throttle-time-max").longValue()) + " ms";
        CliRun text = CliRun.of("analyze", "-q", "--format", "text", "--port", String.valueOf(port), capture.toString());
        assertEquals("! " + CLIENT_ID + " (127.0.0.1) " + figures + "; broker 127.0.0.1:" + port + " "
                + figures.replace(" responses throttled,", ",").replace(" in all", ""), text.summaryEntry("Throttled"));

        List<Path> files = Splits.split(capture, 10, dir.resolve("split"));
        assertTrue(files.size() >= 3, files.toString());
        assertEquals(load, SameReport.assertSameSplit(report, files, List.of("--port", String.valueOf(port)), dir)
                .get("load"));
    }

    /**
     * The shared real cluster run: each client's requests and responses per API equal those its NetworkClient DEBUG
     * log counted (truth {@code client_network_log}: the producers, the consumers and the admin client).
     */
    @Test
    void theSharedClusterRunsClientsAsTheirLogsCountThem() throws Exception {
        Assumptions.assumeTrue(Files.exists(SharedCluster.CAPTURE), "skipped: no shared capture " + SharedCluster.CAPTURE);
        JsonNode log = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                Path.of(SharedCluster.CAPTURE + ".truth.json").toFile()).get("client_network_log");
        JsonNode load = CliRun.of("analyze", "-q", "--format", "json", "--port", "9292", "--port", "9293", "--port",
                "9294", "--port", "9299", SharedCluster.CAPTURE.toString()).json().get("load");
        Map<String, Long> sent = new TreeMap<>();
        Map<String, Long> received = new TreeMap<>();
        log.get("requests_sent").properties().forEach(e -> sent.put(kafkaName(e.getKey()), e.getValue().asLong()));
        log.get("responses_received").properties().forEach(e -> received.put(kafkaName(e.getKey()), e.getValue().asLong()));
        assertEquals(37, sent.size());
        Map<String, Long> requests = new TreeMap<>();
        Map<String, Long> responses = new TreeMap<>();
        for (JsonNode c : load.get("clients")) {
            String id = c.get("client_id").asText();
            if (id.startsWith("prod-") || id.startsWith("cons-") || id.equals("cluster-admin")) {
                assertEquals("127.0.0.1", c.get("address").asText());
                for (JsonNode a : c.get("apis")) {
                    requests.put(id + " | " + a.get("api").asText(), a.get("requests").asLong());
                    responses.put(id + " | " + a.get("api").asText(), a.get("responses").asLong());
                }
            }
        }
        assertEquals(sent, requests);
        assertEquals(received, responses);
        assertEquals(List.of(119L, 114L), List.of(sent.get("prod-lz4 | Produce"), sent.get("prod-zstd | Produce")));
    }

    /** The producer's view of its traffic, with the throttle time of every response it parsed. */
    private static Map<String, Double> produce(String bootstrap) throws Exception {
        Map<String, Object> config = Map.of("bootstrap.servers", bootstrap, "client.id", CLIENT_ID, "acks", "1",
                "linger.ms", "0", "metrics.sample.window.ms", "3600000");
        Map<String, Double> out = new TreeMap<>();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            java.lang.reflect.Field f = KafkaProducer.class.getDeclaredField("metrics");
            f.setAccessible(true);
            Metrics metrics = (Metrics) f.get(producer);
            Sensor sensor = metrics.getSensor("produce-throttle-time");
            double[] seen = new double[2]; // sum, values above 0
            sensor.add(metrics.metricName("kwire-test-throttle-sum", "kwire-test"), stat(seen, 0));
            sensor.add(metrics.metricName("kwire-test-throttled", "kwire-test"), stat(seen, 1));
            for (int i = 0; i < RECORDS; i++) {
                producer.send(new ProducerRecord<>("load", new byte[RECORD_BYTES])).get();
            }
            for (Map.Entry<MetricName, ? extends Metric> e : producer.metrics().entrySet()) {
                MetricName n = e.getKey();
                if (n.group().equals("producer-metrics") && List.of("request-total", "response-total",
                        "outgoing-byte-total", "incoming-byte-total", "produce-throttle-time-max").contains(n.name())) {
                    out.put(n.name(), (Double) e.getValue().metricValue());
                }
            }
            out.put("sum", seen[0]);
            out.put("throttled", seen[1]);
        }
        return out;
    }

    /** A stat of the throttle sensor: adds each value (0) or counts the values above 0 (1) into {@code seen}. */
    private static MeasurableStat stat(double[] seen, int which) {
        return new MeasurableStat() {
            @Override
            public void record(MetricConfig config, double value, long timeMs) {
                seen[which] += which == 0 ? value : value > 0 ? 1 : 0;
            }

            @Override
            public double measure(MetricConfig config, long now) {
                return seen[which];
            }
        };
    }

    /** {@code client | API_NAME} of the truth as {@code client | ApiName} (kwire's, Kafka's message names). */
    private static String kafkaName(String key) {
        int bar = key.indexOf(" | ");
        StringBuilder api = new StringBuilder();
        for (String w : key.substring(bar + 3).toLowerCase(java.util.Locale.ROOT).split("_")) {
            api.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1));
        }
        return key.substring(0, bar + 3) + api;
    }

    private static JsonNode api(JsonNode client, String name) {
        for (JsonNode a : client.get("apis")) {
            if (a.get("api").asText().equals(name)) {
                return a;
            }
        }
        throw new AssertionError("no " + name + " in " + client);
    }

    private static List<String> names(JsonNode talkers) {
        List<String> out = new ArrayList<>();
        talkers.forEach(t -> out.add(t.get("client_id").asText()));
        return out;
    }
}
