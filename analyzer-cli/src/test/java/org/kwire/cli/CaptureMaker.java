package org.kwire.cli;

import com.sun.net.httpserver.HttpServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Makes the captures of {@code test-captures/} that the shared capture set lacks, from real clients on loopback,
 * recorded by {@code tcpdump -i lo}: {@code transactions.pcap} (a transactional kafka-clients producer against a real
 * Kafka broker started in-process: a committed and an aborted transaction, offsets sent to the first; a
 * read_committed consumer that receives the COMMIT and ABORT markers), {@code schema-registry.pcap} (the
 * {@link FramedWorkload}: Schema Registry framing in keys, values and headers) and {@code http-only.pcap} (the JDK's HTTP
 * server and client: a capture without Kafka). Not a test: it runs only when asked, as root, with
 * {@code mvn -pl analyzer-cli -am verify -Dtest=CaptureMaker -Dsurefire.failIfNoSpecifiedTests=false
 * -Dkwire.makeCaptures=DIR}; the files land in DIR.
 */
@EnabledIfSystemProperty(named = "kwire.makeCaptures", matches = ".+")
class CaptureMaker {

    /** Topic of the transactions. */
    static final String TOPIC = "kwire-txn";
    /** The producer's transactional.id. */
    static final String TRANSACTIONAL_ID = "kwire-txn-producer-1";
    /** Group whose offsets the first transaction commits. */
    static final String GROUP = "kwire-txn-group";

    private final Path out = Path.of(System.getProperty("kwire.makeCaptures", "."));

    @Test
    void transactions(@TempDir Path dir) throws Exception {
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"), Map.of(
                "transaction.state.log.replication.factor", "1", "transaction.state.log.min.isr", "1",
                "offsets.topic.replication.factor", "1"))) {
            String bootstrap = cluster.bootstrapServers();
            int port = TestBroker.port(cluster);
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
            }
            Process tcpdump = tcpdump(port, out.resolve("transactions.pcap"));
            try {
                transact(bootstrap);
                assertEquals(3, consumeCommitted(bootstrap), "the committed transaction's records");
                Thread.sleep(1000);
            } finally {
                stop(tcpdump);
            }
        }
    }

    @Test
    void schemaRegistry(@TempDir Path dir) throws Exception {
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"), Map.of())) {
            FramedWorkload.createTopic(cluster.bootstrapServers());
            Process tcpdump = tcpdump(TestBroker.port(cluster), out.resolve("schema-registry.pcap"));
            try {
                FramedWorkload.run(cluster.bootstrapServers());
                Thread.sleep(1000);
            } finally {
                stop(tcpdump);
            }
        }
    }

    @Test
    void httpOnly() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = "{\"status\":\"ok\"}\n".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        int port = server.getAddress().getPort();
        Process tcpdump = tcpdump(port, out.resolve("http-only.pcap"));
        try {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            for (String path : List.of("/health", "/metrics")) {
                HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                        .build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, r.statusCode());
            }
            Thread.sleep(500);
        } finally {
            stop(tcpdump);
            server.stop(0);
        }
    }

    private static void transact(String bootstrap) {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.CLIENT_ID_CONFIG, "kwire-txn-producer", ProducerConfig.TRANSACTIONAL_ID_CONFIG, TRANSACTIONAL_ID,
                ProducerConfig.LINGER_MS_CONFIG, 0);
        try (KafkaProducer<String, String> p = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            p.initTransactions();
            p.beginTransaction();
            for (int i = 0; i < 3; i++) {
                p.send(new ProducerRecord<>(TOPIC, "key-" + i, "committed-" + i));
            }
            p.sendOffsetsToTransaction(Map.of(new TopicPartition(TOPIC, 0), new OffsetAndMetadata(42)),
                    new ConsumerGroupMetadata(GROUP));
            p.commitTransaction();
            p.beginTransaction();
            for (int i = 0; i < 2; i++) {
                p.send(new ProducerRecord<>(TOPIC, "key-" + i, "aborted-" + i));
            }
            p.flush();
            p.abortTransaction();
        }
    }

    private static int consumeCommitted(String bootstrap) {
        Map<String, Object> config = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.CLIENT_ID_CONFIG, "kwire-txn-reader", ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        int n = 0;
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            TopicPartition tp = new TopicPartition(TOPIC, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (System.nanoTime() < deadline && c.position(tp) < 7) { // 3 + COMMIT + 2 + ABORT: offsets 0..6
                n += c.poll(Duration.ofMillis(200)).count();
            }
        }
        return n;
    }

    /** {@code tcpdump -i lo -s 0 -U -w FILE tcp port PORT}, once it listens. */
    private static Process tcpdump(int port, Path file) throws IOException, InterruptedException {
        Files.createDirectories(file.getParent());
        Process p = new ProcessBuilder("tcpdump", "-i", "lo", "-s", "0", "-U", "-w", file.toString(), "tcp", "port",
                String.valueOf(port)).redirectErrorStream(true).start();
        String line = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8)).readLine(); // "tcpdump: listening on lo, ..."
        if (line == null || !line.contains("listening")) {
            throw new IOException("tcpdump did not start: " + line);
        }
        return p;
    }

    private static void stop(Process tcpdump) throws InterruptedException {
        tcpdump.destroy(); // SIGTERM: tcpdump flushes and closes the file
        tcpdump.waitFor(10, TimeUnit.SECONDS);
    }
}
