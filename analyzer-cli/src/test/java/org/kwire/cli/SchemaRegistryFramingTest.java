package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's {@code schema_registry} section (issue 23, item 4) on real traffic: the {@link FramedWorkload}'s
 * producers and consumer against a real broker, captured on loopback (root only; skipped otherwise), and the committed
 * capture of the same workload ({@code test-captures/schema-registry.pcap}, runs everywhere). Counts are what the
 * workload wrote; {@code --jobs 2} over the capture split in files and the merge of their partials give the same.
 */
class SchemaRegistryFramingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path COMMITTED = Path.of("../test-captures/schema-registry.pcap");

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aRealProducersFramingPerTopicAndClient(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        Path capture = dir.resolve("sr.pcap");
        int port;
        try (KafkaClusterTestKit cluster = TestBroker.start(dir.resolve("kafka"), Map.of())) {
            port = TestBroker.port(cluster);
            FramedWorkload.createTopic(cluster.bootstrapServers());
            Tcpdump t = Tcpdump.start(port, capture);
            try {
                FramedWorkload.run(cluster.bootstrapServers());
            } finally {
                assertEquals(0, t.stop(), "kernel drops");
            }
        }
        List<String> options = List.of("--port", String.valueOf(port), "--deep");
        JsonNode report = analyze(capture, options);
        assertSection(report.get("schema_registry"));
        SameReport.assertSameSplit(report, Splits.split(capture, 25, dir.resolve("split")), options, dir);
    }

    @Test
    void theCommittedCapture(@TempDir Path dir) throws Exception {
        List<String> options = List.of("--port", "42535", "--deep");
        JsonNode report = analyze(COMMITTED, options);
        JsonNode section = report.get("schema_registry");
        assertSection(section);
        // the frames of the Produce requests (tshark 4.0.17: 23 26 29 31 33 | 35 37 39 | 41 43 plain | 45 47 | 49 51)
        // and of the one Fetch response that returned all 16 records (its last packet, 110)
        assertEquals(List.of("3 prefix 23-33", "9 header 49-51"), frames(section.get("topics").get(0).get("key")));
        assertEquals(List.of("7 prefix 23-33", "42 prefix 35-39", FramedWorkload.G2 + " header 49-51",
                FramedWorkload.G1 + " prefix 45-47"), frames(section.get("topics").get(0).get("value")));
        assertEquals(List.of("7 prefix 110-110", "42 prefix 110-110", FramedWorkload.G2 + " header 110-110",
                FramedWorkload.G1 + " prefix 110-110"), frames(section.get("topics").get(1).get("value")));
        assertEquals(frames(section.get("topics").get(0).get("value")),
                frames(section.get("clients").get(0).get("value")));
        SameReport.assertSameSplit(report, Splits.split(COMMITTED, 25, dir.resolve("split")), options, dir);
    }

    /** The text summary's line, the page's tables and the dissected trees of the committed capture. */
    @Test
    void textPageAndTrees(@TempDir Path dir) throws Exception {
        CliRun text = CliRun.of("analyze", "--format", "text", "--deep", "--port", "42535", COMMITTED.toString());
        assertEquals(0, text.exit(), text.err());
        assertEquals("sr-orders values: id 7 (5), id 42 (3), guid 0f1e2d3c... in headers (2), guid 89791762... (2); "
                + "4 of 16 without (sr-avro-producer 2, sr-plain-producer 2)", EndToEndTest.entry(text.out(), "Schema ids"));
        assertTrue(text.out().contains("\n! Schema ids "), "a framed topic with records without a schema id needs a look");
        Path json = dir.resolve("sr.json");
        assertEquals(0, CliRun.of("analyze", "-q", "--deep", "--port", "42535", "-o", json.toString(),
                COMMITTED.toString()).exit());
        org.jsoup.nodes.Document page = ReportPages.parse(ReportPages.page(json));
        List<List<String>> rows = ReportPages.cells(page, "table-schema-ids");
        assertEquals(12, rows.size());
        assertEquals(List.of(List.of("sr-orders", "produce", "key", "no", "id 3", "prefix", "5", "16", "23", "33"),
                List.of("sr-orders", "produce", "value", "yes", "guid " + FramedWorkload.G2, "header", "2", "16", "49",
                        "51")), List.of(rows.get(0), rows.get(4)));
        assertEquals(List.of(List.of("sr-avro-producer", "sr-orders", "14", "7", "2"),
                List.of("sr-plain-producer", "sr-orders", "2", "2", "2")), ReportPages.cells(page, "table-schema-clients"));

        String redacted = CliRun.of("dissect", "--port", "42535", "--frame", "23", COMMITTED.toString()).out();
        assertTrue(redacted.contains("= Schema Registry id 7, not shown"), "the value's schema id, its payload redacted");
        assertTrue(redacted.matches("(?s).*\\+-- schemaId +int32 += 7 +\\[0x000e, 4B, decompressed\\].*"), redacted);
        String shown = CliRun.of("dissect", "--records", "--port", "42535", "--frame", "49", COMMITTED.toString()).out();
        assertTrue(shown.matches("(?s).*headerValue +bytes += \"AQ8eLTxLWkl4h5altMPS4fA=\" Schema Registry guid "
                + FramedWorkload.G2
                + ", base64 .*\\+-- schemaGuid +uuid += \"" + FramedWorkload.G2 + "\".*"), shown);
    }

    @Test
    void withoutDeepTheSectionSaysItWasNotCollected() throws Exception {
        JsonNode section = analyze(COMMITTED, List.of("--port", "42535")).get("schema_registry");
        assertEquals(JSON.readTree("{\"collected\":false,\"topics\":[],\"clients\":[],\"omitted\":0}"), section);
    }

    private static JsonNode analyze(Path capture, List<String> options) throws Exception {
        List<String> args = new ArrayList<>(List.of("analyze", "-q", "--format", "json"));
        args.addAll(options);
        args.add(capture.toString());
        return CliRun.of(args.toArray(String[]::new)).json();
    }

    /**
     * The workload's counts exactly; each schema's first and last frame in the order the records were sent (one
     * Produce request each, each waited for; the consumer's fetches after all of them).
     */
    static void assertSection(JsonNode s) throws Exception {
        System.out.println(s.toPrettyString());
        String values = "{'framed':true,'framed_records':12,'unframed_records':4,'ids':["
                + "{'schema_id':7,'schema_guid':null,'source':'prefix','records':5},"
                + "{'schema_id':42,'schema_guid':null,'source':'prefix','records':3},"
                + "{'schema_id':null,'schema_guid':'" + FramedWorkload.G2 + "','source':'header','records':2},"
                + "{'schema_id':null,'schema_guid':'" + FramedWorkload.G1 + "','source':'prefix','records':2}]}";
        String keys = "{'framed':false,'framed_records':7,'unframed_records':9,'ids':["
                + "{'schema_id':3,'schema_guid':null,'source':'prefix','records':5},"
                + "{'schema_id':9,'schema_guid':null,'source':'header','records':2}]}";
        String topic = "{'topic':'sr-orders','direction':'%s','records':16,'key':" + keys + ",'value':" + values + "}";
        String expected = "{'collected':true,'topics':[" + topic.formatted("produce") + "," + topic.formatted("fetch")
                + "],'clients':[{'client_id':'" + FramedWorkload.FRAMED + "','topic':'sr-orders','records':14,"
                + "'key':" + keys.replace("'unframed_records':9", "'unframed_records':7") + ","
                + "'value':" + values.replace("'unframed_records':4", "'unframed_records':2") + "},"
                + "{'client_id':'" + FramedWorkload.PLAIN + "','topic':'sr-orders','records':2,"
                + "'key':{'framed':false,'framed_records':0,'unframed_records':2,'ids':[]},"
                + "'value':{'framed':false,'framed_records':0,'unframed_records':2,'ids':[]}}],'omitted':0}";
        assertEquals(JSON.readTree(expected.replace('\'', '"')), withoutFrames(s));
        JsonNode produced = s.get("topics").get(0);
        List<Long> order = new ArrayList<>();
        for (int i : new int[] {0, 1, 3, 2}) { // values as sent: 7, 42, G1, then G2 (header)
            JsonNode id = produced.get("value").get("ids").get(i);
            assertTrue(id.get("first_frame").asLong() < id.get("last_frame").asLong(), id.toString());
            order.add(id.get("first_frame").asLong());
            order.add(id.get("last_frame").asLong());
        }
        assertEquals(order.stream().sorted().toList(), order, "each schema's records sent after the one before");
        long lastProduced = order.get(order.size() - 1);
        for (JsonNode id : s.get("topics").get(1).get("value").get("ids")) {
            assertTrue(id.get("first_frame").asLong() > lastProduced, "fetched after all was produced: " + id);
        }
    }

    private static List<String> frames(JsonNode side) {
        List<String> out = new ArrayList<>();
        for (JsonNode id : side.get("ids")) {
            out.add((id.get("schema_id").isNull() ? id.get("schema_guid").asText() : id.get("schema_id").asText()) + " "
                    + id.get("source").asText() + " " + id.get("first_frame") + "-" + id.get("last_frame"));
        }
        return out;
    }

    private static JsonNode withoutFrames(JsonNode s) {
        JsonNode copy = s.deepCopy();
        for (String list : new String[] {"topics", "clients"}) {
            for (JsonNode entry : copy.get(list)) {
                for (String side : new String[] {"key", "value"}) {
                    for (JsonNode id : entry.path(side).path("ids")) {
                        ((ObjectNode) id).remove(List.of("first_frame", "last_frame"));
                    }
                }
            }
        }
        return copy;
    }
}
