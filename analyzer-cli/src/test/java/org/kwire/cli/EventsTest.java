package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** {@code analyze --format ndjson|es-bulk}: the events of a real capture add up to its report; the bulk body is valid. */
class EventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<JsonNode> lines(String text) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            out.add(JSON.readTree(line));
        }
        return out;
    }

    @Test
    void eventsAddUpToTheReportsCounts() throws IOException {
        for (String capture : List.of("java-basic.pcap", "java-basic-drop3.pcap", "kcat.pcap")) {
            String file = TestCaptures.path(capture).toString();
            JsonNode report = CliRun.of("analyze", "-q", file).json();
            CliRun run = CliRun.of("analyze", "-q", "--format", "ndjson", file);
            assertEquals(0, run.exit(), run.err());
            Map<String, long[]> perApi = new TreeMap<>(); // requests, responses, latencies, errors, produced records
            long withoutApi = 0;
            for (JsonNode e : lines(run.out())) {
                if (List.of("rebalance", "leader_change").contains(e.get("type").asText())) {
                    continue; // the report's events, after the exchanges'
                }
                if (e.get("api").isNull()) {
                    withoutApi++;
                    continue;
                }
                long[] c = perApi.computeIfAbsent(e.get("api").asText(), a -> new long[5]);
                c[0] += e.get("request_frame").isNull() ? 0 : 1;
                c[1] += e.get("response_frame").isNull() ? 0 : 1;
                c[2] += e.get("latency_us").isNull() ? 0 : 1;
                c[3] += e.get("errors").size();
                c[4] += e.get("api").asText().equals("Produce") ? e.get("records").asLong() : 0;
            }
            Map<String, long[]> expected = new TreeMap<>();
            for (JsonNode a : report.get("apis")) {
                long errors = 0;
                for (JsonNode err : a.get("errors")) {
                    errors += err.get("count").asLong();
                }
                // long-polls answered empty at their wait time have a latency, but the report keeps them apart
                long latencies = (a.get("latency_us").isNull() ? 0 : a.get("latency_us").get("count").asLong())
                        + a.get("long_polls").asLong();
                expected.put(a.get("name").asText(), new long[]{a.get("requests").asLong(), a.get("responses").asLong(),
                        latencies, errors, 0});
            }
            long produced = 0;
            for (JsonNode p : report.get("partitions")) {
                produced += p.get("produce").isNull() ? 0 : p.get("produce").get("records").asLong();
            }
            if (expected.containsKey("Produce")) {
                expected.get("Produce")[4] = produced;
            }
            assertEquals(toText(expected), toText(perApi), capture);
            assertEquals(report.get("responses_without_request").asLong(), withoutApi, capture);
        }
    }

    /**
     * After the exchanges, the report's rebalances and leader changes: java-basic.pcap's one rebalance (basic-group
     * formed generation 1 as basic-consumer joined), field for field as the report has it; on the shared real cluster
     * run, its two rebalances and the two leader moves off the killed broker 2 (ReplicationTest's truth).
     */
    @Test
    void rebalancesAndLeaderChangesFollowTheExchanges() throws Exception {
        String file = TestCaptures.path("java-basic.pcap").toString();
        JsonNode b = CliRun.of("analyze", "-q", file).json().at("/consumer_groups/groups/0/rebalances/0");
        List<JsonNode> events = lines(CliRun.of("analyze", "-q", "--format", "ndjson", file).out());
        assertEquals(74, events.size());
        assertTrue(events.subList(0, 73).stream().allMatch(e -> e.get("type").asText().equals("exchange")));
        JsonNode e = events.get(73);
        assertEquals(List.of("rebalance", "basic-group", "classic", "1", "-1", b.get("start").asText(), b.get("end").asText(),
                        b.get("duration_ms").asText(), "[]", b.get("members_after").toString(), b.get("causes").toString()),
                List.of(e.get("type").asText(), e.get("group").asText(), e.get("group_type").asText(),
                        e.get("generation_id").asText(), e.get("group_epoch").asText(), e.get("start").asText(),
                        e.get("end").asText(), e.get("duration_ms").asText(), e.get("members_before").toString(),
                        e.get("members_after").toString(), e.get("causes").toString()));
        assertEquals(b.get("start").asText(), e.get("timestamp").asText());
        assertEquals(Instant.parse(b.get("start").asText()).toEpochMilli(), e.get("timestamp_us").asLong() / 1000);
        assertEquals(1, b.get("members_after").size());

        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isRegularFile(SharedCluster.CAPTURE), "no shared capture");
        List<String> changes = new ArrayList<>();
        List<String> rebalances = new ArrayList<>();
        for (JsonNode x : lines(CliRun.of("analyze", "-q", "--format", "ndjson", "--port", "9292,9293,9294,9299",
                SharedCluster.CAPTURE.toString()).out())) {
            if (x.get("type").asText().equals("leader_change")) {
                changes.add(x.get("topic").asText() + "/" + x.get("partition").asInt() + " " + x.get("previous_leader_id")
                        + "->" + x.get("leader_id") + " epoch " + x.get("previous_leader_epoch") + "->"
                        + x.get("leader_epoch") + " frame " + x.get("response_frame") + " " + x.get("api").asText());
            } else if (x.get("type").asText().equals("rebalance")) {
                rebalances.add(x.get("group").asText() + " " + x.get("generation_id") + " " + x.get("members_before").size()
                        + "->" + x.get("members_after").size() + " " + x.get("end").isNull());
            }
        }
        assertEquals(List.of("orders/0 2->3 epoch 0->1 frame 4782 Metadata", "orders/5 2->1 epoch 0->1 frame 4782 Metadata"),
                changes);
        assertEquals(List.of("cluster-group 1 0->2 false", "cluster-group -1 2->0 true"), rebalances);
    }

    private static Map<String, String> toText(Map<String, long[]> m) {
        Map<String, String> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, java.util.Arrays.toString(v)));
        return out;
    }

    @Test
    void oneEventHasEveryFieldWithItsValue() throws IOException {
        CliRun run = CliRun.of("analyze", "-q", "--format", "ndjson", "--api", "FindCoordinator", "--errors-only",
                TestCaptures.path("java-basic.pcap").toString());
        List<JsonNode> events = lines(run.out());
        assertEquals(1, events.size(), run.out());
        JsonNode e = events.get(0);
        assertEquals("exchange", e.get("type").asText());
        assertEquals("FindCoordinator", e.get("api").asText());
        assertEquals(10, e.get("api_key").asInt());
        assertEquals(6, e.get("request_version").asInt());
        assertEquals(15, e.get("errors").get(0).get("code").asInt());
        assertEquals("COORDINATOR_NOT_AVAILABLE", e.get("errors").get(0).get("name").asText());
        assertEquals(e.get("response_timestamp_us").asLong() - e.get("request_timestamp_us").asLong(), e.get("latency_us").asLong());
        assertEquals(Instant.parse(e.get("timestamp").asText()).toEpochMilli(), e.get("timestamp_us").asLong() / 1000);
    }

    /**
     * A bulk-format check as Elasticsearch's _bulk endpoint reads the body: action line then document, each a JSON
     * object on one line, the action {"index":{"_index":NAME}}, every document field declared in docs/es-mapping.json
     * (dynamic: strict) with a value of its mapped type.
     */
    @Test
    void esBulkBodyIsValidAgainstTheShippedMapping(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path out = dir.resolve("bulk.ndjson");
        CliRun run = CliRun.of("analyze", "-q", "--format", "es-bulk", "--index", "kafka-2026.11", "-o", out.toString(),
                TestCaptures.path("java-basic.pcap").toString());
        assertEquals(0, run.exit(), run.err());
        String body = Files.readString(out);
        assertTrue(body.endsWith("\n"), "a bulk body ends with a newline");
        List<JsonNode> lines = lines(body);
        assertEquals(2 * (73 + 1), lines.size(), "an action and a document per exchange (73 in java-basic.pcap) and "
                + "per rebalance (1)");
        JsonNode mapping = JSON.readTree(Path.of("../docs/es-mapping.json").toFile()).get("mappings");
        assertEquals("strict", mapping.get("dynamic").asText());
        for (int i = 0; i < lines.size(); i += 2) {
            assertEquals("{\"index\":{\"_index\":\"kafka-2026.11\"}}", lines.get(i).toString(), "line " + (i + 1));
            conforms(lines.get(i + 1), mapping.get("properties"), "line " + (i + 2));
        }
    }

    private static void conforms(JsonNode doc, JsonNode properties, String where) {
        assertTrue(doc.isObject(), where);
        for (Iterator<Map.Entry<String, JsonNode>> it = doc.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode type = properties.get(f.getKey());
            if (type == null) {
                fail(where + ": field " + f.getKey() + " is not in the mapping");
            }
            for (JsonNode v : f.getValue().isArray() ? f.getValue() : JSON.createArrayNode().add(f.getValue())) {
                value(v, type, where + " " + f.getKey());
            }
        }
    }

    private static void value(JsonNode v, JsonNode type, String where) {
        if (v.isNull()) {
            return;
        }
        switch (type.get("type").asText()) {
            case "keyword" -> assertTrue(v.isTextual(), where);
            case "long", "integer" -> assertTrue(v.isIntegralNumber(), where);
            case "double" -> assertTrue(v.isNumber(), where);
            case "boolean" -> assertTrue(v.isBoolean(), where);
            case "date" -> Instant.parse(v.asText());
            case "nested" -> conforms(v, type.get("properties"), where);
            default -> fail(where + ": unexpected mapping type " + type);
        }
    }
}
