package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's {@code replication} section (issue 22, item 5) on a real multi-broker run made by the test itself
 * ({@link ReplicatedCluster}: three brokers and a controller in-process, replication factor 3, a leader shut down),
 * checked against Kafka's own view: the Admin client's replica assignment, leaders and in-sync replicas before and
 * after the leader change, the records the clients had acknowledged and consumed (and the leader epoch the consumer
 * saw on them), and the nodes' own request and error meters ({@link BrokerMeters}). The same section from the capture
 * split into files, through {@code --jobs 2 --split always} and through per-file partials merged.
 */
class MultiBrokerReplicationTest {

    private static final Pattern FETCHER = Pattern.compile("broker-(\\d+)-fetcher-\\d+");

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void followersConsumersAndALeaderChangeAsKafkaSawThem(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        ReplicatedCluster.Truth t = ReplicatedCluster.run(dir.resolve("kafka"), dir.resolve("cluster.pcap"));
        List<String> ports = t.ports().values().stream().map(String::valueOf).toList();
        List<String> options = List.of("--port", String.join(",", ports));
        JsonNode report = CliRun.analyzeJson(t.capture(), options);
        JsonNode rep = report.get("replication");
        int old = t.before().leaders().get(0);
        int now = t.after().leaders().get(0);
        assertTrue(old != now && t.replicas().get(0).contains(now), "partition 0's leader moved: " + old + " -> " + now);

        Map<String, Integer> nodes = new TreeMap<>();
        t.ports().forEach((id, port) -> nodes.put("localhost:" + port, id));
        Map<String, Integer> advertised = new TreeMap<>();
        rep.get("nodes").forEach(n -> advertised.put(n.get("endpoint").asText(), n.get("node_id").asInt()));
        assertEquals(nodes, advertised, "every node as its listener (the kit advertises localhost)");

        // Kafka's meters: a Fetch from replica id >= 0 is FetchFollower (brokers' followers, and their metadata-log
        // fetches at the controller), any other FetchConsumer; counted once the response is sent
        long consumerFetches = t.meters().count("RequestsPerSec", "request=FetchConsumer");
        long followerFetches = t.meters().count("RequestsPerSec", "request=FetchFollower");
        Map<String, Long> classes = new TreeMap<>();
        rep.get("classes").forEach(c -> classes.put(c.get("kind").asText(), c.get("responses").asLong()));
        // Kafka marks a request's meter after its response is sent: a node that shuts down (one midway, then all at
        // the close) may send a response and stop before marking it (seen once: 15 consumer Fetch responses on the
        // wire, 14 marked). So the wire holds what the nodes counted, and at most one response more per node
        long follower = classes.get("follower") + classes.get("metadata_log");
        int nodeCount = t.ports().size();
        assertBetween(consumerFetches, classes.get("consumer"), nodeCount,
                "consumer Fetch responses, as the nodes counted them");
        assertBetween(followerFetches, follower, nodeCount,
                "follower and metadata-log Fetch responses, as the nodes counted them");
        assertBetween(t.meters().count("RequestsPerSec", "request=Fetch"), fetchResponses(report), nodeCount,
                "all Fetch responses");
        System.out.println("Fetch responses: consumer " + consumerFetches + ", follower and metadata log " + followerFetches
                + " " + classes + "; partition 0's leader " + old + " -> " + now + "; errors " + t.errors());

        assertEquals(expectedFollowers(t), followers(rep.get("followers"), t), "leader -> follower lines");
        assertEquals(expectedConsumers(t), consumers(rep.get("consumers"), t), "consumer lines");
        long consumed = 0;
        for (ReplicatedCluster.Phase p : List.of(t.before(), t.after())) {
            consumed += p.consumed().values().stream().mapToInt(Integer::intValue).sum();
            assertEquals(p.produced(), p.consumed(), "the group read what was acknowledged");
        }
        long consumerRecords = 0;
        for (JsonNode c : rep.get("classes")) {
            consumerRecords += c.get("kind").asText().equals("consumer") ? c.get("records").asLong() : 0;
        }
        assertEquals(consumed, consumerRecords, "consumer records: those the polls returned");
        List<String> metadataLog = new ArrayList<>();
        rep.get("metadata_log").forEach(l -> metadataLog.add(l.get("broker_id").asText() + " <- " + l.get("replica_id").asText()));
        int controller = t.ports().keySet().stream().filter(id -> id >= 3).findFirst().orElseThrow();
        assertEquals(List.of(controller + " <- 0", controller + " <- 1", controller + " <- 2"), metadataLog);

        assertEquals(expectedLeaders(t), leaders(rep), "leaders per partition: Admin's, epochs: the records'");
        assertEquals(expectedMoves(t), moves(rep), "the leader change of partition 0");
        assertEquals(0.0, t.retries(), "the producer retried nothing (it met no leadership error)");
        // the errors until the cluster began to close, as the nodes' ErrorsPerSec counted them (while the brokers stop,
        // each removing its meters, those once counted one error fewer than the wire carried, in about 15 runs)
        Map<String, Long> errors = new TreeMap<>();
        ReplicatedCluster.LEADERSHIP_ERRORS.forEach(error -> errors.put(error, 0L));
        for (JsonNode e : rep.at("/leadership/events")) {
            if (e.get("kind").asText().equals("error")) {
                if (Instant.parse(e.get("time").asText()).isBefore(t.closing())) {
                    errors.merge(e.get("error").asText(), 1L, Long::sum);
                }
                if (e.get("topic").asText().equals(ReplicatedCluster.TOPIC)) {
                    assertFollowerOf(t, e);
                }
            }
        }
        assertEquals(t.errors(), errors, "leadership errors until the cluster closed, as the nodes counted them");

        List<Path> files = Splits.split(t.capture(), 500, dir.resolve("split"));
        assertTrue(files.size() >= 3, files.toString());
        SameReport.assertSameSplit(report, files, options, dir);
    }

