package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The live acceptance test: a real Kafka 4.4.0 broker (single KRaft node, in-process) and real kafka-clients producer
 * and consumer talk on loopback while {@code kwire live -i lo --port <broker port>} captures; the final report counts
 * their requests, and the pcapng it saved analyzes to the same counts. Skipped, with the reason, only where this
 * process may not capture packets.
 */
class LiveKafkaTest {

    private static final String TOPIC = "kwire-live";
    private static final int RECORDS = 20;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void liveCaptureOfARealBrokerCountsItsClientsRequests(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1).setNumBrokerNodes(1)
                .setBaseDirectory(dir.resolve("kafka")).build();
        try (KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(nodes).build()) {
            QuietStdout.run(cluster::format); // Kafka's Formatter prints the bootstrap metadata to stdout
            cluster.startup();
            cluster.waitForReadyBrokers();
            String bootstrap = cluster.bootstrapServers();
            int port = Integer.parseInt(bootstrap.replaceAll(".*:", ""));
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
            }

            Path saved = dir.resolve("live.pcapng");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            LiveCommand live = new LiveCommand();
            AtomicInteger exit = new AtomicInteger(-1);
            Thread capture = new Thread(() -> {
                try {
                    exit.set(live.run(new String[] {"-i", "lo", "--port", String.valueOf(port), "--duration", "90",
                            "--report-interval", "1", "-w", saved.toString()},
                            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
                } catch (CliException e) {
                    new PrintStream(err, true, StandardCharsets.UTF_8).println("kwire: " + e.getMessage());
                    exit.set(e.exitCode());
                }
            }, "kwire-live");
            capture.start();
            assertTrue(live.awaitCapturing(30, TimeUnit.SECONDS), err.toString(StandardCharsets.UTF_8));

            produce(bootstrap);
            int consumed = consume(bootstrap);
            Thread.sleep(1500); // the connections' FINs, and at least one interval report
            live.stop();
            capture.join(30_000);
            assertEquals(RECORDS, consumed);
            assertEquals(0, exit.get(), err.toString(StandardCharsets.UTF_8));

            ReportSchema.assertValid(out.toString(StandardCharsets.UTF_8));
            JsonNode report = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
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

            String[] lines = err.toString(StandardCharsets.UTF_8).split("\n");
            assertTrue(lines[0].startsWith("kwire: capturing on lo (filter: tcp port " + port + ")"), lines[0]);
            assertTrue(lines.length >= 2 && lines[1].startsWith("{\"report_version\":1,"), "interval reports on stderr");
            ReportSchema.assertValid(lines[1]);

            CliRun offline = CliRun.of("analyze", "--port", String.valueOf(port), saved.toString());
            assertEquals(0, offline.exit(), offline.err());
            assertEquals(report.get("apis"), offline.json().get("apis"), "the saved pcapng analyzes as the live capture did");
            assertEquals(cap.get("packets"), offline.json().get("capture").get("packets"));
        }
    }

    private static JsonNode api(JsonNode report, int key) {
        for (JsonNode a : report.get("apis")) {
            if (a.get("api_key").asInt() == key) {
                return a;
            }
        }
        throw new AssertionError("no api " + key + " in " + report.get("apis"));
    }

    private static void produce(String bootstrap) throws Exception {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.CLIENT_ID_CONFIG, "kwire-live-producer", ProducerConfig.LINGER_MS_CONFIG, 0);
        try (KafkaProducer<String, String> p = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < RECORDS; i++) {
                p.send(new ProducerRecord<>(TOPIC, "key-" + i, "value-" + i)).get();
            }
        }
    }

    private static int consume(String bootstrap) {
        Map<String, Object> config = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.CLIENT_ID_CONFIG, "kwire-live-consumer");
        int n = 0;
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            TopicPartition tp = new TopicPartition(TOPIC, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (n < RECORDS && System.nanoTime() < deadline) {
                ConsumerRecords<String, String> records = c.poll(Duration.ofMillis(200));
                n += records.count();
            }
        }
        return n;
    }
}
