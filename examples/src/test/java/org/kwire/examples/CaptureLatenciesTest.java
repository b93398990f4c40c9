package org.kwire.examples;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * (c) {@link CaptureLatencies} on the sample capture of a real broker and Java clients (test-captures/java-basic.pcap):
 * the slowest exchange of each of its 19 APIs, in microseconds, as {@code kwire analyze --format ndjson} reports
 * each exchange's {@code latency_us} (its text report's "max ms" column shows the same, rounded, except for Fetch,
 * whose 547803 us is the long-poll answered empty at its wait time that the column leaves out: 446.2 ms there).
 */
class CaptureLatenciesTest {

    /** test-captures/, as the parent pom gives it to the tests ({@code kwire.testCaptures}). */
    static Path capture(String name) {
        String dir = System.getProperty("kwire.testCaptures");
        return (dir != null ? Path.of(dir) : Path.of("../test-captures")).resolve(name);
    }

    @Test
    void theSlowestExchangeOfEachApiInTheSampleCapture() throws Exception {
        Map<String, Long> slowest = CaptureLatencies.slowestByApi(capture("java-basic.pcap"));

        assertEquals(Map.ofEntries(
                entry("ApiVersions", 19782L), entry("ConsumerGroupDescribe", 8788L), entry("CreateTopics", 95912L),
                entry("DeleteTopics", 70009L), entry("DescribeCluster", 18213L), entry("DescribeGroups", 6568L),
                entry("DescribeTopicPartitions", 40328L), entry("Fetch", 547803L), entry("FindCoordinator", 22107L),
                entry("InitProducerId", 18994L), entry("JoinGroup", 56871L), entry("LeaveGroup", 11918L),
                entry("ListGroups", 14924L), entry("ListOffsets", 24658L), entry("Metadata", 32535L),
                entry("OffsetCommit", 39901L), entry("OffsetFetch", 18027L), entry("Produce", 87607L),
                entry("SyncGroup", 20001L)), slowest);
    }
}
