package org.kwire.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The parts of {@code kwire report}'s page about clients and brokers, on reports of real captures: upgrade readiness
 * (in its box near the top and in the at-a-glance box), brokers, transactions, and the long-polls counted apart,
 * said in words beside the latencies.
 */
class ReportClientsPageTest {

    @TempDir
    Path dir;

    /** kafka-clients 0.10.2.2: three clients a Kafka 4.0 broker would cut off, each API a row. */
    @Test
    void theClientsKafka40WouldRefuse() throws IOException {
        Document d = page("old-client-0.10.2.2.pcap", "--port", "9192");
        assertEquals("verdict look", d.select("#readiness .verdict").attr("class"));
        assertEquals("3 clients of 3 sent request versions that Kafka 4.0 refuses, in 5 requests: Produce v2, Fetch v3, "
                + "JoinGroup v1.", d.select("#readiness .verdict p").get(0).text());
        assertEquals("What Kafka 4.0 accepts is read from the message schemas of Kafka 4.0.0 (--target-kafka chooses the "
                + "release).", d.select("#readiness .verdict p").get(1).text());
        String software = "none (ApiVersions v0)";
        assertEquals(List.of(
                List.of("old0_10_2_2-consumer", "127.0.0.1", software, "Fetch", "v3", "v4-17", "2", "close", "91, 99"),
                List.of("old0_10_2_2-consumer", "127.0.0.1", software, "JoinGroup", "v1", "v2-9", "1", "close", "74"),
                List.of("old0_10_2_2-producer-gzip", "127.0.0.1", software, "Produce", "v2", "v3-12", "1", "close", "47"),
                List.of("old0_10_2_2-producer-none", "127.0.0.1", software, "Produce", "v2", "v3-12", "1", "close", "20")),
                ReportPages.cells(d, "table-readiness"));
        assertEquals(List.of("client id", "address", "software", "API", "versions used", "Kafka 4.0 accepts", "requests",
                "broker action", "first frames"), d.select("#table-readiness th").eachText());
        assertEquals("3 | clients Kafka 4.0 refuses | Produce v2, Fetch v3, JoinGroup v1",
                String.join(" | ", d.select("#glance li").get(1).select("span").eachText()));
        assertEquals("tile look", d.select("#glance li").get(1).attr("class"));
        assertEquals("#readiness", d.select("#glance li").get(1).select("a").attr("href"));
        assertEquals(List.of("glance", "readiness", "capture"), d.select("main > section").eachAttr("id").subList(0, 3));
    }

    /** Kafka 4.1 accepts JoinGroup v0-1 again: the consumer is refused for its Fetch v3 only. */
    @Test
    void anotherTargetRelease() throws IOException {
        Document d = page("old-client-0.10.2.2.pcap", "--port", "9192", "--target-kafka", "4.1");
        assertEquals("3 clients of 3 sent request versions that Kafka 4.1 refuses, in 4 requests: Produce v2, Fetch v3.",
                d.select("#readiness .verdict p").get(0).text());
        assertEquals(List.of("Fetch v3 v4-18", "Produce v2 v3-13", "Produce v2 v3-13"),
                ReportPages.cells(d, "table-readiness").stream().map(r -> String.join(" ", r.subList(3, 6))).toList());
    }

    /** java-basic.pcap: nothing refused, its broker in brief, the long-poll said beside the latencies. */
    @Test
    void aCleanCaptureItsBrokerAndItsLongPoll() throws IOException {
        Document d = page("java-basic.pcap");
        assertEquals("verdict ok", d.select("#readiness .verdict").attr("class"));
        assertEquals("Kafka 4.0 accepts every request version the 7 clients of this capture used.",
                d.select("#readiness .verdict p").get(0).text());
        assertTrue(d.select("#table-readiness").isEmpty());
        assertEquals(List.of(List.of("127.0.0.1:9092", "17", "5", "313", "17:28:45.456", "77",
                "Produce v0-13, Fetch v4-18, ListOffsets v1-11, Metadata v0-13, OffsetCommit v2-10, OffsetFetch v1-10, "
                        + "FindCoordinator v0-6, JoinGroup v0-9, LeaveGroup v0-5, SyncGroup v0-5, DescribeGroups v0-6, "
                        + "ListGroups v0-5, ApiVersions v0-5, CreateTopics v2-7, DeleteTopics v1-6, InitProducerId v0-5, "
                        + "DescribeCluster v0-2, ConsumerGroupDescribe v0-1, DescribeTopicPartitions v0",
                "eligible.leader.replicas.version 1, group.version 1, metadata.version 33, share.version 2, "
                        + "streams.version 1, transaction.version 2", "52")), ReportPages.cells(d, "table-brokers"));
        String said = "1 long-poll (Fetch 1) answered empty at its wait time is counted apart: a consumer waiting for data "
                + "is not a slow broker, so it is left out of these latencies and the slowest exchanges (kwire analyze "
                + "--include-long-polls brings it back).";
        assertEquals(List.of(said, said), d.select("#apis p.long-polls, #slowest p.long-polls").eachText());
        assertTrue(d.select("#transactions").isEmpty(), "no transactions, no section");
    }

    /** With {@code --include-long-polls} the page says they are in the latencies. */
    @Test
    void longPollsIncluded() throws IOException {
        Document d = page("kcat.pcap", "--include-long-polls");
        assertEquals("The 6 long-polls (Fetch 6) answered empty at their wait time are included in these latencies and "
                + "the slowest exchanges (kwire analyze --include-long-polls).", d.select("#apis p.long-polls").text());
    }

    /** transactions.pcap: one transactional.id, one commit and one abort with their markers, the coordinator's errors. */
    @Test
    void transactionsAtAGlance() throws IOException {
        Document d = page("transactions.pcap");
        assertEquals(List.of(List.of("kwire-txn-producer-1", "0 (1)", "10", "18", "6", "7", "9", "kwire-txn-group", "1",
                "1", "1", "1", "CONCURRENT_TRANSACTIONS: 9, COORDINATOR_LOAD_IN_PROGRESS: 1, NOT_COORDINATOR: 16")),
                ReportPages.cells(d, "table-transactions"));
        assertEquals(List.of("AddPartitionsManager-client-0", "127.0.0.1", "apache-kafka-java 4.4.0", "19", "7",
                "1,883", "2,023", "CONCURRENT_TRANSACTIONS: 7", "AddPartitionsToTxn v5 (18), ApiVersions v5 (1)"),
                ReportPages.cells(d, "table-clients").get(0));
    }

    /** A report of an older kwire, without readiness, brokers and transactions: their sections and tile are left out. */
    @Test
    void anOlderReportWithoutThem() throws IOException {
        Path json = ReportPages.report(dir, "java-basic.pcap");
        ObjectNode r = (ObjectNode) ReportPages.json(json);
        r.remove(List.of("readiness", "brokers", "transactions"));
        Path older = dir.resolve("older.json");
        Files.writeString(older, new ObjectMapper().writeValueAsString(r), StandardCharsets.UTF_8);
        Document d = ReportPages.parse(ReportPages.page(older));
        assertTrue(d.select("#readiness, #brokers, #transactions").isEmpty());
        assertEquals(6, d.select("#glance li").size());
        assertEquals(7, ReportPages.cells(d, "table-clients").size());
    }

    private Document page(String capture, String... options) throws IOException {
        return ReportPages.parse(ReportPages.page(ReportPages.report(dir, capture, options)));
    }
}