    /** Per leader -> follower: the records of each phase's partitions it led and the follower was in sync for. */
    private static Map<String, String> expectedFollowers(ReplicatedCluster.Truth t) {
        Map<String, long[]> records = new TreeMap<>();
        Map<String, TreeSet<Integer>> partitions = new TreeMap<>();
        for (ReplicatedCluster.Phase p : List.of(t.before(), t.after())) {
            p.leaders().forEach((partition, leader) -> {
                for (int follower : p.isr().get(partition)) {
                    if (follower != leader) {
                        String key = leader + " -> " + follower;
                        records.computeIfAbsent(key, k -> new long[1])[0] += p.produced().get(partition);
                        partitions.computeIfAbsent(key, k -> new TreeSet<>()).add(partition);
                    }
                }
            });
        }
        Map<String, String> out = new TreeMap<>();
        records.forEach((k, n) -> out.put(k, "127.0.0.1:" + t.ports().get(Integer.parseInt(k.split(" ")[0]))
                + " [broker-" + k.split(" ")[2] + "-fetcher-0] records " + n[0] + " partitions " + partitions.get(k)
                + " last lag 0"));
        return out;
    }

    private static Map<String, String> followers(JsonNode lines, ReplicatedCluster.Truth t) {
        Map<String, String> out = new TreeMap<>();
        for (JsonNode l : lines) {
            TreeSet<Integer> partitions = new TreeSet<>();
            TreeSet<Long> last = new TreeSet<>();
            l.get("lag").forEach(x -> {
                assertEquals(ReplicatedCluster.TOPIC, x.get("topic").asText());
                partitions.add(x.get("partition").asInt());
                last.add(x.get("last").asLong());
            });
            assertEquals(partitions.size(), l.get("partitions_followed").asInt());
            out.put(l.get("broker_id").asText() + " -> " + l.get("replica_id").asText(), l.get("broker").asText() + " "
                    + l.get("client_ids").toString().replace("\"", "") + " records " + l.get("records").asLong()
                    + " partitions " + partitions + " last lag " + (last.equals(new TreeSet<>(List.of(0L))) ? "0" : last));
        }
        return out;
    }

