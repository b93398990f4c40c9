package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The filters analyze, dissect and live share, on java-basic.pcap. Expected counts follow from the capture's
 * reference decoding: 5 producers each send one Produce request per topic (basic-beta gets 5), the 4 error codes
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
            "--topic|basic-beta|{Fetch=2/2, ListOffsets=1/1, OffsetCommit=1/1, OffsetFetch=2/2, Produce=5/5}",
            "--topic|g1YyoWZhTXSFapOvsPA7tA|{Fetch=2/2, ListOffsets=1/1, OffsetCommit=1/1, OffsetFetch=2/2, Produce=5/5}",
            "--client-id|basic-producer-zstd|{ApiVersions=2/2, InitProducerId=1/1, Metadata=2/2, Produce=2/2}",
            "--min-latency-ms|400|{Fetch=2/2}",
            "--connection|127.0.0.1:45866|{ApiVersions=1/1, Fetch=3/3, FindCoordinator=1/1, ListOffsets=1/1, Metadata=1/1}"})
    void analyzeCountsOnlyTheExchangesAFilterAccepts(String option, String value, String expected) throws IOException {
        assertEquals(expected, counts(option, value));
    }

    @Test
    void errorsOnlyKeepsTheFourFailedExchanges() throws IOException {
        assertEquals("{ConsumerGroupDescribe=1/1, FindCoordinator=1/1, InitProducerId=1/1, JoinGroup=1/1}", counts("--errors-only"));
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
        CliRun run = CliRun.of("analyze", "--min-latency-ms", "soon", TestCaptures.path("kcat.pcap").toString());
        assertEquals(2, run.exit());
        assertEquals("kwire: --min-latency-ms soon: not a number\n", run.err());
    }
}
