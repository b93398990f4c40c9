package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code --max-frame-size} on a real capture: a frame declared larger, read while framing is in sync, is skipped by
 * its declared size (a {@code kafka.frame.too_large} note with its frame number and offset, counted), never
 * resynchronised over. Resynchronising used to take bytes inside the skipped frames for frame starts and invented
 * exchanges (on java-basic with 100 bytes: seven ApiVersions responses with NETWORK_EXCEPTION, and Produce requests).
 */
class MaxFrameSizeTest {

    @Test
    void framesOverTheLimitAreSkippedByTheirSizeAndEveryOtherFrameIsDecoded() throws IOException {
        CliRun run = CliRun.of("analyze", "--max-frame-size", "100", TestCaptures.path("java-basic.pcap").toString());
        assertEquals(0, run.exit(), run.err());
        JsonNode r = run.json();
        // java-basic holds 146 frames (73 requests, 73 responses): 64 are over 100 bytes, the other 82 are decoded
        assertEquals(82, r.get("capture").get("frames").asInt());
        assertEquals(0, r.get("capture").get("malformed_frames").asInt());
        assertEquals("{\"kafka.frame.too_large\":64,\"kafka.response.no_request\":7}", r.get("expert").toString());
        List<String> apis = new ArrayList<>();
        for (JsonNode a : r.get("apis")) {
            apis.add(a.get("name").asText() + " " + a.get("requests").asInt() + "/" + a.get("responses").asInt()
                    + (a.get("errors").isEmpty() ? "" : " " + a.get("errors").get(0).get("name").asText()));
        }
        // no Produce (both its requests are over the limit) and no ApiVersions response (all are over it)
        assertEquals(List.of("Fetch 1/2", "Metadata 16/3", "OffsetFetch 3/0", "FindCoordinator 4/4 COORDINATOR_NOT_AVAILABLE",
                "DescribeGroups 1/1", "ListGroups 1/1", "ApiVersions 17/0", "CreateTopics 1/0", "DeleteTopics 1/1",
                "InitProducerId 6/6 COORDINATOR_LOAD_IN_PROGRESS", "DescribeCluster 2/2", "ConsumerGroupDescribe 1/1 GROUP_ID_NOT_FOUND",
                "DescribeTopicPartitions 1/0"), apis);
        assertEquals(6, r.get("responses_without_request").asInt()); // responses to requests over the limit
        assertEquals("warning [limit] frame 6 offset 0 (stream 0 broker->client): frame of 876 bytes (after its size prefix) "
                + "over the largest accepted, 100 (--max-frame-size): skipped by its size", r.get("warnings").get(0).asText());
        assertEquals(64, r.get("warnings").size());
    }
}
