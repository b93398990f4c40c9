package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.MetricsData;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import io.opentelemetry.proto.metrics.v1.ResourceMetrics;
import io.opentelemetry.proto.metrics.v1.ScopeMetrics;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Client telemetry on a real broker (KIP-714), captured with tcpdump on loopback: the broker's metrics reporter is
 * {@link RecordingTelemetryReporter}; a client metrics subscription (Admin, a CLIENT_METRICS resource) asks for the
 * producer metrics named {@value #PREFIX}* every {@value #INTERVAL_MS} ms; a kafka-clients producer
 * ({@code enable.metrics.push} is on by default) sends records until the reporter has {@code pushes} of its pushes, then
 * closes (kafka-clients 4.4's producer sends no terminating push when it closes: its close does not ask its telemetry
 * reporter for one, and the captures show none). What the reporter received is turned into the shape of the report's
 * {@code client_telemetry.clients[].metrics} ({@link #expectedMetrics}): the truth kwire's report must equal.
 */
final class TelemetryTraffic {

    static final String PREFIX = "org.apache.kafka.producer.record.";
    static final int INTERVAL_MS = 500;
    static final String CLIENT_ID = "kwire-telemetry-producer";
    static final String TOPIC = "kwire-telemetry";
    private static final ObjectMapper JSON = new ObjectMapper();

    private TelemetryTraffic() {
    }

    /** What one run gives: the broker's port and the pushes its reporter received from the producer. */
    record Run(int port, List<RecordingTelemetryReporter.Push> pushes) {
    }

    /** Runs the traffic under {@code dir}, captured into {@code capture}. */
    static Run record(Path dir, Path capture, int pushes) throws Exception {
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"),
                Map.of("metric.reporters", RecordingTelemetryReporter.class.getName()))) {
            String bootstrap = cluster.bootstrapServers();
            int port = TestBroker.port(cluster);
            try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", bootstrap, "enable.metrics.push", false))) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
                admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.CLIENT_METRICS, "kwire-producers"),
                        List.of(new AlterConfigOp(new ConfigEntry("metrics", PREFIX), AlterConfigOp.OpType.SET),
                                new AlterConfigOp(new ConfigEntry("interval.ms", Integer.toString(INTERVAL_MS)),
                                        AlterConfigOp.OpType.SET)))).all().get();
            }
            RecordingTelemetryReporter.clear();
            Tcpdump t = Tcpdump.start(port, capture);
            try {
                produce(bootstrap, pushes);
            } finally {
                t.stop();
            }
            return new Run(port, ours());
        }
    }

    private static List<RecordingTelemetryReporter.Push> ours() {
        return RecordingTelemetryReporter.PUSHES.stream().filter(p -> CLIENT_ID.equals(p.clientId())).toList();
    }

    private static void produce(String bootstrap, int pushes) throws Exception {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.CLIENT_ID_CONFIG, CLIENT_ID, ProducerConfig.LINGER_MS_CONFIG, 0);
        KafkaProducer<String, String> p = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
        try {
            long deadline = System.nanoTime() + 60_000_000_000L;
            for (int i = 0; ours().size() < pushes; i++) {
                assertTrue(System.nanoTime() < deadline, "the producer pushed " + pushes + " times within a minute");
                p.send(new ProducerRecord<>(TOPIC, "key-" + i, "value-" + i)).get();
                Thread.sleep(100);
            }
        } finally {
            p.close(java.time.Duration.ofSeconds(10));
        }
    }

    /**
     * The pushes' metrics as the report's {@code metrics} array shows them: by name, each with the latest point (by
     * time_unix_nano; of equal times the later push) of each set of attributes, and the points pushed.
     */
    static JsonNode expectedMetrics(List<RecordingTelemetryReporter.Push> pushes) throws Exception {
        Map<String, ObjectNode> metrics = new TreeMap<>();
        Map<String, Map<String, ObjectNode>> points = new TreeMap<>();
        for (RecordingTelemetryReporter.Push push : pushes) {
            MetricsData data = MetricsData.parseFrom(push.metricsData());
            for (ResourceMetrics r : data.getResourceMetricsList()) {
                for (ScopeMetrics s : r.getScopeMetricsList()) {
                    for (Metric m : s.getMetricsList()) {
                        List<NumberDataPoint> dps = m.hasGauge() ? m.getGauge().getDataPointsList() : m.getSum().getDataPointsList();
                        assertTrue(m.hasGauge() || m.hasSum(), m.getName() + ": the Java client pushes gauges and sums");
                        ObjectNode metric = JSON.createObjectNode().put("name", m.getName())
                                .put("type", m.hasGauge() ? "gauge" : "sum").put("unit", m.getUnit());
                        metrics.put(m.getName(), metric);
                        for (NumberDataPoint dp : dps) {
                            point(points.computeIfAbsent(m.getName(), k -> new TreeMap<>()), dp);
                        }
                    }
                }
            }
        }
        ArrayNode out = JSON.createArrayNode();
        metrics.forEach((name, m) -> {
            ArrayNode ps = m.putArray("points");
            points.get(name).values().forEach(ps::add);
            out.add(m);
        });
        return JSON.readTree(out.toString()); // numbers as a parsed report has them (3 an int, not a long)
    }

    private static void point(Map<String, ObjectNode> series, NumberDataPoint dp) {
        ObjectNode attributes = JSON.createObjectNode();
        new TreeMap<>(dp.getAttributesList().stream().collect(java.util.stream.Collectors.toMap(KeyValue::getKey,
                kv -> text(kv.getValue())))).forEach(attributes::put);
        String key = attributes.toString();
        ObjectNode old = series.get(key);
        long pushed = old == null ? 1 : old.get("points_pushed").asLong() + 1;
        if (old != null && old.get("time_unix_nano").asLong() > dp.getTimeUnixNano()) {
            old.put("points_pushed", pushed);
            return;
        }
        double v = dp.hasAsDouble() ? dp.getAsDouble() : dp.getAsInt();
        ObjectNode p = JSON.createObjectNode();
        p.set("attributes", attributes);
        if (Double.isFinite(v)) {
            p.put("value", v);
        } else {
            p.putNull("value");
        }
        p.putNull("count").putNull("sum").put("time_unix_nano", dp.getTimeUnixNano())
                .put("time", java.time.Instant.ofEpochSecond(0, dp.getTimeUnixNano()).toString()).put("points_pushed", pushed);
        series.put(key, p);
    }

    private static String text(AnyValue v) {
        return switch (v.getValueCase()) {
            case STRING_VALUE -> v.getStringValue();
            case INT_VALUE -> Long.toString(v.getIntValue());
            case DOUBLE_VALUE -> Double.toString(v.getDoubleValue());
            case BOOL_VALUE -> Boolean.toString(v.getBoolValue());
            default -> throw new AssertionError("attribute of kind " + v.getValueCase());
        };
    }

    /** The report's client_telemetry as JSON. */
    static JsonNode section(JsonNode report) {
        return report.get("client_telemetry");
    }
}
