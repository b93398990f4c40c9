package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The filters analyze, dissect and live share, on java-basic.pcap. Expected counts follow from the capture's
 * reference decoding: 5 producers each send one Produce request per topic (basic-beta gets 5), 8 of the 16 Metadata
 * responses and the admin's CreateTopics, DescribeTopicPartitions, DeleteTopics and OffsetFetch name basic-beta, the 4 error codes
 * are one each, the two slowest Fetch long polls took 548 and 446 ms, stream 13 (client port 45866) is the consumer's
 * fetch connection.
 */
class FilterTest {

    private static String counts(String... filter) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "-q"));
        args.addAll(List.of(filter));
        args.add(TestCaptures.path("java-basic.pcap").toString());
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.err());
        Map<String, String> m = new TreeMap<>();
        for (JsonNode a : run.json().get("apis")) {
            m.put(a.get("name").asText(), a.get("requests").asInt() + "/" + a.get("responses").asInt());
        }
        return m.toString();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--api|Produce,Fetch|{Fetch=3/3, Produce=10/10}",
            "--topic|basic-beta|{CreateTopics=1/1, DeleteTopics=1/1, DescribeTopicPartitions=1/1, Fetch=2/2, ListOffsets=1/1, Metadata=8/8, OffsetCommit=1/1, OffsetFetch=3/3, Produce=5/5}",
            "--topic|g1YyoWZhTXSFapOvsPA7tA|{CreateTopics=1/1, DeleteTopics=1/1, DescribeTopicPartitions=1/1, Fetch=2/2, ListOffsets=1/1, Metadata=8/8, OffsetCommit=1/1, OffsetFetch=3/3, Produce=5/5}",
            "--topic|835632a1-6661-4d74-856a-93afb0f03bb4|{CreateTopics=1/1, DeleteTopics=1/1, DescribeTopicPartitions=1/1, Fetch=2/2, ListOffsets=1/1, Metadata=8/8, OffsetCommit=1/1, OffsetFetch=3/3, Produce=5/5}",
            "--client-id|basic-producer-zstd|{ApiVersions=2/2, InitProducerId=1/1, Metadata=2/2, Produce=2/2}",
            "--min-latency-ms|400|{Fetch=2/2}",
            "--connection|127.0.0.1:45866|{ApiVersions=1/1, Fetch=3/3, FindCoordinator=1/1, ListOffsets=1/1, Metadata=1/1}"})
    void analyzeCountsOnlyTheExchangesAFilterAccepts(String option, String value, String expected) throws IOException {
        assertEquals(expected, counts(option, value));
    }

    @Test
    void repeatedFiltersKeepWhatAnyOfTheirValuesKeeps() throws IOException {
        assertEquals("{Metadata=16/16, Produce=10/10}", counts("--api", "Produce", "--api", "Metadata"));
        assertEquals(counts("--topic", "basic-alpha"), counts("--topic", "nosuch", "--topic", "basic-alpha"));
    }

    /** A filtered report says what it was filtered by; one kept nothing says so, on stderr and in the text summary. */
    @Test
    void theReportRecordsItsFilter() throws IOException {
        String file = TestCaptures.path("java-basic.pcap").toString();
        CliRun both = CliRun.of("analyze", "-q", "--topic", "basic-alpha", "--api", "Fetch,Produce", "--errors-only",
                "--min-latency-ms", "2.5", "--client-id", "c", "--connection", "127.0.0.1:9092", file);
        assertEquals("{\"apis\":[\"Produce\",\"Fetch\"],\"topics\":[\"basic-alpha\"],\"client_ids\":[\"c\"],\"errors_only\":true,"
                + "\"min_latency_ms\":2.5,\"connections\":[\"127.0.0.1:9092\"]}", both.json().get("filter").toString());
        assertEquals("null", CliRun.of("analyze", "-q", file).json().get("filter").toString());
        CliRun none = CliRun.of("analyze", "-q", "--format", "text", "--topic", "nosuchtopic", file);
        assertEquals("kwire: no exchange matched the filter (--topic nosuchtopic) among the capture's 146 Kafka frames\n", none.err());
        assertTrue(none.out().contains("\n! Filter          --topic nosuchtopic; the counts below are of the exchanges it kept; capture,\n"
                + "                  connections and warnings of everything\n"
                + "! Requests        no exchange matched the filter (146 Kafka frames in the capture)\n"), none.out());
        List<String> args = new ArrayList<>(List.of("analyze", "-q", "--jobs", "2", "--split", "always", "--topic", "basic-alpha"));
        for (String half : List.of("java-basic-split-even.pcap", "java-basic-split-odd.pcap")) {
            args.add(TestCaptures.path(half).toString());
        }
        assertEquals("[\"basic-alpha\"]", CliRun.of(args.toArray(String[]::new)).json().get("filter").get("topics").toString(),
                "merged slices record the filter too");
    }

    /**
     * A merge replays and reports with the filter its partials were made with: several {@code --topic} values (kept in
     * the partial's analysis joined by commas, which no topic name holds) are several topics again.
     */
    @Test
    void aMergeKeepsSeveralTopics(@TempDir Path dir) throws IOException {
        String file = TestCaptures.path("java-basic.pcap").toString();
        String[] topics = {"--topic", "basic-alpha", "--topic", "basic-beta"};
        Path partial = dir.resolve("p.json");
        CliRun made = CliRun.of(concat(new String[] {"analyze", "-q", "--partial", "-o", partial.toString()}, topics, file));
        assertEquals(0, made.exit(), made.err());
        JsonNode one = CliRun.of(concat(new String[] {"analyze", "-q", "--format", "json"}, topics, file)).json();
        JsonNode merged = CliRun.of("merge", "--format", "json", partial.toString()).json();
        assertEquals("[\"basic-alpha\",\"basic-beta\"]", merged.get("filter").get("topics").toString());
        assertEquals(one, merged, "the report of one analysis");
    }

    private static String[] concat(String[] head, String[] options, String file) {
        List<String> all = new ArrayList<>(List.of(head));
        all.addAll(List.of(options));
        all.add(file);
        return all.toArray(String[]::new);
    }

    @Test
    void errorsOnlyKeepsTheFourFailedExchanges() throws IOException {
        assertEquals("{ConsumerGroupDescribe=1/1, FindCoordinator=1/1, InitProducerId=1/1, JoinGroup=1/1}", counts("--errors-only"));
    }

    /** A topic's row in the topics table counts, per API, exactly the exchanges --topic keeps. */
    @Test
    void topicsTableCountsWhatTheTopicFilterKeeps() throws IOException {
        for (String capture : List.of("java-basic.pcap", "kcat.pcap", "kafkajs.pcap")) {
            String file = TestCaptures.path(capture).toString();
            JsonNode topics = CliRun.of("analyze", "-q", file).json().get("topics");
            assertEquals(capture.equals("kcat.pcap") ? 3 : 2, topics.size(), capture); // kcat -L lists __consumer_offsets
            for (JsonNode t : topics) {
                Map<String, Long> filtered = new TreeMap<>();
                for (JsonNode a : CliRun.of("analyze", "-q", "--topic", t.get("topic").asText(), file).json().get("apis")) {
                    filtered.put(a.get("name").asText(), a.get("requests").asLong());
                }
                Map<String, Long> row = new TreeMap<>();
                t.get("requests").fields().forEachRemaining(e -> row.put(e.getKey(), e.getValue().asLong()));
                assertEquals(filtered, row, capture + " " + t.get("topic"));
            }
        }
    }

    @Test
    void dissectHoldsRequestsUntilTheirResponseDecides() {
        CliRun run = CliRun.of("dissect", TestCaptures.path("java-basic.pcap").toString(), "--errors-only");
        assertEquals(0, run.exit(), run.err());
        List<String> titles = run.out().lines().filter(l -> l.startsWith("Frame ")).map(l -> l.substring(0, l.indexOf(','))).toList();
        assertEquals(List.of("Frame 46", "Frame 48", "Frame 221", "Frame 223", "Frame 244", "Frame 245", "Frame 322", "Frame 323"), titles);
    }

    @Test
    void badFilterValuesAreUsageErrors() {
        String kcat = TestCaptures.path("kcat.pcap").toString();
        CliRun run = CliRun.of("analyze", "--min-latency-ms", "soon", kcat);
        assertEquals(2, run.exit());
        assertEquals("kwire: --min-latency-ms soon: not a duration (a number, or with a unit: 500ms, 30s, 5m, 1h)\n", run.err());
        CliRun noPort = CliRun.of("analyze", "--connection", "127.0.0.1", kcat);
        assertEquals(2, noPort.exit());
        assertEquals("kwire: --connection 127.0.0.1: expected HOST:PORT ([v6]:PORT for IPv6)\n", noPort.err());
        assertEquals(0, CliRun.of("analyze", "-q", "--connection", "[::1]:9092", kcat).exit());
        assertEquals("kwire: --max-frame-size 10: at least 64 bytes (smaller frames cannot hold a Kafka request header and "
                + "client_id)\n", CliRun.of("analyze", "--max-frame-size", "10", kcat).err());
        assertEquals("kwire: --index goes with --format es-bulk\n", CliRun.of("analyze", "--index", "x", kcat).err());
    }

    /** The capture facts describe the whole input, whatever a filter keeps. */
    @Test
    void captureFactsIgnoreTheFilter() throws IOException {
        CliRun run = CliRun.of("analyze", "-q", "--topic", "nosuch", TestCaptures.path("java-basic.pcap").toString());
        assertEquals(146, run.json().get("capture").get("frames").asInt());
        assertEquals(0, run.json().get("apis").size());
    }
}
