package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code analyze} without and with {@code --deep} (docs/GUIDE.md, "Default and deep analysis"): on real captures every report
 * field is the same but {@code bytes_uncompressed}, null by default and the decompressed sizes with {@code --deep}, and
 * {@code schema_registry}, collected only with {@code --deep}.
 */
class DeepAnalysisTest {

    @Test
    void deepFillsOnlyTheUncompressedSizes() throws IOException {
        // none/gzip/snappy/lz4/zstd producers, legacy wrappers, transaction markers, another client library
        for (String capture : List.of("java-basic.pcap", "old-client-0.10.2.2.pcap", "transactions.pcap", "kafkajs.pcap")) {
            JsonNode headers = analyze(capture);
            JsonNode deep = analyze(capture, "--deep");

            List<JsonNode> defaultSizes = uncompressedSizes(headers);
            List<JsonNode> deepSizes = uncompressedSizes(deep);
            assertTrue(defaultSizes.size() > 0, capture);
            assertEquals(defaultSizes.size(), deepSizes.size(), capture);
            assertTrue(defaultSizes.stream().allMatch(JsonNode::isNull), capture + ": " + defaultSizes);
            assertTrue(deepSizes.stream().allMatch(n -> n.isIntegralNumber() && n.asLong() > 0), capture + ": " + deepSizes);
            // records are walked only with --deep: none of these captures' records names a Schema Registry schema
            assertEquals("{\"collected\":false,\"topics\":[],\"clients\":[],\"omitted\":0}",
                    ((ObjectNode) headers).remove("schema_registry").toString(), capture);
            assertEquals("{\"collected\":true,\"topics\":[],\"clients\":[],\"omitted\":0}",
                    ((ObjectNode) deep).remove("schema_registry").toString(), capture);
            assertEquals(deep, headers, capture + ": the rest of the report is the same");
        }
    }

    /** java-basic's partition basic-alpha-0 as Kafka's producers sent it: five batches, one per codec, 1654 bytes on the wire and 2603 decompressed. */
    @Test
    void deepSizesAreTheDecompressedBatches() throws IOException {
        JsonNode deep = analyze("java-basic.pcap", "--deep");
        JsonNode headers = analyze("java-basic.pcap");

        JsonNode partition = partition(deep, "basic-alpha", 0).get("produce");
        assertEquals(1654, partition.get("bytes_compressed").asLong());
        assertEquals(2603, partition.get("bytes_uncompressed").asLong());
        assertTrue(partition(headers, "basic-alpha", 0).get("produce").get("bytes_uncompressed").isNull());
    }

    private static JsonNode partition(JsonNode report, String topic, int index) {
        for (JsonNode p : report.get("partitions")) {
            if (p.get("topic").asText().equals(topic) && p.get("partition").asInt() == index) {
                return p;
            }
        }
        throw new AssertionError(topic + "-" + index + " not in the report");
    }

    /** Every bytes_uncompressed of the report, in order; each replaced by 0 in the report itself. */
    private static List<JsonNode> uncompressedSizes(JsonNode report) {
        List<JsonNode> sizes = new ArrayList<>();
        for (JsonNode p : report.get("partitions")) {
            for (String direction : List.of("produce", "fetch")) {
                if (p.get(direction).isObject()) {
                    ObjectNode stats = (ObjectNode) p.get(direction);
                    sizes.add(stats.get("bytes_uncompressed"));
                    stats.put("bytes_uncompressed", 0);
                }
            }
        }
        return sizes;
    }

    private static JsonNode analyze(String capture, String... more) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--port", "9092,9094,9095,36333"));
        args.addAll(List.of(more));
        args.add(TestCaptures.path(capture).toString());
        CliRun run = CliRun.of(args.toArray(new String[0]));
        assertEquals(0, run.exit(), run.err());
        return run.json();
    }
}
