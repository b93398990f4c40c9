package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.text.Units;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's {@code end_to_end} (issue 22, item 4) on a real broker captured with tcpdump on loopback. A producer
 * with {@code linger.ms} of a minute sends {@value #ROUNDS} rounds, each some records to every partition and a
 * {@code flush()}: one batch per partition and round, whose base offset its callbacks give (the truth of what was
 * produced). A consumer group polls all along; a second group then reads everything again (later fetches of the
 * same batches, which must not count); a last batch goes out when no consumer is left (never delivered); records
 * produced before the capture are fetched but their produce is not seen (ignored). Every figure is checked against
 * the same pairing computed from the capture by {@link WireDeliveries} (Kafka's own classes decode the bodies): the
 * counts, each latency histogram's count, extremes and percentiles, the CreateTime view, the metric, the text line;
 * and one analysis against {@code --jobs 2 --split always} and the merge of per-file partials.
 */
class EndToEndTest {

    private static final String ORDERS = "e2e-orders";
    private static final String AUDIT = "e2e-audit";
    private static final int ROUNDS = 10;
    private static final int HISTORY = 4;
    private static final List<String> PARTITIONS = List.of(ORDERS + "/0", ORDERS + "/1", AUDIT + "/0");

    /**
     * The shared real cluster run (3 brokers, one killed and restarted; README of the capture): follower fetches
     * deliver each batch to the followers before any consumer fetches it, and must not count; the consumers read
     * every acknowledged record, so every batch produced is delivered.
     */
    @Test
    void theSharedClusterRun() throws Exception {
        JsonNode e2e = SharedCluster.report().get("end_to_end");
        WireDeliveries wire = WireDeliveries.read(SharedCluster.CAPTURE, Set.of(9292, 9293, 9294, 9299));
        Set<String> ids = new TreeSet<>();
        wire.produced.keySet().forEach(k -> ids.add(k.substring(0, k.indexOf('/'))));
        assertEquals(1, ids.size(), "one topic produced to");
        String topic = SharedCluster.clientSummary().get("topic").asText();
        Map<String, WireDeliveries.Topic> truth = wire.outcomes(Map.of(ids.iterator().next(), topic));
        System.out.println(e2e.toPrettyString());
        assertEquals(List.of(topic), topics(e2e));
        assertEquals(truth.get(topic).produced(), truth.get(topic).delivered(), "every batch produced was consumed");
        WireDeliveries.assertReported(truth, e2e);
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void eachBatchFromItsProduceResponseToItsFirstConsumerFetch(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        Path capture = dir.resolve("e2e.pcap");
        Map<String, Long> batches = new TreeMap<>(); // topic/partition/base offset -> records, from the callbacks
        // topic/partition/offset of each record the first group's consumer got
        Set<String> received = new ConcurrentSkipListSet<>();
        Map<String, String> names = new TreeMap<>(); // topic id -> name, from the Admin client
        String last;
        int port;
        try (KafkaClusterTestKit cluster = TestBroker.startForGroups(dir.resolve("kafka"))) {
            String bootstrap = cluster.bootstrapServers();
            port = TestBroker.port(cluster);
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                admin.createTopics(List.of(new NewTopic(ORDERS, 2, (short) 1), new NewTopic(AUDIT, 1, (short) 1))).all().get();
                admin.describeTopics(List.of(ORDERS, AUDIT)).allTopicNames().get()
                        .forEach((name, d) -> names.put(d.topicId().toString(), name));
            }
            try (KafkaProducer<String, String> producer = producer(bootstrap)) {
                for (int i = 0; i < HISTORY; i++) {
                    send(producer, ORDERS + "/0", 1, new TreeMap<>());
                }
                Tcpdump t = Tcpdump.start(port, capture);
                try {
                    CountDownLatch assigned = new CountDownLatch(1);
                    CompletableFuture<Void> reader = CompletableFuture.runAsync(() ->
                            read(bootstrap, "e2e-readers", HISTORY + records(), received, assigned));
                    assertTrue(assigned.await(60, TimeUnit.SECONDS), "the group's consumer got its partitions");
                    for (int r = 0; r < ROUNDS; r++) {
                        for (String tp : PARTITIONS) {
                            send(producer, tp, r % 3 + 1, batches);
                        }
                        Thread.sleep(30);
                    }
                    reader.get(60, TimeUnit.SECONDS);
                    read(bootstrap, "e2e-late", HISTORY + records(), new TreeSet<>(), new CountDownLatch(1));
                    last = send(producer, AUDIT + "/0", 2, batches);
                } finally {
                    assertEquals(0, t.stop(), "kernel drops");
                }
            }
        }
        assertEquals(PARTITIONS.size() * ROUNDS + 1, batches.size(), "one batch per partition and round, and the last");
        for (String b : batches.keySet()) {
            assertEquals(!b.equals(last), received.contains(b), b + ": the first group's consumer got its first record");
        }

        JsonNode report = CliRun.of("analyze", "-q", "--format", "json", "--port", String.valueOf(port),
                capture.toString()).json();
        WireDeliveries wire = WireDeliveries.read(capture, Set.of(port));
        Set<String> producedOnTheWire = new TreeSet<>();
        wire.produced.keySet().forEach(k -> producedOnTheWire.add(named(k, names)));
        assertEquals(batches.keySet(), producedOnTheWire, "the Produce responses' base offsets: the callbacks' batches");
        Map<String, WireDeliveries.Topic> truth = wire.outcomes(names);
        assertEquals(List.of((long) ROUNDS + 1, (long) ROUNDS, 2L * ROUNDS, 2L * ROUNDS),
                List.of(truth.get(AUDIT).produced(), truth.get(AUDIT).delivered(), truth.get(ORDERS).produced(),
                        truth.get(ORDERS).delivered()));
        JsonNode e2e = report.get("end_to_end");
        System.out.println(e2e.toPrettyString());
        assertEquals(List.of(AUDIT, ORDERS), topics(e2e));
        WireDeliveries.assertReported(truth, e2e);
        truth.values().forEach(t -> assertEquals(t.delivered(), (long) t.fromFirst().size(), "one clock: all measured"));
        metrics(capture, port, truth, dir);
        surfaces(capture, port, truth, dir);
        SameReport.assertSameSplit(report, Splits.split(capture, 40, dir.resolve("split")),
                List.of("--port", String.valueOf(port)), dir);
    }

    /** {@code --metrics-file}: the histogram's count, sum and each bucket, from the same latencies. */
    private static void metrics(Path capture, int port, Map<String, WireDeliveries.Topic> truth, Path dir) throws Exception {
        Path file = dir.resolve("e2e.prom");
        CliRun run = CliRun.of("analyze", "-q", "--port", String.valueOf(port), "--metrics-file", file.toString(), "-o",
                dir.resolve("e2e.json").toString(), capture.toString());
        assertEquals(0, run.exit(), run.err());
        String text = Files.readString(file);
        Promtool.check(text, "check", "metrics");
        Map<String, Double> m = Exposition.parse(text);
        for (String topic : List.of(ORDERS, AUDIT)) {
            List<Long> latency = truth.get(topic).latency();
            String series = "kwire_end_to_end_latency_seconds";
            assertEquals((double) latency.size(), m.get(series + "_count{topic=\"" + topic + "\"}"), topic);
            double sum = 0;
            for (long us : latency) {
                sum += us / 1e6;
            }
            assertEquals(sum, m.get(series + "_sum{topic=\"" + topic + "\"}"), 1e-9, topic);
            for (double le : new double[] {0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1}) {
                long under = latency.stream().filter(us -> us / 1e6 <= le).count();
                assertEquals((double) under, m.get(series + "_bucket{topic=\"" + topic + "\",le=\"" + le + "\"}"),
                        topic + " le " + le);
            }
        }
    }

    /**
     * The text summary's {@code End-to-end} line (the slowest topic at p99 first) and the page's table, from the same
     * truth; the page of the report {@link #metrics} wrote.
     */
    private static void surfaces(Path capture, int port, Map<String, WireDeliveries.Topic> truth, Path dir) throws Exception {
        CliRun text = CliRun.of("analyze", "--format", "text", "--port", String.valueOf(port), capture.toString());
        assertEquals(0, text.exit(), text.err());
        List<String> worst = new ArrayList<>(truth.keySet());
        worst.sort(java.util.Comparator.comparingLong((String t) -> -p99(truth.get(t))).thenComparing(t -> t));
        WireDeliveries.Topic first = truth.get(worst.get(0));
        WireDeliveries.Topic second = truth.get(worst.get(1));
        long before = first.beforeResponse() + second.beforeResponse();
        assertEquals("Produce to first consumer fetch, p99: " + worst.get(0) + " " + Units.duration(p99(first)) + " ("
                + first.delivered() + " batches), " + worst.get(1) + " " + Units.duration(p99(second)) + " ("
                + second.delivered() + "); 1 batch never fetched in the capture" + (before == 0 ? ""
                : "; " + before + " fetched before " + (before == 1 ? "its" : "their") + " Produce response (0 ms)"),
                entry(text.out(), "End-to-end"));
        org.jsoup.nodes.Document page = ReportPages.parse(ReportPages.page(dir.resolve("e2e.json")));
        List<List<String>> rows = new ArrayList<>();
        for (String topic : List.of(AUDIT, ORDERS)) {
            WireDeliveries.Topic t = truth.get(topic);
            rows.add(List.of(topic, "" + t.produced(), "" + t.delivered(), "" + (t.produced() - t.delivered()), "0",
                    "" + t.beforeResponse(), Units.ms(Long.parseLong(WireDeliveries.summary(t.latency()).split(" ")[2]))));
        }
        assertEquals(rows, ReportPages.cells(page, "table-end-to-end").stream().map(r -> r.subList(0, 7)).toList());
    }

    private static long p99(WireDeliveries.Topic t) {
        return Long.parseLong(WireDeliveries.summary(t.latency()).split(" ")[4]);
    }

    /** A summary entry's text, its wrapped lines joined. */
    static String entry(String text, String label) {
        StringBuilder b = new StringBuilder();
        boolean in = false;
        for (String line : text.split("\n")) {
            if (line.startsWith("  " + label + " ") || line.startsWith("! " + label + " ")) {
                b.append(line.substring(18));
                in = true;
            } else if (in && line.startsWith(" ".repeat(18))) {
                b.append(' ').append(line.substring(18));
            } else if (in) {
                break;
            }
        }
        return b.toString();
    }

    private static List<String> topics(JsonNode e2e) {
        List<String> out = new ArrayList<>();
        e2e.get("topics").forEach(t -> out.add(t.get("topic").asText()));
        return out;
    }

    /** A {@link WireDeliveries} key with its topic id named. */
    private static String named(String key, Map<String, String> names) {
        int slash = key.indexOf('/');
        return names.getOrDefault(key.substring(0, slash), key.substring(0, slash)) + key.substring(slash);
    }

    /** Records the producer sends after the history: rounds of 1, 2 or 3 records per partition. */
    private static int records() {
        int n = 0;
        for (int r = 0; r < ROUNDS; r++) {
            n += (r % 3 + 1) * PARTITIONS.size();
        }
        return n;
    }

    /**
     * Sends {@code n} records to one partition and flushes: one batch (linger.ms holds them until the flush); its key
     * {@code topic/partition/base offset} and records go into {@code batches}.
     */
    private static String send(KafkaProducer<String, String> p, String tp, int n, Map<String, Long> batches) throws Exception {
        String topic = tp.substring(0, tp.indexOf('/'));
        int partition = Integer.parseInt(tp.substring(tp.indexOf('/') + 1));
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sent.add(p.send(new ProducerRecord<>(topic, partition, "k" + i, "value " + i)));
        }
        p.flush();
        long base = Long.MAX_VALUE;
        for (Future<RecordMetadata> f : sent) {
            base = Math.min(base, f.get().offset());
        }
        String key = tp + "/" + base;
        batches.put(key, (long) n);
        return key;
    }

    /** A consumer of {@code group} reads both topics from the start until it got {@code total} records. */
    private static void read(String bootstrap, String group, int total, Set<String> offsets, CountDownLatch assigned) {
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                "group.id", group, "client.id", group, "auto.offset.reset", "earliest",
                "key.deserializer", StringDeserializer.class.getName(),
                "value.deserializer", StringDeserializer.class.getName()))) {
            c.subscribe(List.of(ORDERS, AUDIT));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            int read = 0;
            while (read < total && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(100))) {
                    offsets.add(r.topic() + "/" + r.partition() + "/" + r.offset());
                    read++;
                }
                if (!c.assignment().isEmpty()) {
                    assigned.countDown();
                }
            }
            assertEquals(total, read, group + " read every record");
        }
    }

    private static KafkaProducer<String, String> producer(String bootstrap) {
        return new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap, "client.id", "e2e-producer",
                "linger.ms", "60000", "batch.size", "1048576", "key.serializer", StringSerializer.class.getName(),
                "value.serializer", StringSerializer.class.getName()));
    }
}
