package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report as an operator reads it (issue 11), on real captures: waits kept apart from slowness, clients with their
 * software, upgrade readiness, brokers, transactions, filtered views that add up, and a verdict when a capture holds
 * no Kafka. Every value here was checked against the capture (its frames, the shared set's truth and README).
 */
class OperatorViewTest {

    private static JsonNode analyze(String capture, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "-q"));
        args.addAll(List.of(options));
        args.add(TestCaptures.path(capture).toString());
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.err());
        return run.json();
    }

    private static JsonNode api(JsonNode report, String name) {
        for (JsonNode a : report.get("apis")) {
            if (a.get("name").asText().equals(name)) {
                return a;
            }
        }
        throw new AssertionError("no " + name);
    }

    private static String compact(JsonNode n, String... fields) {
        List<String> out = new ArrayList<>();
        for (String f : fields) {
            out.add(f + "=" + n.get(f));
        }
        return String.join(" ", out);
    }

    /**
     * java-basic's consumer: its third Fetch (frames 275/287) asked for MaxWaitMs 500, waited 547.8 ms and came back
     * empty. It is counted apart, and back with --include-long-polls.
     */
    @Test
    void longPollsAnsweredEmptyAtTheirWaitAreNotSlowness() throws IOException {
        JsonNode r = analyze("java-basic.pcap");
        JsonNode fetch = api(r, "Fetch");
        assertEquals(1, fetch.get("long_polls").asInt());
        assertEquals("{\"count\":2,\"min\":62932,\"p50\":62943,\"p90\":446232,\"p99\":446232,\"max\":446232}",
                fetch.get("latency_us").toString());
        assertEquals(false, r.get("long_polls_included").asBoolean());
        JsonNode first = r.get("slowest").get(0);
        assertEquals("api=\"Fetch\" latency_us=446232 request_frame=284 wait_ms=500 wait_kind=\"long_poll\" empty=true "
                + "long_poll=false expected_wait=false", compact(first, "api", "latency_us", "request_frame", "wait_ms",
                "wait_kind", "empty", "long_poll", "expected_wait"));

        JsonNode all = analyze("java-basic.pcap", "--include-long-polls");
        assertEquals(true, all.get("long_polls_included").asBoolean());
        assertEquals(3, api(all, "Fetch").get("latency_us").get("count").asInt());
        assertEquals(547803, api(all, "Fetch").get("latency_us").get("max").asInt());
        assertEquals("api=\"Fetch\" latency_us=547803 request_frame=275 response_frame=287 wait_ms=500 empty=true "
                + "long_poll=true", compact(all.get("slowest").get(0), "api", "latency_us", "request_frame",
                "response_frame", "wait_ms", "empty", "long_poll"));

        // kcat's consumers long-poll with librdkafka's fetch.wait.max.ms 500: six of their nine Fetches waited in vain
        JsonNode kcat = analyze("kcat.pcap");
        assertEquals(6, api(kcat, "Fetch").get("long_polls").asInt());
        assertEquals(3, api(kcat, "Fetch").get("latency_us").get("count").asInt());
        // kafkajs waits up to 5 s (MaxWaitMs 5000): its 5.01 s Fetch is a long-poll, not the slowest exchange
        JsonNode kafkajs = analyze("kafkajs.pcap");
        assertEquals(1, api(kafkajs, "Fetch").get("long_polls").asInt());
        assertEquals("api=\"CreateTopics\" latency_us=69775", compact(kafkajs.get("slowest").get(0), "api", "latency_us"));
        // a share consumer's ShareFetch long-polls too (MaxWaitMs 500); its three all brought records
        JsonNode share = analyze("share-group.pcap");
        assertEquals(0, api(share, "ShareFetch").get("long_polls").asInt());
        for (JsonNode s : share.get("slowest")) {
            if (s.get("api").asText().equals("ShareFetch")) {
                assertEquals("latency_us=103096 wait_ms=500 wait_kind=\"long_poll\" empty=false",
                        compact(s, "latency_us", "wait_ms", "wait_kind", "empty"));
                break;
            }
        }
    }

    /** JoinGroup is held until the group forms: within its rebalance timeout that is an expected wait, marked. */
    @Test
    void groupWaitsWithinTheRebalanceTimeoutAreMarked() throws IOException {
        JsonNode join = null;
        for (JsonNode s : analyze("kafkajs.pcap").get("slowest")) {
            if (s.get("api").asText().equals("JoinGroup") && join == null) {
                join = s;
            }
        }
        assertEquals("latency_us=50163 wait_ms=60000 wait_kind=\"rebalance\" empty=null expected_wait=true",
                compact(join, "latency_us", "wait_ms", "wait_kind", "empty", "expected_wait"));
        JsonNode kcatJoin = analyze("kcat.pcap").get("slowest").get(0);
        assertEquals("api=\"JoinGroup\" latency_us=79689 wait_ms=300000 expected_wait=true",
                compact(kcatJoin, "api", "latency_us", "wait_ms", "expected_wait"));
    }

    /** Every exchange's event carries its wait: kafkajs's group joins and sync (rebalance timeout 60 s), its Fetches. */
    @Test
    void eventsCarryTheirWait() {
        CliRun run = CliRun.of("analyze", "-q", "--format", "ndjson", TestCaptures.path("kafkajs.pcap").toString());
        List<String> waits = new ArrayList<>();
        for (String line : run.out().split("\n")) {
            if (line.contains("\"wait_kind\":\"")) {
                waits.add(line.replaceAll(".*\"api\":\"(\\w+)\".*\"latency_us\":(\\d+),(\"wait_ms.*expected_wait\":\\w+).*",
                        "$1 $2 $3"));
            }
        }
        assertEquals(List.of(
                "JoinGroup 16102 \"wait_ms\":60000,\"wait_kind\":\"rebalance\",\"empty\":null,\"long_poll\":false,\"expected_wait\":true",
                "JoinGroup 50163 \"wait_ms\":60000,\"wait_kind\":\"rebalance\",\"empty\":null,\"long_poll\":false,\"expected_wait\":true",
                "SyncGroup 10926 \"wait_ms\":60000,\"wait_kind\":\"rebalance\",\"empty\":null,\"long_poll\":false,\"expected_wait\":true",
                "Fetch 38852 \"wait_ms\":5000,\"wait_kind\":\"long_poll\",\"empty\":false,\"long_poll\":false,\"expected_wait\":false",
                "Fetch 5012626 \"wait_ms\":5000,\"wait_kind\":\"long_poll\",\"empty\":true,\"long_poll\":true,\"expected_wait\":false"),
                waits);
    }

    /** sasl-plain holds kafka-clients 4.4.0 and kcat (librdkafka 2.0.2): their ApiVersions v3+ requests say so. */
    @Test
    void clientsAreKeyedByAddressAndClientIdWithTheirSoftware() throws IOException {
        List<String> clients = new ArrayList<>();
        for (JsonNode c : analyze("sasl-plain.pcap", "--port", "9094").get("clients")) {
            clients.add(c.get("address").asText() + " " + c.get("client_id").asText() + " " + c.get("software_name").asText()
                    + "/" + c.get("software_version").asText() + " " + c.get("error_codes"));
        }
        assertEquals(List.of("127.0.0.1 kcat-sasl librdkafka/2.0.2 {}",
                "127.0.0.1 sasl-bad-password null/null {\"SASL_AUTHENTICATION_FAILED\":1}",
                "127.0.0.1 sasl-topic-admin apache-kafka-java/4.4.0 {}",
                "127.0.0.1 sasl-topic-consumer apache-kafka-java/4.4.0 {\"COORDINATOR_NOT_AVAILABLE\":1,\"MEMBER_ID_REQUIRED\":1}",
                "127.0.0.1 sasl-topic-producer apache-kafka-java/4.4.0 {\"COORDINATOR_LOAD_IN_PROGRESS\":1}"), clients);

        JsonNode group = analyze("kcat.pcap").get("clients").get(2);
        assertEquals("client_id=\"kcat-group-consumer\" connections=2 requests=18 errors=2 error_responses=2 "
                + "first_seen=\"2026-11-29T17:30:32.799847Z\" last_seen=\"2026-11-29T17:30:35.449194Z\"",
                compact(group, "client_id", "connections", "requests", "errors", "error_responses", "first_seen", "last_seen"));
        JsonNode old = analyze("old-client-0.10.2.2.pcap", "--port", "9192").get("clients").get(0);
        assertEquals("{\"ApiVersions\":[0],\"Fetch\":[3],\"FindCoordinator\":[0],\"JoinGroup\":[1],\"LeaveGroup\":[0],"
                + "\"ListOffsets\":[1],\"Metadata\":[2],\"OffsetCommit\":[2],\"OffsetFetch\":[2],\"SyncGroup\":[0]}",
                old.get("api_versions").toString());
    }

    /**
     * kafka-clients 0.10.2.2 uses Produce v2, Fetch v3 and JoinGroup v1, all removed by Kafka 4.0 (KIP-896): a 4.0
     * broker closes those connections. Kafka 4.1's schemas accept JoinGroup v0-1 again; 3.9 accepts everything.
     */
    @Test
    void readinessListsTheClientsATargetReleaseWouldRefuse() throws IOException {
        JsonNode r = analyze("old-client-0.10.2.2.pcap", "--port", "9192").get("readiness");
        assertEquals("target=\"4.0\" release=\"4.0.0\" clients_affected=3 requests=5",
                compact(r, "target", "release", "clients_affected", "requests"));
        assertEquals("[{\"client_id\":\"old0_10_2_2-consumer\",\"address\":\"127.0.0.1\",\"software_name\":null,"
                + "\"software_version\":null,\"apis\":[{\"api\":\"Fetch\",\"api_key\":1,\"versions\":[3],\"accepted\":\"4-17\","
                + "\"requests\":2,\"frames\":[91,99],\"broker_action\":\"close\",\"unknown_versions\":[]},{\"api\":\"JoinGroup\",\"api_key\":11,"
                + "\"versions\":[1],\"accepted\":\"2-9\",\"requests\":1,\"frames\":[74],\"broker_action\":\"close\",\"unknown_versions\":[]}]},"
                + "{\"client_id\":\"old0_10_2_2-producer-gzip\",\"address\":\"127.0.0.1\",\"software_name\":null,"
                + "\"software_version\":null,\"apis\":[{\"api\":\"Produce\",\"api_key\":0,\"versions\":[2],\"accepted\":\"3-12\","
                + "\"requests\":1,\"frames\":[47],\"broker_action\":\"close\",\"unknown_versions\":[]}]},{\"client_id\":\"old0_10_2_2-producer-none\","
                + "\"address\":\"127.0.0.1\",\"software_name\":null,\"software_version\":null,\"apis\":[{\"api\":\"Produce\","
                + "\"api_key\":0,\"versions\":[2],\"accepted\":\"3-12\",\"requests\":1,\"frames\":[20],"
                + "\"broker_action\":\"close\",\"unknown_versions\":[]}]}]", r.get("clients").toString());

        JsonNode r44 = analyze("old-client-0.10.2.2.pcap", "--port", "9192", "--target-kafka", "4.4").get("readiness");
        assertEquals("release=\"4.4.0\" clients_affected=3 requests=4", compact(r44, "release", "clients_affected", "requests"));
        assertEquals("[{\"api\":\"Fetch\",\"api_key\":1,\"versions\":[3],\"accepted\":\"4-18\",\"requests\":2,"
                + "\"frames\":[91,99],\"broker_action\":\"close\",\"unknown_versions\":[]}]", r44.get("clients").get(0).get("apis").toString());
        JsonNode r39 = analyze("old-client-0.10.2.2.pcap", "--port", "9192", "--target-kafka", "3.9.1").get("readiness");
        assertEquals("release=\"3.9.1\" clients_affected=0 requests=0", compact(r39, "release", "clients_affected", "requests"));
        // today's clients are ready
        assertEquals(0, analyze("java-basic.pcap").get("readiness").get("clients_affected").asInt());
        assertEquals(0, analyze("kafkajs.pcap").get("readiness").get("clients_affected").asInt());

        CliRun bad = CliRun.of("analyze", "--target-kafka", "5.0", TestCaptures.path("kcat.pcap").toString());
        assertEquals(2, bad.exit());
        assertEquals("kwire: --target-kafka 5.0: kwire carries the schemas of Kafka 4.4.0, 4.3.1, 4.2.2, 4.1.2, 4.0.0, 3.9.1 "
                + "(give one of them, or its major.minor)\n", bad.err());
        // Kafka 4.1 took JoinGroup v0-1 back: from 4.1 on, only the Produce and Fetch requests are refused
        JsonNode r41 = analyze("old-client-0.10.2.2.pcap", "--port", "9192", "--target-kafka", "4.1").get("readiness");
        assertEquals("release=\"4.1.2\" clients_affected=3 requests=4", compact(r41, "release", "clients_affected", "requests"));
    }

    /** java-basic's broker (Kafka 4.4.0) in its ApiVersions v5 responses; it still lists Produce from v0 (KAFKA-18659). */
    @Test
    void brokersSayWhatTheyAccept() throws IOException {
        JsonNode b = analyze("java-basic.pcap").get("brokers");
        assertEquals(1, b.size());
        assertEquals("broker=\"127.0.0.1:9092\" api_versions_responses=17 frame=313 response_version=5 "
                + "finalized_features_epoch=52", compact(b.get(0), "broker", "api_versions_responses", "frame",
                "response_version", "finalized_features_epoch"));
        assertEquals(77, b.get(0).get("apis").size());
        assertEquals("{\"min\":0,\"max\":13}", b.get(0).get("apis").get("Produce").toString());
        assertEquals("{\"min\":4,\"max\":18}", b.get(0).get("apis").get("Fetch").toString());
        assertEquals("{\"eligible.leader.replicas.version\":{\"min\":1,\"max\":1},\"group.version\":{\"min\":1,\"max\":1},"
                + "\"metadata.version\":{\"min\":33,\"max\":33},\"share.version\":{\"min\":2,\"max\":2},"
                + "\"streams.version\":{\"min\":1,\"max\":1},\"transaction.version\":{\"min\":2,\"max\":2}}",
                b.get(0).get("finalized_features").toString());
    }

    /**
     * transactions.pcap (made with CaptureMaker): one transactional producer, a committed and an aborted transaction.
     * With transaction.version 2 (KIP-890) the client sends no AddPartitionsToTxn and no AddOffsetsToTxn: the broker
     * adds the partitions for it (AddPartitionsToTxn v5, the transactional.id nested, 18 partitions counting
     * __consumer_offsets' for the offsets), and its offsets go in TxnOffsetCommit. InitProducerId is retried while the
     * coordinator loads, Produce and the broker's AddPartitionsToTxn while the previous transaction completes
     * (CONCURRENT_TRANSACTIONS).
     */
    @Test
    void transactionsAtAGlance() throws IOException {
        JsonNode r = analyze("transactions.pcap", "--port", "43085");
        assertEquals(1, r.get("transactions").size());
        assertEquals("{\"transactional_id\":\"kwire-txn-producer-1\",\"producer_ids\":[0],\"producer_epoch\":1,"
                + "\"init_producer_id\":10,\"partitions_added\":18,\"topics\":[\"__consumer_offsets\",\"kwire-txn\"],"
                + "\"produce_requests\":6,"
                + "\"produced_records\":7,\"add_offsets\":0,\"offsets_committed\":9,\"groups\":[\"kwire-txn-group\"],"
                + "\"commits\":1,\"aborts\":1,\"commit_markers\":1,\"abort_markers\":1,\"errors\":26,"
                + "\"error_codes\":{\"CONCURRENT_TRANSACTIONS\":9,\"COORDINATOR_LOAD_IN_PROGRESS\":1,\"NOT_COORDINATOR\":16},"
                + "\"first_seen\":\"2026-12-01T11:03:29.269682Z\",\"last_seen\":\"2026-12-01T11:03:34.539400Z\"}",
                r.get("transactions").get(0).toString());
        // the same markers from the log's side (issue 23): distinct, with the producer epochs and coordinator epoch of
        // the marker batches (transaction.version 2 ends each transaction with a bumped epoch)
        assertEquals("{\"producers\":[{\"producer_id\":0,\"transactional_id\":\"kwire-txn-producer-1\",\"commits\":1,"
                + "\"aborts\":1,\"partitions\":1,\"topics\":[\"kwire-txn\"],\"producer_epochs\":[1,2],"
                + "\"coordinator_epochs\":[0],\"first\":\"2026-12-01T11:03:33.138Z\",\"last\":\"2026-12-01T11:03:33.377Z\"}],"
                + "\"markers\":2,\"sightings\":2,\"omitted\":0}", r.at("/internal_records/transaction_markers").toString());
        assertEquals(0, analyze("java-basic.pcap").get("transactions").size(), "idempotent, not transactional");
    }

    /** Erroring exchanges' topics are listed with --errors-only, and error counts come as occurrences and responses. */
    @Test
    void filteredViewsAddUp() throws IOException {
        JsonNode errors = analyze("kcat.pcap", "--errors-only");
        List<String> topics = new ArrayList<>();
        errors.get("topics").forEach(t -> topics.add(t.get("topic").asText() + " " + t.get("requests") + " " + t.get("errors")));
        assertEquals(List.of("kcat-lz4 {\"Metadata\":1} 1", "kcat-snappy {\"Metadata\":1} 1"), topics);
        JsonNode metadata = api(errors, "Metadata").get("errors").get(0);
        assertEquals("name=\"UNKNOWN_TOPIC_OR_PARTITION\" count=2 responses=2 topics=[\"kcat-lz4\",\"kcat-snappy\"]",
                compact(metadata, "name", "count", "responses", "topics"));
    }

    /** A capture of HTTP only: the warning says so and which port carried it; --strict fails on it. */
    @Test
    void aCaptureWithoutKafkaSaysWhatItHeld() throws IOException {
        String file = TestCaptures.path("http-only.pcap").toString();
        CliRun run = CliRun.of("analyze", "-q", file);
        assertEquals(0, run.exit());
        String verdict = "no Kafka traffic found: nothing on port 9092; the TCP traffic was on port 33429: HTTP "
                + "(1 connection, 457 bytes). Is --port right?";
        assertEquals("kwire: warning: " + verdict + "\n", run.err());
        assertEquals("warning [capture]: " + verdict, run.json().get("warnings").get(0).asText());
        assertEquals(4, CliRun.of("analyze", "-q", "--strict", file).exit());
        assertTrue(CliRun.of("analyze", "-q", "--strict", TestCaptures.path("kcat.pcap").toString()).err().isEmpty());
    }
}
