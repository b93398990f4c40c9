package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.server.common.MetadataVersion;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire dissect --records} on the KRaft quorum capture (3 controller-only Kafka 4.4.0 nodes, ids 1-3 on
 * 127.0.0.1:19093-19095): the controllers' metadata log as they replicate it to each other, its control records
 * (LeaderChangeMessage, KRaftVersionRecord, VotersRecord) and metadata records decoded by their schemas, with exact
 * values; the voters' endpoints agree with Kafka's own DescribeQuorum answer in the same capture, the feature level
 * with Kafka's {@code MetadataVersion} of the release that wrote it.
 */
class InternalRecordsDissectTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] PORTS = {"--port", "19093", "--port", "19094", "--port", "19095"};

    private static List<JsonNode> frames(String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("dissect", TestCaptures.path("kraft-quorum.pcap").toString()));
        args.addAll(List.of(PORTS));
        args.addAll(List.of(extra));
        return run(args);
    }

    private static List<JsonNode> run(List<String> args) throws IOException {
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.err());
        List<JsonNode> out = new ArrayList<>();
        for (String line : run.out().split("\n")) {
            out.add(JSON.readTree(line));
        }
        return out;
    }

    /** Every tree node below {@code n} that {@code which} accepts, depth first. */
    private static List<JsonNode> nodes(JsonNode n, Predicate<JsonNode> which) {
        List<JsonNode> out = new ArrayList<>();
        if (which.test(n)) {
            out.add(n);
        }
        for (JsonNode c : n.path("children")) {
            out.addAll(nodes(c, which));
        }
        return out;
    }

    private static JsonNode child(JsonNode n, String name) {
        return nodes(n, c -> c.path("name").asText().equals(name)).get(0);
    }

    @Test
    void theMetadataLogTheControllersReplicateIsDecodedByItsSchemas() throws IOException {
        List<JsonNode> trees = frames("--records", "--format", "json").stream().map(f -> f.get("tree")).toList();
        List<JsonNode> parts = new ArrayList<>();
        trees.forEach(t -> parts.addAll(nodes(t, n -> n.path("detail").asText().matches("(control|metadata) \\w+ (key|value).*"))));
        Map<String, Integer> values = new TreeMap<>();
        parts.stream().filter(n -> n.get("name").asText().equals("value"))
                .forEach(n -> values.merge(n.get("detail").asText(), 1, Integer::sum));
        // the Fetch responses replicating the log and a FetchSnapshot response (a snapshot's header and footer)
        Map<String, Integer> expected = new TreeMap<>(Map.of("control KRaftVersionRecord value v0", 4,
                "control LeaderChangeMessage value v0", 4, "control SnapshotFooterRecord value v0", 1,
                "control SnapshotHeaderRecord value v0", 1, "control VotersRecord value v0", 8,
                "metadata BeginTransactionRecord value v0", 2, "metadata ConfigRecord value v0", 3,
                "metadata EndTransactionRecord value v0", 2, "metadata FeatureLevelRecord value v0", 18,
                "metadata NoOpRecord value v0", 141));
        expected.put("metadata RegisterControllerRecord value v0", 11);
        assertEquals(expected, values);
        assertTrue(trees.stream().allMatch(t -> nodes(t, n -> n.path("notes").toString().contains("schema_")).isEmpty()),
                "no schema_unknown or schema_malformed note");

        JsonNode feature = parts.stream().filter(n -> n.get("detail").asText().equals("metadata FeatureLevelRecord value v0"))
                .filter(n -> child(n, "Name").get("value").asText().equals("metadata.version")).findFirst().orElseThrow();
        assertEquals(List.of(1, 12, 0), List.of(child(feature, "frameVersion").get("value").asInt(),
                child(feature, "type").get("value").asInt(), child(feature, "version").get("value").asInt()));
        assertEquals(33, child(feature, "FeatureLevel").get("value").asInt());
        assertEquals(MetadataVersion.latestProduction().featureLevel(), child(feature, "FeatureLevel").get("value").asInt(),
                "the metadata.version Kafka 4.4.0 writes");

        JsonNode leader = parts.stream().filter(n -> n.get("detail").asText().equals("control LeaderChangeMessage value v0"))
                .findFirst().orElseThrow();
        assertEquals(1, child(leader, "LeaderId").get("value").asInt());
        assertEquals(List.of(1, 2, 3), nodes(child(leader, "Voters"), n -> n.get("name").asText().equals("VoterId"))
                .stream().map(n -> n.get("value").asInt()).toList());
        assertEquals(List.of(1, 2), nodes(child(leader, "GrantingVoters"), n -> n.get("name").asText().equals("VoterId"))
                .stream().map(n -> n.get("value").asInt()).toList());

        JsonNode voters = parts.stream().filter(n -> n.get("detail").asText().equals("control VotersRecord value v0"))
                .findFirst().orElseThrow();
        Map<Integer, Integer> ports = new TreeMap<>();
        for (JsonNode voter : nodes(voters, n -> n.get("name").asText().matches("Voter\\[\\d]"))) {
            assertEquals("CONTROLLER", child(voter, "Name").get("value").asText());
            assertEquals("127.0.0.1", child(voter, "Host").get("value").asText());
            ports.put(child(voter, "VoterId").get("value").asInt(), child(voter, "Port").get("value").asInt());
        }
        assertEquals(Map.of(1, 19093, 2, 19094, 3, 19095), ports);
        // Kafka's own answer in the same capture: DescribeQuorum's nodes and their listeners
        JsonNode quorum = frames("--api", "DescribeQuorum", "--format", "values").stream()
                .filter(f -> f.get("direction").asText().equals("response")).findFirst().orElseThrow().get("body");
        Map<Integer, Integer> described = new TreeMap<>();
        quorum.get("nodes").forEach(n -> described.put(n.get("nodeId").asInt(), n.get("listeners").get(0).get("port").asInt()));
        assertEquals(described, ports);
    }

    /**
     * {@code --format values}: beside each records field's size, its Kafka-internal records in Kafka's JSON shape; every
     * value is one Kafka's own generated {@code *JsonConverter} reads and writes back unchanged.
     */
    @Test
    void valuesAreInKafkasOwnJsonShape() throws Exception {
        List<JsonNode> records = new ArrayList<>();
        for (JsonNode f : frames("--records", "--format", "values")) {
            f.get("body").findValues("internal_records").forEach(a -> a.forEach(records::add));
        }
        assertEquals(195, records.size(), "the records the trees show");
        assertEquals("{\"offset\":0,\"timestamp\":1795973774751,\"family\":\"control\",\"type\":\"LeaderChangeMessage\","
                + "\"type_id\":2,\"key_version\":0,\"value_version\":0,\"key\":{\"type\":2},\"value\":{\"version\":0,"
                + "\"leaderId\":1,\"voters\":[{\"voterId\":1},{\"voterId\":2},{\"voterId\":3}],\"grantingVoters\":"
                + "[{\"voterId\":1},{\"voterId\":2}]}}", records.get(0).toString());
        for (JsonNode r : records) {
            String pkg = r.get("family").asText().equals("control") ? "org.apache.kafka.common.message."
                    : "org.apache.kafka.common.metadata.";
            Class<?> converter = Class.forName(pkg + r.get("type").asText() + "JsonConverter");
            short version = (short) r.get("value_version").asInt();
            Object kafka = converter.getMethod("read", JsonNode.class, short.class).invoke(null, r.get("value"), version);
            JsonNode back = (JsonNode) converter.getMethod("write", kafka.getClass(), short.class).invoke(null, kafka, version);
            assertEquals(r.get("value"), JSON.readTree(back.toString()), r.toString());
        }
    }

    /**
     * The brokers of a 3-broker cluster fetching the metadata log from their controller (test-captures/
     * cluster-controller.pcap: broker 2 killed and restarted): the topics created and the brokers' registrations, as
     * each of the three brokers fetched them.
     */
    @Test
    void theBrokersFetchTopicCreationsAndRegistrationsFromTheController() throws IOException {
        List<JsonNode> frames = run(List.of("dissect", TestCaptures.path("cluster-controller.pcap").toString(),
                "--port", "9299", "--records", "--format", "json"));
        Map<String, Integer> topics = new TreeMap<>();
        Map<Integer, Integer> registrations = new TreeMap<>();
        for (JsonNode f : frames) {
            for (JsonNode v : nodes(f.get("tree"), n -> n.path("detail").asText().startsWith("metadata "))) {
                if (v.get("detail").asText().equals("metadata TopicRecord value v0")) {
                    topics.merge(child(v, "Name").get("value").asText(), 1, Integer::sum);
                } else if (v.get("detail").asText().equals("metadata RegisterBrokerRecord value v4")) {
                    registrations.merge(child(v, "BrokerId").get("value").asInt(), 1, Integer::sum);
                }
            }
        }
        assertEquals(Map.of("__consumer_offsets", 3, "orders", 3), topics);
        assertEquals(Map.of(1, 3, 2, 6, 3, 3), registrations, "broker 2 registers again after its restart");
    }
}
