package org.kwire.examples.netty;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.api.ConnectionListener;
import org.kwire.api.KafkaExchange;
import org.kwire.api.capture.KafkaCapture;
import org.kwire.api.capture.LiveExchanges;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real embedding: {@link KafkaProxy} in front of a real Kafka broker (a single KRaft node started in-process),
 * a real Admin, producer and consumer group (kafka-clients) talking to it only through the proxy, and a real
 * {@code tcpdump -i lo} capturing the clients' side of the proxy meanwhile. The exchanges the proxy's decoders heard
 * are exactly those the capture analyzes to ({@link KafkaCapture}, {@code kwire analyze}'s pipeline): per connection,
 * in order, the same APIs, versions, correlation_ids, client_ids, error codes and sides seen; so are the request and
 * response counts of each API. Every frame the proxy heard decodes without a problem.
 * <p>
 * The clients stay on the proxy because the broker advertises it: {@code advertised.listeners} names the proxy's
 * port, so Metadata responses send the clients back to the proxy, and the proxy rewrites no byte. (A proxy per broker
 * port would do the same for a cluster; one broker needs one.)
 */
class NettyProxyTest {

    private static final String TOPIC = "kwire-proxy";
    private static final int RECORDS = 10;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void theProxysExchangesAreTheCapturesExchanges(@TempDir Path dir) throws Exception {
        AtomicReference<InetSocketAddress> broker = new AtomicReference<>();
        Queue<KafkaExchange> proxied = new ConcurrentLinkedQueue<>();
        Queue<KafkaExchange> heard = new ConcurrentLinkedQueue<>(); // KafkaCapture.live on lo, beside tcpdump
        Queue<String> badFrames = new ConcurrentLinkedQueue<>();
        AtomicInteger frames = new AtomicInteger();
        ConnectionListener listener = ConnectionListener.of(f -> {
            frames.incrementAndGet();
            if (!f.decoded() || !f.problems().isEmpty()) {
                badFrames.add(f.toString());
            }
        }, proxied::add);
        Path pcap = dir.resolve("proxy.pcap");
        try (KafkaProxy proxy = KafkaProxy.start(new InetSocketAddress("127.0.0.1", 0), broker::get, () -> listener)) {
            long kernelDrops;
            long liveDrops;
            try (LoopbackTcpdump tcpdump = LoopbackTcpdump.start(proxy.port(), pcap);
                 LiveExchanges live = KafkaCapture.create().brokerPorts(proxy.port()).live("lo", heard::add);
                 KafkaClusterTestKit cluster = startBroker(dir.resolve("kafka"), proxy.port())) {
                broker.set(new InetSocketAddress("127.0.0.1",
                        Integer.parseInt(cluster.bootstrapServers().replaceAll(".*:", ""))));
                assertEquals(RECORDS, traffic("127.0.0.1:" + proxy.port()));
                for (long end = System.nanoTime() + 30_000_000_000L; proxy.connections() > 0; ) {
                    assertTrue(System.nanoTime() < end, proxy.connections() + " connections still open");
                    Thread.sleep(50);
                }
                kernelDrops = tcpdump.stop();
                live.close(); // every exchange heard live given before it returns
                liveDrops = live.kernelDrops();
            }
            assertEquals(0, kernelDrops, "tcpdump lost no packet");
            assertEquals(0, liveDrops, "the live capture lost no packet");

            List<KafkaExchange> captured = KafkaCapture.create().brokerPorts(proxy.port()).exchanges(pcap);
            assertEquals(byConnection(captured), byConnection(proxied));
            assertEquals(byConnection(captured), byConnection(heard), "KafkaCapture.live heard what the capture holds");
            assertEquals(countsByApi(captured), countsByApi(proxied));

            assertEquals(List.of(), List.copyOf(badFrames));
            assertEquals(proxied.stream().mapToInt(e -> (e.requestSeen() ? 1 : 0) + (e.responseSeen() ? 1 : 0)).sum(),
                    frames.get(), "a frame for each request and each response");
            assertEquals(RECORDS, proxied.stream().filter(e -> e.apiName().equals(Optional.of("Produce"))
                    && e.responseSeen() && e.errorCodes().isEmpty()).count(), "one Produce acknowledged per record");
            assertEquals((long) byConnection(proxied).size(), countsByApi(proxied).get("ApiVersions").get(0),
                    "each connection starts with ApiVersions");
            assertEquals(List.of(1L, 1L), countsByApi(proxied).get("CreateTopics"));
        }
    }

    /**
     * A single combined broker/controller whose client listener is advertised as the proxy's port, with a consumer
     * group's internal topic of one replica and no wait before its first rebalance.
     */
    private static KafkaClusterTestKit startBroker(Path dir, int proxyPort) throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1).setNumBrokerNodes(1)
                .setBaseDirectory(dir).build();
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(nodes)
                .setConfigProp("advertised.listeners", nodes.brokerListenerName().value() + "://127.0.0.1:" + proxyPort)
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0").build();
        PrintStream out = System.out;
        try {
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true)); // the formatter prints its metadata
            cluster.format();
            System.setOut(out);
            cluster.startup();
            cluster.waitForReadyBrokers();
            return cluster;
        } catch (Exception | Error e) {
            System.setOut(out);
            cluster.close();
            throw e;
        }
    }

    /** An Admin creates the topic, a producer sends the records one by one, a consumer group reads them back. */
    private static int traffic(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap, "client.id", "proxy-admin"))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
        }
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap,
                "client.id", "proxy-producer", "acks", "all"), new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < RECORDS; i++) {
                producer.send(new ProducerRecord<>(TOPIC, "key-" + i, "value-" + i)).get();
            }
        }
        int read = 0;
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                "client.id", "proxy-consumer", "group.id", "proxy-group", "auto.offset.reset", "earliest",
                "enable.auto.commit", "false"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            for (long end = System.nanoTime() + 60_000_000_000L; read < RECORDS && System.nanoTime() < end; ) {
                read += consumer.poll(Duration.ofMillis(200)).count();
            }
            consumer.commitSync();
        }
        return read;
    }

    /** Each connection's exchanges in order, as values both sides must agree on (not times or packet numbers). */
    private static Map<String, List<String>> byConnection(Collection<KafkaExchange> exchanges) {
        Map<String, List<String>> by = new TreeMap<>();
        for (KafkaExchange e : exchanges) {
            by.computeIfAbsent(e.client() + " > " + e.broker(), k -> new ArrayList<>()).add(e.apiName().orElse("?")
                    + " v" + e.apiVersion().orElse(-1) + " #" + e.correlationId() + " " + e.clientId().orElse("-") + " errors "
                    + e.errorCodes() + (e.requestSeen() ? " request" : "") + (e.responseSeen() ? " response" : "")
                    + (e.complete() ? "" : " incomplete"));
        }
        return by;
    }

    /** Requests and responses seen, by API. */
    private static Map<String, List<Long>> countsByApi(Collection<KafkaExchange> exchanges) {
        Map<String, List<Long>> counts = new TreeMap<>();
        for (KafkaExchange e : exchanges) {
            List<Long> c = counts.computeIfAbsent(e.apiName().orElse("?"), k -> new ArrayList<>(List.of(0L, 0L)));
            c.set(0, c.get(0) + (e.requestSeen() ? 1 : 0));
            c.set(1, c.get(1) + (e.responseSeen() ? 1 : 0));
        }
        return counts;
    }
}
