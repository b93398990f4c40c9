package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The report's {@code replication} section (issue 22, item 5) on a real cluster's traffic, against the truth of the
 * shared capture set's {@code cluster/cluster-whole.pcap.truth.json} ({@code stream_framer}: an independent framing of
 * the TCP payload, Fetch v18 bodies decoded by hand, classes by port and client_id, records from batch headers).
 */
class ReplicationTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));
    /** The whole 13 MB capture stays in the shared set (test-captures holds its controller streams). */

    /** The controller's streams: the truth's class to-controller, whole. */
    @Test
    void metadataLogFetchesOfTheControllerStreams() throws Exception {
        JsonNode r = analyze("--port", "9299", CAPTURES.resolve("cluster-controller.pcap").toString());
        JsonNode rep = r.get("replication");
        assertEquals(Map.of("consumer", List.of(0L, 0L), "follower", List.of(0L, 0L), "metadata_log", List.of(250L, 522L)),
                classes(rep));
        // fetch_requests_by: to-controller | 9299 | raft-client-N | replica_id=N: 109, 62, 79; records 522 = 3 x 174
        assertEquals(List.of("127.0.0.1:9299 100 1 [raft-client-1] 109 174", "127.0.0.1:9299 100 2 [raft-client-2] 62 174",
                "127.0.0.1:9299 100 3 [raft-client-3] 79 174"), lines(rep.get("metadata_log")));
        // fetch_partition_error_codes_by_class: to-controller | FENCED_LEADER_EPOCH: 3
        assertEquals(List.of("__cluster_metadata/0 FENCED_LEADER_EPOCH raft-client-1",
                "__cluster_metadata/0 FENCED_LEADER_EPOCH raft-client-2",
                "__cluster_metadata/0 FENCED_LEADER_EPOCH raft-client-3"), events(rep));
    }

    /** The whole run: consumers, followers and the metadata log apart, as the truth counts them. */
    @Test
    void followersConsumersAndTheMetadataLogApartInTheWholeRun(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(SharedCluster.CAPTURE), "the shared capture set is not at " + SharedCluster.CAPTURE);
        Path prom = dir.resolve("cluster.prom");
        JsonNode r = analyze("--port", "9292,9293,9294,9299", SharedCluster.CAPTURE.toString(), "--metrics-file",
                prom.toString());
        JsonNode rep = r.get("replication");
        // Fetch | client 337, replica-fetcher 423, to-controller 250; records 9965 + 10035, 40126, 522
        assertEquals(Map.of("consumer", List.of(337L, 20000L), "follower", List.of(423L, 40126L),
                "metadata_log", List.of(250L, 522L)), classes(rep));
        Map<String, Long> byConsumer = new TreeMap<>();
        rep.get("consumers").forEach(l -> byConsumer.merge(l.get("client_id").asText(), l.get("records").asLong(), Long::sum));
        assertEquals(Map.of("cons-1", 9965L, "cons-2", 10035L), byConsumer);
        // fetch_requests_by: replica-fetcher | port | broker-N-fetcher-0 | replica_id=N (broker ids: Metadata responses)
        assertEquals(List.of("127.0.0.1:9292 1 2 [broker-2-fetcher-0] 49 9073", "127.0.0.1:9292 1 3 [broker-3-fetcher-0] 130 9025",
                "127.0.0.1:9293 2 1 [broker-1-fetcher-0] 29 1804", "127.0.0.1:9293 2 3 [broker-3-fetcher-0] 32 1804",
                "127.0.0.1:9294 3 1 [broker-1-fetcher-0] 136 9196", "127.0.0.1:9294 3 2 [broker-2-fetcher-0] 47 9224"),
                lines(rep.get("followers")));
        // broker 2, leader of orders-0 and orders-5 (client_summary.initial_partitions), killed: leadership moves
        List<String> moves = new ArrayList<>();
        rep.at("/leadership/events").forEach(e -> {
            if (e.get("kind").asText().equals("leader")) {
                moves.add(e.get("topic").asText() + "/" + e.get("partition").asInt() + " " + e.get("previous_leader_id").asInt()
                        + "->" + e.get("leader_id").asInt() + " epoch " + e.get("leader_epoch").asInt());
            }
        });
        assertEquals(List.of("orders/0 2->3 epoch 1", "orders/5 2->1 epoch 1"), moves);
        // errors_nonzero_by_api: Fetch | FENCED_LEADER_EPOCH 11
        assertEquals(11, events(rep).stream().filter(e -> e.contains("FENCED_LEADER_EPOCH")).count());

        // the metrics (issue 22, item 7): a series per follower (and metadata log fetcher) and partition it fetched, the
        // last lag the section lists; the group's six partitions committed at lag 0 and its two rebalances (both
        // members joining; both leaving, not ended in the capture) as the consumer_groups section has them
        Map<String, Double> m = Exposition.parse(Files.readString(prom));
        ReportMetrics.assertSameAsReport(m, r, "cluster-whole.pcap");
        Map<String, Double> replication = ReportMetrics.series(m, "kwire_replication_lag_records{", null, null,
                "broker", "replica_id", "topic");
        assertEquals(35, m.keySet().stream().filter(k -> k.startsWith("kwire_replication_lag_records{")).count());
        assertEquals(Map.of("127.0.0.1:9299 1 __cluster_metadata", 1.0, "127.0.0.1:9299 2 __cluster_metadata", 1.0,
                "127.0.0.1:9299 3 __cluster_metadata", 1.0), replication.entrySet().stream()
                .filter(e -> e.getKey().endsWith("__cluster_metadata"))
                .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
        assertEquals(Map.of("cluster-group member_joined", 1.0, "cluster-group member_left", 1.0),
                ReportMetrics.series(m, "kwire_rebalances_total{", null, null, "group", "cause"));
        assertEquals(1.0, m.get("kwire_rebalance_duration_seconds_count{group=\"cluster-group\"}"));
        assertEquals(6, ReportMetrics.series(m, "kwire_consumer_lag_records{", "kind", "committed", "group", "topic",
                "partition").size());
        assertEquals(0.0, Exposition.sum(m, "kwire_consumer_lag_records", "kind", "committed"));

        // the same section from two slices cut between the two sightings of orders' leaders, and from partials merged
        List<Path> files = Splits.split(SharedCluster.CAPTURE, 4500, dir.resolve("split"));
        CliRun jobs = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split", "always"),
                List.of("--port", "9292,9293,9294,9299"), files));
        assertEquals(0, jobs.exit(), jobs.err());
        assertEquals(rep, jobs.json().get("replication"), "--jobs 2 --split always of " + files.size() + " files");
    }

    private static JsonNode analyze(String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of("analyze", "-q", "--format", "json"));
        a.addAll(List.of(args));
        CliRun run = CliRun.of(a.toArray(String[]::new));
        assertEquals(0, run.exit(), run.err());
        JsonNode r = run.json();
        ReportSchema.assertValid(r.toString());
        return r;
    }

    /** Per class: requests and records. */
    private static Map<String, List<Long>> classes(JsonNode rep) {
        Map<String, List<Long>> out = new TreeMap<>();
        rep.get("classes").forEach(c -> out.put(c.get("kind").asText(),
                List.of(c.get("requests").asLong(), c.get("records").asLong())));
        return out;
    }

    private static List<String> lines(JsonNode links) {
        List<String> out = new ArrayList<>();
        links.forEach(l -> out.add(l.get("broker").asText() + " " + l.get("broker_id").asText() + " "
                + l.get("replica_id").asText() + " " + l.get("client_ids") .toString().replace("\"", "") + " "
                + l.get("requests").asLong() + " " + l.get("records").asLong()));
        return out;
    }

    private static List<String> events(JsonNode rep) {
        List<String> out = new ArrayList<>();
        rep.at("/leadership/events").forEach(e -> {
            if (e.get("kind").asText().equals("error")) {
                out.add(e.get("topic").asText() + "/" + e.get("partition").asInt() + " " + e.get("error").asText() + " "
                        + e.get("client_id").asText());
            }
        });
        return out;
    }
}
