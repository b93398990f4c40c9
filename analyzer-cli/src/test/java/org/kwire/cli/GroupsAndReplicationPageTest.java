package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page's Consumer groups and Replication sections (issue 22, item 7) on real captures: the text of their tables and
 * of their charts' tooltips, and the cluster's page laid out by headless Chromium (both charts drawn, no table wider
 * than the window). Values as ReplicationTest and ConsumerGroupsTest check them in the JSON report.
 */
class GroupsAndReplicationPageTest {


    @Test
    void theClusterRun(@TempDir Path dir) throws IOException, InterruptedException {
        Assumptions.assumeTrue(Files.isRegularFile(SharedCluster.CAPTURE), "the shared capture set is not at " + SharedCluster.CAPTURE);
        Path json = dir.resolve("cluster.json");
        CliRun run = CliRun.of("analyze", "-q", "-o", json.toString(), "--port", "9292,9293,9294,9299", SharedCluster.CAPTURE.toString());
        assertEquals(0, run.exit(), run.err());
        Path page = ReportPages.page(json);
        Document d = ReportPages.parse(page);

        assertEquals(List.of(List.of("cluster-group", "classic", "consumer", "range", "127.0.0.1:9294", "generation 1", "2",
                "2", "no", "6")), ReportPages.cells(d, "table-groups"));
        assertEquals(List.of(
                List.of("cluster-group", "generation 1", "21:40:15.838", "21:40:17.043", "1,205.6", "none", "cons-2, cons-1",
                        "member_joined cons-1, member_joined cons-2"),
                List.of("cluster-group", "—", "21:40:33.006", "—", "—", "cons-2, cons-1", "none",
                        "member_left cons-1, member_left cons-2")), ReportPages.cells(d, "table-rebalances"));
        assertEquals(List.of(
                List.of("cluster-group", "cons-1", "cons-1-3501d182-3a12-4b2f-a252-a18d1627f0ca", "—", "127.0.0.1",
                        "apache-kafka-java 4.4.0", "21:40:16.159", "21:40:33.006", "leave_group", "generation 1", "orders 0,1,2"),
                List.of("cluster-group", "cons-2", "cons-2-f0c42630-9d3d-4220-ad99-cd7291859424", "—", "127.0.0.1",
                        "apache-kafka-java 4.4.0", "21:40:16.170", "21:40:33.154", "leave_group", "generation 1", "orders 3,4,5")),
                ReportPages.cells(d, "table-group-members"));
        assertEquals(List.of(
                "cluster-group · generation 1: 21:40:15.838 to 21:40:17.043, 1.2 s; members 0 → 2; "
                        + "member_joined cons-1, member_joined cons-2",
                "cluster-group · 21:40:33.006, not ended in the capture; members 2 → 0; member_left cons-1, member_left cons-2"),
                ReportPages.tooltips(d, "rebalances"));

        // Fetch | client 337, replica-fetcher 423, to-controller 250 (the truth's classes)
        assertEquals(List.of(List.of("consumer", "337", "335", "20,000", "3,028,136", "48.4", "518.9", "528.9"),
                List.of("follower", "423", "417", "40,126", "6,071,254", "65.3", "738.3", "1,116.4"),
                List.of("metadata log", "250", "247", "522", "66,882", "468.7", "518.4", "534.2")),
                ReportPages.cells(d, "table-fetch-classes"));
        assertEquals(List.of("leader 1 → follower 2 (orders-5) · records behind: 2,442 records",
                "leader 3 → follower 2 (orders-4) · records behind: 2,502 records"), ReportPages.tooltips(d, "follower-lag"));
        List<List<String>> links = ReportPages.cells(d, "table-follower-lag");
        assertEquals(9, links.size());
        assertEquals(List.of("follower", "3", "127.0.0.1:9294", "2", "broker-2-fetcher-0", "47", "9,224", "2", "854.5", "6",
                "__consumer_offsets-1 0, 0 (1); __consumer_offsets-2 23, 23 (3); __consumer_offsets-5 0, 0 (2); "
                        + "orders-0 2,430, 2,430 (2); orders-1 2,450, 2,450 (29); orders-4 2,502, 2,502 (28)"), links.get(5));
        assertEquals(List.of("metadata log", "100", "127.0.0.1:9299", "1", "raft-client-1", "109", "174", "1", "510.2", "1",
                "__cluster_metadata-0 27, 1 (107)"), links.get(6));
        // broker 2, leader of orders-0 and orders-5, killed: leadership moved at epoch 1
        List<List<String>> events = ReportPages.cells(d, "table-leadership");
        assertEquals(13, events.size());
        assertEquals(List.of(List.of("21:40:27.002", "4782", "orders-0", "leader change", "2 → 3", "0 → 1", "127.0.0.1:9294", "—",
                        "Metadata"), List.of("21:40:27.002", "4782", "orders-5", "leader change", "2 → 1", "0 → 1",
                        "127.0.0.1:9294", "—", "Metadata")),
                events.stream().filter(e -> e.get(3).equals("leader change")).toList());
        assertEquals(11, events.stream().filter(e -> e.get(3).equals("FENCED_LEADER_EPOCH")).count());
        assertEquals(List.of("orders-0", "3", "1", "1"), ReportPages.cells(d, "table-leaders").get(0));

        JsonNode probe = ReportPageInChromiumTest.probe(page, dir);
        assertEquals("[]", probe.get("errors").toString());
        assertEquals("[]", probe.get("scrollingTables").toString(), "tables wider than a 1400-pixel window");
        for (String chart : List.of("rebalances", "follower-lag")) {
            JsonNode c = probe.get("charts").get(chart);
            assertEquals(d.select("svg[data-chart=" + chart + "] .mark").size(), c.get("marks").asInt(), chart + ": " + c);
            assertEquals(0, c.get("flat").asInt() + c.get("outside").asInt(), chart + ": " + c);
        }
    }

    /** A share group (KIP-932): epochs, not generations; one member, named by its client_id. */
    @Test
    void aShareGroup(@TempDir Path dir) throws IOException {
        Document d = ReportPages.parse(ReportPages.page(ReportPages.report(dir, "share-group.pcap", "--port", "9092")));
        assertEquals(List.of(List.of("share-topic-share-group", "share", "share", "—", "127.0.0.1:9092", "epoch 3", "1", "2",
                "no", "0")), ReportPages.cells(d, "table-groups"));
        assertEquals(List.of(
                List.of("share-topic-share-group", "epoch 2", "17:40:28.665", "17:40:28.882", "217.2", "none",
                        "share-topic-share-consumer", "member_joined share-topic-share-consumer"),
                List.of("share-topic-share-group", "epoch 3", "17:40:34.480", "17:40:34.488", "8.7",
                        "share-topic-share-consumer", "share-topic-share-consumer", "")), ReportPages.cells(d, "table-rebalances"));
        assertEquals("share-topic-share-consumer | SFrsX4K6SBSau6tPHqGU6Q | epoch 3 | share-topic 0,1",
                String.join(" | ", List.of(ReportPages.cells(d, "table-group-members").get(0).get(1),
                        ReportPages.cells(d, "table-group-members").get(0).get(2),
                        ReportPages.cells(d, "table-group-members").get(0).get(9),
                        ReportPages.cells(d, "table-group-members").get(0).get(10))));
        assertTrue(d.select("#replication").isEmpty(), "one broker, no follower: no Replication section");
    }
}
