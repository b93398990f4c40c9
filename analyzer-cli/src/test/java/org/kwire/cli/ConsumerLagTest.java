package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The report's {@code consumer_lag} against Kafka's own view (issue 22, item 3), on a real broker captured with tcpdump
 * on loopback: {@value #FIRST} records per partition of a 2-partition topic; a classic group's consumer
 * ({@code max.poll.records} {@value #POLL}) reads at least {@value #READ} of them, commits its positions and stops
 * polling; the producer adds {@value #MORE} per partition; a group-less {@code read_committed} reader then reads the
 * topic from the start to its end (its Fetch responses carry the final high watermarks). Truth: the Admin client's
 * {@code listConsumerGroupOffsets} and {@code listOffsets} (what {@code kafka-consumer-groups --describe} prints), the
 * consumers' own positions. The same truth gives the lag over time, the summary's {@code ! Lag} entry and the page's
 * lag charts. Also the shared real cluster capture, whose consumers read everything.
 */
class ConsumerLagTest {

    private static final String TOPIC = "lag-topic";
    private static final String GROUP = "kwire-lag";
    private static final int FIRST = 20;
    private static final int MORE = 7;
    private static final int POLL = 5;
    private static final int READ = 12;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void committedAndFetchLagAsKafkaSeesThem(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        Path capture = dir.resolve("lag.pcap");
        List<TopicPartition> tps = List.of(new TopicPartition(TOPIC, 0), new TopicPartition(TOPIC, 1));
        Map<Integer, Long> committed = new TreeMap<>();
        Map<Integer, Long> end = new TreeMap<>();
        Map<Integer, Long> lastStable = new TreeMap<>();
        Map<Integer, Long> readerPosition = new TreeMap<>();
        int port;
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"), Map.of(
                "offsets.topic.replication.factor", "1", "group.initial.rebalance.delay.ms", "0"))) {
            String bootstrap = cluster.bootstrapServers();
            port = TestBroker.port(cluster);
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 2, (short) 1))).all().get();
            }
            produce(bootstrap, FIRST);
            Tcpdump t = Tcpdump.start(port, capture);
            try (KafkaConsumer<String, String> member = consumer(bootstrap, Map.of("group.id", GROUP, "client.id",
                    "lag-member", "group.protocol", "classic", "enable.auto.commit", "false",
                    "max.poll.records", String.valueOf(POLL)))) {
                member.subscribe(List.of(TOPIC));
                int read = 0;
                while (read < READ) {
                    read += member.poll(Duration.ofMillis(200)).count();
                }
                member.commitSync();
                member.committed(java.util.Set.copyOf(tps)).forEach((tp, o) -> committed.put(tp.partition(),
                        o == null ? 0 : o.offset()));
                for (TopicPartition tp : tps) {
                    assertEquals(member.position(tp), committed.get(tp.partition()), "commitSync commits the positions");
                }
                Thread.sleep(1100); // the commit and the reader's fetches in different buckets of lag over time
                produce(bootstrap, MORE);
                readToEnd(bootstrap, tps, readerPosition);
            } finally {
                assertEquals(0, t.stop(), "kernel drops");
            }
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(GROUP)
                        .partitionsToOffsetAndMetadata().get();
                offsets.forEach((tp, o) -> assertEquals(committed.get(tp.partition()), o.offset(), "Admin's committed"));
                Map<TopicPartition, OffsetSpec> latest = new TreeMap<>(java.util.Comparator.comparing(TopicPartition::partition));
                tps.forEach(tp -> latest.put(tp, OffsetSpec.latest()));
                admin.listOffsets(latest).all().get().forEach((tp, o) -> end.put(tp.partition(), o.offset()));
                admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all().get()
                        .forEach((tp, o) -> lastStable.put(tp.partition(), o.offset()));
            }
        }
        assertEquals(Map.of(0, (long) FIRST + MORE, 1, (long) FIRST + MORE), end);
        Path prom = dir.resolve("lag.prom");
        JsonNode report = CliRun.of("analyze", "-q", "--format", "json", "--port", String.valueOf(port),
                capture.toString(), "--metrics-file", prom.toString()).json();
        JsonNode lag = report.get("consumer_lag");
        System.out.println(lag.toPrettyString());
        Map<Integer, String> got = new TreeMap<>();
        Map<Integer, String> want = new TreeMap<>();
        for (JsonNode c : lag.get("committed")) {
            got.put(c.get("partition").asInt(), String.join(" ", c.get("group").asText(), c.get("topic").asText(),
                    c.get("committed_offset").asText(), c.get("high_watermark").asText(), c.get("lag").asText()));
        }
        committed.forEach((p, o) -> want.put(p, String.join(" ", GROUP, TOPIC, String.valueOf(o),
                String.valueOf(end.get(p)), String.valueOf(end.get(p) - o))));
        assertEquals(want, got, "committed lag = Admin's log end offset - Admin's committed offset, per partition");

        Map<String, String> fetched = new TreeMap<>();
        for (JsonNode f : lag.get("fetch")) {
            fetched.put(f.get("client_id").asText() + " " + f.get("partition").asInt(), String.join(" ",
                    f.get("group").asText(), f.get("against").asText(), f.get("min").asText(), f.get("max").asText(),
                    f.get("first").asText(), f.get("last").asText(), f.get("trend").asText(),
                    f.get("last_fetch_offset").asText(), f.get("last_end").asText()));
        }
        Map<String, String> truth = new TreeMap<>();
        for (int p = 0; p < 2; p++) {
            // the member fetched each partition once, from offset 0 (no committed offset, earliest) when the log end
            // was FIRST, and never again: it still held records it had not been given (max.poll.records < FIRST)
            truth.put("lag-member " + p, GROUP + " high_watermark " + String.join(" ", java.util.Collections.nCopies(4,
                    String.valueOf(FIRST))) + " steady 0 " + FIRST);
            // the reader fetched from 0 when the last stable offset was the Admin's; its next fetch, from its final
            // position (the end), was answered in its fetch session without the partition (nothing new): no sample
            truth.put("lag-reader " + p, "null last_stable_offset " + lastStable.get(p) + " " + lastStable.get(p) + " "
                    + lastStable.get(p) + " " + (lastStable.get(p) - 0) + " steady 0 " + lastStable.get(p));
            assertEquals(end.get(p), readerPosition.get(p), "the reader's position at its last poll: the end");
        }
        assertEquals(truth, fetched, "fetch lag per consumer and partition");

        // the metrics (issue 22, item 7): the same lags, by Kafka's own figures
        Map<String, Double> m = Exposition.parse(java.nio.file.Files.readString(prom));
        Map<String, Double> wantCommitted = new TreeMap<>();
        Map<String, Double> wantFetch = new TreeMap<>();
        for (int p = 0; p < 2; p++) {
            wantCommitted.put(GROUP + " " + TOPIC + " " + p, (double) (end.get(p) - committed.get(p)));
            wantFetch.put("lag-member " + GROUP + " " + TOPIC + " " + p, (double) FIRST);
            wantFetch.put("lag-reader  " + TOPIC + " " + p, (double) lastStable.get(p)); // no group: group=""
        }
        assertEquals(wantCommitted, ReportMetrics.series(m, "kwire_consumer_lag_records{", "kind", "committed", "group",
                "topic", "partition"), "kwire_consumer_lag_records{kind=\"committed\"} = Admin's end - committed offset");
        assertEquals(wantFetch, ReportMetrics.series(m, "kwire_consumer_lag_records{", "kind", "fetch", "client_id",
                "group", "topic", "partition"), "kwire_consumer_lag_records{kind=\"fetch\"}: the consumers' last samples");
        ReportMetrics.assertSameAsReport(m, report, "lag.pcap");

        overTime(lag.get("over_time"), committed, end, lastStable);
        summaryAndPage(capture, port, report, committed, end, lastStable, dir);

        List<Path> files = Splits.split(capture, 40, dir.resolve("split"));
        SameReport.assertSameSplit(report, files, List.of("--port", String.valueOf(port)), dir);
    }

    /**
     * Lag over time (1 s buckets): the member's one sample per partition ({@value #FIRST} behind), the reader's one
     * (its last stable offset behind); the group's committed lag in every bucket from its commit on: {@value #FIRST} -
     * committed while the member's fetch held the last high watermark a consumer saw, then the Admin's end - committed
     * once the reader's fetch saw the end (the pause after the commit keeps the two apart).
     */
    private static void overTime(JsonNode over, Map<Integer, Long> committed, Map<Integer, Long> end,
                                 Map<Integer, Long> lastStable) {
        assertEquals(1, over.get("bucket_seconds").asInt());
        Map<String, List<Long>> fetch = new TreeMap<>();
        Map<String, List<Long>> want = new TreeMap<>();
        for (JsonNode f : over.get("fetch")) {
            fetch.put(f.get("client_id").asText() + " " + f.get("partition").asInt(), values(f.get("max_lag"), false));
        }
        Map<String, List<Long>> lags = new TreeMap<>();
        Map<String, List<Long>> wantLags = new TreeMap<>();
        for (JsonNode c : over.get("committed")) {
            lags.put(c.get("group").asText() + " " + c.get("partition").asInt(), values(c.get("lag"), true));
            assertEquals(over.get("fetch").get(0).get("max_lag").size(), c.get("lag").size(), "one grid");
        }
        for (int p = 0; p < 2; p++) {
            want.put("lag-member " + p, List.of((long) FIRST));
            want.put("lag-reader " + p, List.of(lastStable.get(p)));
            wantLags.put(GROUP + " " + p, List.of(FIRST - committed.get(p), end.get(p) - committed.get(p)));
        }
        assertEquals(want, fetch, "fetch lag samples over time");
        assertEquals(wantLags, lags, "committed lag over time, runs of equal buckets");
    }

    /**
     * The values that are not null, in order; with {@code runs}, each run of equal buckets once, and the buckets must
     * hold a value from the first that does to the last (a committed lag is carried forward).
     */
    private static List<Long> values(JsonNode buckets, boolean runs) {
        List<Long> out = new ArrayList<>();
        boolean started = false;
        for (JsonNode b : buckets) {
            if (b.isNull()) {
                assertEquals(false, runs && started, "a gap in " + buckets);
                continue;
            }
            started = true;
            if (!runs || out.isEmpty() || out.get(out.size() - 1) != b.asLong()) {
                out.add(b.asLong());
            }
        }
        return out;
    }

    /**
     * The summary's {@code ! Lag} entry, and the page's lag charts (their tooltips' values; laid out by headless
     * Chromium with every mark drawn), from the same truth.
     */
    private static void summaryAndPage(Path capture, int port, JsonNode report, Map<Integer, Long> committed,
                                       Map<Integer, Long> end, Map<Integer, Long> lastStable, Path dir) throws Exception {
        List<Integer> behind = new ArrayList<>(List.of(0, 1));
        behind.removeIf(p -> end.get(p) - committed.get(p) == 0);
        behind.sort(java.util.Comparator.comparingLong(p -> committed.get(p) - end.get(p)));
        long total = behind.stream().mapToLong(p -> end.get(p) - committed.get(p)).sum();
        int worstRead = lastStable.get(1) > lastStable.get(0) ? 1 : 0;
        String groupPart = behind.isEmpty() ? "" : "committed lag " + GROUP + " " + total + " records ("
                + String.join(", ", behind.stream().map(p -> TOPIC + "-" + p + " " + (end.get(p) - committed.get(p))).toList())
                + "); ";
        CliRun text = CliRun.of("analyze", "-q", "--format", "text", "--port", String.valueOf(port), capture.toString());
        assertEquals("! " + groupPart + "fetch lag, most behind: lag-reader (127.0.0.1), " + lastStable.get(worstRead)
                + " records in " + TOPIC + "-" + worstRead + "; lag-member (127.0.0.1), " + FIRST + " in " + TOPIC
                + "-0, group " + GROUP, text.summaryEntry("Lag"));

        Path json = dir.resolve("lag.json");
        java.nio.file.Files.writeString(json, report.toString());
        Path page = ReportPages.page(json);
        org.jsoup.nodes.Document d = ReportPages.parse(page);
        List<String> group = new ArrayList<>();
        for (String t : ReportPages.tooltips(d, "lag-1")) {
            String said = t.substring(t.indexOf(" · ") + 3);
            if (group.isEmpty() || !group.get(group.size() - 1).equals(said)) {
                group.add(said);
            }
        }
        long before = FIRST * 2L - committed.get(0) - committed.get(1);
        long after = end.get(0) + end.get(1) - committed.get(0) - committed.get(1);
        assertEquals(List.of("committed lag: " + before + " records behind", "committed lag: " + after + " records behind",
                "fetch lag of lag-member (127.0.0.1): " + FIRST + " records behind"), group, "group " + GROUP);
        assertEquals(List.of("Lag of group " + GROUP + " over time", "Fetch lag of consumers without a group"),
                d.select("#lag figcaption").eachText());
        assertEquals(1, d.select("svg[data-chart=lag-2] .mark").size());
        assertEquals("fetch lag of lag-reader (127.0.0.1): " + Math.max(lastStable.get(0), lastStable.get(1))
                + " records behind", ReportPages.tooltips(d, "lag-2").get(0).replaceAll(".* · ", ""));
        JsonNode probe = ReportPageInChromiumTest.probe(page, dir);
        assertEquals("[]", probe.get("errors").toString());
        for (String chart : List.of("lag-1", "lag-2")) {
            JsonNode c = probe.get("charts").get(chart);
            assertEquals(d.select("svg[data-chart=" + chart + "] .mark").size(), c.get("marks").asInt(), chart + ": " + c);
            assertEquals(0, c.get("flat").asInt() + c.get("outside").asInt(), chart + ": " + c);
        }
    }

    /**
     * The shared real cluster run (README, client-summary.json): cons-1 and cons-2 of cluster-group consumed all the
     * 20000 records acknowledged to the idempotent producers (no transactions: offsets are records), and committed on
     * close, so every partition's committed lag is 0, the high watermarks add up to the records acknowledged and the
     * committed offsets to the records consumed; each consumer's fetch lag is tied to the group.
     */
    @Test
    void theSharedClusterConsumedEverything() throws Exception {
        JsonNode lag = SharedCluster.report().get("consumer_lag");
        JsonNode summary = SharedCluster.clientSummary();
        long hw = 0;
        long offsets = 0;
        List<String> partitions = new ArrayList<>();
        for (JsonNode c : lag.get("committed")) {
            partitions.add(c.get("group").asText() + " " + c.get("topic").asText() + " " + c.get("partition").asInt()
                    + " lag " + c.get("lag").asLong());
            hw += c.get("high_watermark").asLong();
            offsets += c.get("committed_offset").asLong();
        }
        List<String> zero = new ArrayList<>();
        for (int p = 0; p < 6; p++) {
            zero.add("cluster-group orders " + p + " lag 0");
        }
        assertEquals(zero, partitions);
        assertEquals(summary.get("records_acked_total").asLong(), hw, "high watermarks: the records acknowledged");
        assertEquals(summary.get("records_consumed_total").asLong(), offsets, "committed offsets: the records consumed");
        List<String> tied = new ArrayList<>();
        lag.get("fetch").forEach(f -> tied.add(f.get("client_id").asText() + " " + f.get("partition").asInt() + " "
                + f.get("group").asText() + " " + f.get("against").asText()));
        assertEquals(List.of("cons-1 0 cluster-group high_watermark", "cons-1 1 cluster-group high_watermark",
                "cons-1 2 cluster-group high_watermark", "cons-2 3 cluster-group high_watermark",
                "cons-2 4 cluster-group high_watermark", "cons-2 5 cluster-group high_watermark"), tied);
        // over time: each consumer's largest sample of any bucket is its largest of all, each group partition's last
        // bucket its lag at the end (0); the grid of 1 s buckets spans the consumers' life
        JsonNode over = lag.get("over_time");
        List<String> most = new ArrayList<>();
        List<String> mostOfBuckets = new ArrayList<>();
        for (int i = 0; i < lag.get("fetch").size(); i++) {
            most.add(lag.get("fetch").get(i).get("client_id").asText() + " " + lag.get("fetch").get(i).get("max").asLong());
            long m = Long.MIN_VALUE;
            for (JsonNode b : over.get("fetch").get(i).get("max_lag")) {
                m = b.isNull() ? m : Math.max(m, b.asLong());
            }
            mostOfBuckets.add(over.get("fetch").get(i).get("client_id").asText() + " " + m);
        }
        assertEquals(most, mostOfBuckets);
        List<Long> last = new ArrayList<>();
        over.get("committed").forEach(c -> last.add(c.get("lag").get(c.get("lag").size() - 1).asLong()));
        assertEquals(java.util.Collections.nCopies(6, 0L), last);
        assertEquals(List.of("2026-12-01T21:40:18Z", "1", "16"), List.of(over.get("start").asText(),
                over.get("bucket_seconds").asText(), String.valueOf(over.get("committed").get(0).get("lag").size())));
    }

    private static KafkaConsumer<String, String> consumer(String bootstrap, Map<String, String> config) {
        Map<String, Object> c = new TreeMap<>(Map.of("bootstrap.servers", bootstrap, "auto.offset.reset", "earliest",
                "key.deserializer", StringDeserializer.class.getName(),
                "value.deserializer", StringDeserializer.class.getName()));
        c.putAll(config);
        return new KafkaConsumer<>(c);
    }

    /** A group-less read_committed consumer reads both partitions from the start to the end; its final positions. */
    private static void readToEnd(String bootstrap, List<TopicPartition> tps, Map<Integer, Long> positions) {
        try (KafkaConsumer<String, String> reader = consumer(bootstrap, Map.of("client.id", "lag-reader",
                "isolation.level", "read_committed"))) {
            reader.assign(tps);
            reader.seekToBeginning(tps);
            long read = 0;
            while (read < 2L * (FIRST + MORE)) {
                for (ConsumerRecord<String, String> r : reader.poll(Duration.ofMillis(200))) {
                    read++;
                }
            }
            tps.forEach(tp -> positions.put(tp.partition(), reader.position(tp)));
        }
    }

    private static void produce(String bootstrap, int perPartition) throws Exception {
        try (KafkaProducer<String, String> p = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap,
                "key.serializer", StringSerializer.class.getName(), "value.serializer", StringSerializer.class.getName()))) {
            for (int part = 0; part < 2; part++) {
                for (int i = 0; i < perPartition; i++) {
                    p.send(new ProducerRecord<>(TOPIC, part, "k" + i, "v" + i)).get();
                }
            }
        }
    }
}