    /** Per consumer and broker: the records of the partitions that broker led in the consumer's phase. */
    private static Map<String, Long> expectedConsumers(ReplicatedCluster.Truth t) {
        Map<String, Long> out = new TreeMap<>();
        for (ReplicatedCluster.Phase p : List.of(t.before(), t.after())) {
            p.leaders().forEach((partition, leader) -> out.merge(p.consumer() + " @ " + leader,
                    (long) p.consumed().get(partition), Long::sum));
        }
        return out;
    }

    private static Map<String, Long> consumers(JsonNode lines, ReplicatedCluster.Truth t) {
        Map<String, Long> out = new TreeMap<>();
        for (JsonNode l : lines) {
            assertTrue(l.get("replica_id").isNull() && l.get("lag").isEmpty(), l.toString());
            out.put(l.get("client_id").asText() + " @ " + l.get("broker_id").asText(), l.get("records").asLong());
        }
        return out;
    }

    private static Map<Integer, String> expectedLeaders(ReplicatedCluster.Truth t) {
        Map<Integer, String> out = new TreeMap<>();
        t.after().leaders().forEach((p, leader) -> out.put(p, "leader " + leader + " epoch " + t.after().epochs().get(p)
                + " changes " + (leader.equals(t.before().leaders().get(p))
                && t.after().epochs().get(p).equals(t.before().epochs().get(p)) ? 0 : 1)));
        return out;
    }

    private static Map<Integer, String> leaders(JsonNode rep) {
        Map<Integer, String> out = new TreeMap<>();
        for (JsonNode p : rep.at("/leadership/partitions")) {
            if (p.get("topic").asText().equals(ReplicatedCluster.TOPIC)) {
                out.put(p.get("partition").asInt(), "leader " + p.get("leader_id").asInt() + " epoch "
                        + p.get("leader_epoch").asInt() + " changes " + p.get("changes").asLong());
            }
        }
        return out;
    }

    private static List<String> expectedMoves(ReplicatedCluster.Truth t) {
        List<String> out = new ArrayList<>();
        t.after().leaders().forEach((p, leader) -> {
            int was = t.before().leaders().get(p);
            int epoch = t.after().epochs().get(p);
            int wasEpoch = t.before().epochs().get(p);
            if (was != leader || epoch != wasEpoch) {
                out.add(ReplicatedCluster.TOPIC + "/" + p + " " + was + "->" + leader + " epoch " + wasEpoch + "->" + epoch);
            }
        });
        return out;
    }

    private static List<String> moves(JsonNode rep) {
        List<String> out = new ArrayList<>();
        rep.at("/leadership/events").forEach(e -> {
            if (e.get("kind").asText().equals("leader")) {
                out.add(e.get("topic").asText() + "/" + e.get("partition").asInt() + " " + e.get("previous_leader_id").asInt()
                        + "->" + e.get("leader_id").asInt() + " epoch " + e.get("previous_leader_epoch").asInt() + "->"
                        + e.get("leader_epoch").asInt());
            }
        });
        return out;
    }

    /** A leadership error of the topic answered by one of its replicas to the fetcher of another. */
    private static void assertFollowerOf(ReplicatedCluster.Truth t, JsonNode e) {
        List<Integer> replicas = t.replicas().get(e.get("partition").asInt());
        int port = Integer.parseInt(e.get("broker").asText().replaceAll(".*:", ""));
        int broker = t.ports().entrySet().stream().filter(x -> x.getValue() == port).findFirst().orElseThrow().getKey();
        Matcher m = FETCHER.matcher(e.get("client_id").asText());
        assertTrue(m.matches() && replicas.contains(broker) && replicas.contains(Integer.parseInt(m.group(1)))
                && broker != Integer.parseInt(m.group(1)), e.toString());
    }

    private static long fetchResponses(JsonNode report) {
        for (JsonNode api : report.get("apis")) {
            if (api.get("name").asText().equals("Fetch")) {
                return api.get("responses").asLong();
            }
        }
        return 0;
    }

    /** {@code seen} is {@code counted}, or at most {@code nodes} more (responses sent by a node stopping unmarked). */
    private static void assertBetween(long counted, long seen, int nodes, String what) {
        assertTrue(seen >= counted && seen - counted <= nodes, what + ": the nodes counted " + counted + ", the wire held "
                + seen + " (at most " + nodes + " more: one a node stopping)");
    }
}
