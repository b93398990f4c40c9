package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The report's {@code consumer_groups} against Kafka's own view (issue 22, items 1 and 2): a classic group
 * ({@code group.protocol=classic}, range assignor) and a KIP-848 group ({@code group.protocol=consumer}, server
 * assignor range), each rebalancing as a second member joins and then leaves, run against a real broker and captured
 * with tcpdump on loopback; the truth is the members' rebalance callbacks and the Admin client's
 * {@code describeConsumerGroups} and {@code listConsumerGroupOffsets}. The capture split in files gives the same
 * section through {@code --jobs 2 --split always} and per-file partials merged. Also the shared real cluster capture,
 * whose README's counts are the truth. Skipped, with the reason, where this process may not capture packets.
 */
class ConsumerGroupsTest {

    private static final int RECORDS_PER_PARTITION = 10;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void classicAndKip848GroupsAsKafkaSeesThem(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        GroupTraffic.Truth classic;
        GroupTraffic.Truth kip848;
        Path capture = dir.resolve("groups.pcap");
        int port;
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"), Map.of(
                "offsets.topic.replication.factor", "1", "group.initial.rebalance.delay.ms", "0"))) {
            String bootstrap = cluster.bootstrapServers();
            port = TestBroker.port(cluster);
            produce(bootstrap, "groups-classic");
            produce(bootstrap, "groups-848");
            Tcpdump t = Tcpdump.start(port, capture);
            try {
                classic = GroupTraffic.run(bootstrap, "kwire-classic", "groups-classic", "classic");
                kip848 = GroupTraffic.run(bootstrap, "kwire-848", "groups-848", "consumer");
            } finally {
                assertEquals(0, t.stop(), "kernel drops");
            }
        }
        Path prom = dir.resolve("groups.prom");
        JsonNode report = CliRun.of("analyze", "-q", "--format", "json", "--port", String.valueOf(port),
                capture.toString(), "--metrics-file", prom.toString()).json();
        JsonNode groups = report.get("consumer_groups").get("groups");
        System.out.println(groups.toPrettyString());
        assertEquals(List.of("kwire-848", "kwire-classic"), names(groups));
        JsonNode c = groups.get(1);
        assertEquals("classic", c.get("type").asText());
        assertEquals("consumer", c.get("protocol_type").asText());
        assertEquals(classic.assignor(), c.get("assignor").asText());
        assertSameGroup(classic, c);
        JsonNode k = groups.get(0);
        assertEquals("consumer", k.get("type").asText());
        assertEquals(kip848.assignor(), k.get("assignor").asText());
        assertEquals(kip848.groupEpoch(), k.get("group_epoch").asInt(), "group epoch (Admin)");
        assertSameGroup(kip848, k);

        assertRebalanceMetrics(Exposition.parse(java.nio.file.Files.readString(prom)), report, classic, kip848);

        // NDJSON: after the exchanges, one rebalance event per rebalance the callbacks saw, members as Kafka said
        Map<String, List<String>> events = new TreeMap<>();
        for (String line : CliRun.of("analyze", "-q", "--format", "ndjson", "--port", String.valueOf(port),
                capture.toString()).out().split("\n")) {
            JsonNode e = new com.fasterxml.jackson.databind.ObjectMapper().readTree(line);
            if (e.get("type").asText().equals("rebalance")) {
                String epoch = e.get("group_type").asText().equals("classic") ? "generation_id" : "group_epoch";
                events.computeIfAbsent(e.get("group").asText(), g -> new ArrayList<>()).add(e.get(epoch).asInt() + " "
                        + sorted(e.get("members_before")) + " -> " + sorted(e.get("members_after")) + " "
                        + e.get("duration_ms").asDouble());
            }
        }
        Map<String, List<String>> expected = new TreeMap<>();
        expected.put("kwire-848", rebalances(kip848, k));
        expected.put("kwire-classic", rebalances(classic, c));
        assertEquals(expected, events, "rebalance events: callbacks' epochs, Admin's members, the report's durations");

        List<Path> files = Splits.split(capture, 60, dir.resolve("split"));
        SameReport.assertSameSplit(report, files, List.of("--port", String.valueOf(port)), dir);
    }

    /**
     * The rebalances the members' callbacks saw: per generation (member epoch) their onPartitionsAssigned ran in, the
     * members before and after (first alone, both, first alone again), with the report's duration of each.
     */
    private static List<String> rebalances(GroupTraffic.Truth truth, JsonNode g) {
        String a = truth.first().memberId;
        String b = truth.second().memberId;
        List<List<String>> before = List.of(List.of(), List.of(a), List.of(a, b));
        List<List<String>> after = List.of(List.of(a), List.of(a, b), List.of(a));
        java.util.TreeSet<Integer> callbacks = new java.util.TreeSet<>(truth.first().assignedAt);
        callbacks.addAll(truth.second().assignedAt);
        List<Integer> epochs = List.copyOf(callbacks);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < epochs.size(); i++) {
            out.add(epochs.get(i) + " " + before.get(i).stream().sorted().toList() + " -> "
                    + after.get(i).stream().sorted().toList() + " " + g.get("rebalances").get(i).get("duration_ms").asDouble());
        }
        return out;
    }

    /**
     * The shared real cluster run (README: a classic group of cons-1 and cons-2 on topic orders, 6 partitions, auto
     * commit, until every record was consumed): one generation of both members, range-assigned three partitions each,
     * coordinator broker 3 (port 9294, where the truth's stream framer saw every JoinGroup), and each member's final
     * committed offsets adding up to the records its client consumed (client-summary.json: the topic was consumed from
     * offset 0, auto.offset.reset=earliest, and committed on close).
     */
    @Test
    void theSharedClusterRunsClassicGroup() throws Exception {
        JsonNode groups = SharedCluster.report().get("consumer_groups").get("groups");
        JsonNode summary = SharedCluster.clientSummary();
        assertEquals(1, groups.size());
        JsonNode g = groups.get(0);
        assertEquals(List.of("cluster-group", "classic", "consumer", "range", "[\"127.0.0.1:9294\"]",
                "[\"3@127.0.0.1:9294\"]", "1"), List.of(g.get("group_id").asText(), g.get("type").asText(),
                g.get("protocol_type").asText(), g.get("assignor").asText(), g.get("coordinators").toString(),
                g.get("found").toString(), g.get("generation_id").asText()));
        Map<String, String> assigned = new TreeMap<>();
        Map<String, Long> committedByClient = new TreeMap<>();
        Map<String, String> memberClient = new TreeMap<>();
        for (JsonNode m : g.get("members")) {
            assigned.put(m.get("client_id").asText(), m.get("assignment").toString());
            memberClient.put(m.get("member_id").asText(), m.get("client_id").asText());
            assertEquals("leave_group", m.get("left_by").asText());
        }
        assertEquals(Map.of("cons-1", "[{\"topic\":\"orders\",\"partitions\":[0,1,2]}]",
                "cons-2", "[{\"topic\":\"orders\",\"partitions\":[3,4,5]}]"), assigned);
        JsonNode first = g.get("rebalances").get(0);
        assertEquals(1, first.get("generation_id").asInt());
        assertEquals(List.of(), sorted(first.get("members_before")));
        assertEquals(memberClient.keySet().stream().toList(), sorted(first.get("members_after")));
        for (JsonNode o : g.get("offsets")) {
            committedByClient.merge(memberClient.get(o.get("member_id").asText()), o.get("committed_offset").asLong(),
                    Long::sum);
        }
        assertEquals(Map.of("cons-1", summary.get("cons-1.records_consumed").asLong(),
                "cons-2", summary.get("cons-2.records_consumed").asLong()), committedByClient);
    }

    /**
     * The metrics (issue 22, item 7): per group as many rebalances as generations (member epochs) the members'
     * onPartitionsAssigned callbacks ran in, each caused first by a member joining, then joining, then leaving (the
     * second member's close), all ended and timed; and every series the report's own (ReportMetrics).
     */
    private static void assertRebalanceMetrics(Map<String, Double> m, JsonNode report, GroupTraffic.Truth classic,
                                               GroupTraffic.Truth kip848) {
        Map<String, Double> want = new TreeMap<>();
        Map<String, Double> timed = new TreeMap<>();
        for (GroupTraffic.Truth t : List.of(classic, kip848)) {
            String group = t.first().name.substring(0, t.first().name.length() - 2);
            java.util.TreeSet<Integer> callbacks = new java.util.TreeSet<>(t.first().assignedAt);
            callbacks.addAll(t.second().assignedAt);
            assertEquals(3, callbacks.size(), group + ": " + callbacks);
            want.put(group + " member_joined", 2.0);
            want.put(group + " member_left", 1.0);
            timed.put(group, (double) callbacks.size());
        }
        assertEquals(want, ReportMetrics.series(m, "kwire_rebalances_total{", null, null, "group", "cause"),
                "kwire_rebalances_total by group and cause");
        assertEquals(timed, ReportMetrics.series(m, "kwire_rebalance_duration_seconds_count{", null, null, "group"));
        ReportMetrics.assertSameAsReport(m, report, "groups.pcap");
    }

    /** Rebalances, members before and after, final assignments and committed offsets as Kafka reported them. */
    private static void assertSameGroup(GroupTraffic.Truth truth, JsonNode g) {
        String a = truth.first().memberId;
        String b = truth.second().memberId;
        List<List<String>> expectedBefore = List.of(List.of(), List.of(a), List.of(a, b));
        List<List<String>> expectedAfter = List.of(List.of(a), List.of(a, b), List.of(a));
        List<List<String>> before = new ArrayList<>();
        List<List<String>> after = new ArrayList<>();
        java.util.TreeSet<Integer> callbacks = new java.util.TreeSet<>(truth.first().assignedAt);
        callbacks.addAll(truth.second().assignedAt);
        String epoch = g.get("type").asText().equals("classic") ? "generation_id" : "group_epoch";
        List<Integer> epochs = new ArrayList<>();
        g.get("rebalances").forEach(r -> epochs.add(r.get(epoch).asInt()));
        assertEquals(List.copyOf(callbacks), epochs, "one rebalance per generation (member epoch) the members' "
                + "onPartitionsAssigned callbacks ran in: " + truth.first().assignedAt + " " + truth.second().assignedAt);
        for (JsonNode r : g.get("rebalances")) {
            before.add(sorted(r.get("members_before")));
            after.add(sorted(r.get("members_after")));
        }
        assertEquals(expectedBefore.stream().map(l -> l.stream().sorted().toList()).toList(), before, "members before");
        assertEquals(expectedAfter.stream().map(l -> l.stream().sorted().toList()).toList(), after, "members after");
        Map<String, List<Integer>> assignments = new TreeMap<>();
        for (JsonNode m : g.get("members")) {
            List<Integer> p = new ArrayList<>();
            m.get("assignment").get(0).get("partitions").forEach(x -> p.add(x.asInt()));
            assignments.put(m.get("member_id").asText(), p);
        }
        assertEquals(Map.of(a, List.copyOf(truth.first().atClose), b, List.copyOf(truth.second().atClose)), assignments,
                "final assignment per member (its callbacks' view when it was closed)");
        assertEquals(truth.described().get(a), assignments.get(a), "the Admin's assignment of the remaining member");
        Map<Integer, Long> committed = new TreeMap<>();
        g.get("offsets").forEach(o -> committed.put(o.get("partition").asInt(), o.get("committed_offset").asLong()));
        assertEquals(truth.committed(), committed, "committed offsets (Admin listConsumerGroupOffsets)");
    }

    private static void produce(String bootstrap, String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 4, (short) 1))).all().get();
        }
        try (KafkaProducer<String, String> p = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap,
                "key.serializer", StringSerializer.class.getName(), "value.serializer", StringSerializer.class.getName()))) {
            for (int part = 0; part < 4; part++) {
                for (int i = 0; i < RECORDS_PER_PARTITION; i++) {
                    p.send(new ProducerRecord<>(topic, part, "k" + i, "v" + i)).get();
                }
            }
        }
    }

    private static List<String> names(JsonNode groups) {
        List<String> out = new ArrayList<>();
        groups.forEach(g -> out.add(g.get("group_id").asText()));
        return out;
    }

    private static List<String> sorted(JsonNode ids) {
        List<String> out = new ArrayList<>();
        ids.forEach(x -> out.add(x.asText()));
        return out.stream().sorted().toList();
    }
}
