package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's {@code internal_records} (issue 23, item 2) on the committed real capture {@code internal-topics.pcap}
 * (test-captures/README.md: a 3-broker cluster with its controller, made by {@link InternalRecordsClusterTest}), which
 * runs without capture rights. The values are those Kafka's Admin client gave when the capture was made (the README
 * lists them): the group's committed offsets, the transaction's end state, the coordinator epoch of its markers, the
 * partitions' leaders, ISR and leader epochs after broker 1 stopped. The same section from the capture split into
 * files, through {@code --jobs} and partials merged.
 */
class InternalRecordsCaptureTest {

    private static final List<String> PORTS = List.of("--port", "33005,42299,34919,37455");

    @Test
    void whatTheCoordinatorsAndTheControllerWroteAsKafkaSaidIt(@TempDir Path dir) throws Exception {
        Path capture = TestCaptures.path("internal-topics.pcap");
        JsonNode report = CliRun.analyzeJson(capture, PORTS);
        JsonNode internal = report.get("internal_records");

        assertEquals("{\"producers\":[{\"producer_id\":0,\"transactional_id\":\"kwire-txn\",\"commits\":3,\"aborts\":3,"
                + "\"partitions\":3,\"topics\":[\"txn-data\"],\"producer_epochs\":[1,2],\"coordinator_epochs\":[1],"
                + "\"first\":\"2026-12-02T12:06:33.550Z\",\"last\":\"2026-12-02T12:06:33.683Z\"}],\"markers\":6,"
                + "\"sightings\":12,\"omitted\":0}", internal.get("transaction_markers").toString(),
                "each marker once (two followers and the consumer fetched each), coordinator epoch 1 as describeProducers");
        assertEquals("[{\"group\":\"kwire-internal\",\"commits\":3,\"offsets\":[{\"topic\":\"txn-data\",\"partition\":0,"
                + "\"offset\":4},{\"topic\":\"txn-data\",\"partition\":1,\"offset\":4},{\"topic\":\"txn-data\","
                + "\"partition\":2,\"offset\":4}]}]", internal.at("/offset_commits/groups").toString(),
                "listConsumerGroupOffsets: 4, 4, 4");
        List<String> groups = new ArrayList<>();
        internal.at("/offset_commits/group_changes").forEach(g -> groups.add(g.get("record").asText() + " generation "
                + g.get("generation").asInt() + " " + g.get("protocol").asText() + " members " + g.get("members").asInt()));
        assertEquals(List.of("GroupMetadata generation 0 null members 0", "GroupMetadata generation 1 range members 1",
                "GroupMetadata generation 2 null members 0"), groups, "the consumer joined, then left");

        JsonNode txn = internal.at("/transaction_log/transactional_ids/0");
        List<String> states = new ArrayList<>();
        txn.get("transitions").forEach(x -> states.add(x.get("state").asText() + " " + x.get("producer_epoch").asInt()
                + " " + x.get("partitions").asInt()));
        assertEquals(List.of("Empty 0 0", "Ongoing 0 1", "Ongoing 0 2", "Ongoing 0 3", "PrepareCommit 1 3",
                "CompleteCommit 1 0", "Ongoing 1 1", "Ongoing 1 2", "Ongoing 1 3", "PrepareAbort 2 3", "CompleteAbort 2 0"),
                states, "a partition added at a time; transaction.version 2 bumps the epoch at each end");
        assertEquals("kwire-txn CompleteAbort 0 2", txn.get("transactional_id").asText() + " " + txn.get("state").asText()
                + " " + txn.get("producer_id").asLong() + " " + txn.get("producer_epoch").asInt(), "describeTransactions");

        JsonNode log = internal.get("metadata_log");
        assertEquals("4 1 8 0", log.get("topics_created") + " " + log.get("topics_deleted") + " "
                + log.get("leader_changes") + " " + log.get("omitted"));
        List<String> txnData = new ArrayList<>();
        for (JsonNode e : log.get("events")) {
            if (e.at("/partition/topic").asText().equals("txn-data") && e.get("offset").asLong() <= 43) {
                JsonNode p = e.get("partition");
                txnData.add(e.get("offset") + " " + e.get("record").asText() + " " + p.get("partition") + " leader "
                        + p.get("leader") + " epoch " + p.get("leader_epoch") + "/" + p.get("partition_epoch") + " isr "
                        + p.get("isr"));
            }
        }
        assertEquals(List.of("22 PartitionRecord 0 leader 1 epoch 0/0 isr [1,2,0]",
                "23 PartitionRecord 1 leader 2 epoch 0/0 isr [2,0,1]", "24 PartitionRecord 2 leader 0 epoch 0/0 isr [0,1,2]",
                "41 PartitionChangeRecord 0 leader 2 epoch 1/1 isr [2,0]",
                "42 PartitionChangeRecord 1 leader 2 epoch 0/1 isr [2,0]",
                "43 PartitionChangeRecord 2 leader 0 epoch 0/1 isr [0,2]"), txnData,
                "created, then broker 1 stopped: describeTopics' leaders and ISR, the consumer's leader epochs");
        List<String> brokers = new ArrayList<>();
        log.get("events").forEach(e -> {
            if (e.get("broker").isObject() && e.get("offset").asLong() <= 48) {
                brokers.add(e.at("/broker/broker_id").asInt() + " " + e.at("/broker/state").asText());
            }
        });
        assertEquals(List.of("0 registered fenced", "2 registered fenced", "1 registered fenced", "1 unfenced", "1 changed",
                "2 changed", "0 unfenced", "0 changed", "2 unfenced", "1 controlled shutdown", "1 fenced"), brokers,
                "brokers registered and unfenced, broker 1 shut down");

        CliRun text = CliRun.of("analyze", "--format", "text", PORTS.get(0), PORTS.get(1), capture.toString());
        assertTrue(text.out().contains("""
                  transaction log: 1 transactional id
                    kwire-txn: CompleteAbort (producer id 0, epoch 2), 11 records
                  metadata log: 46 changes, 4 topics created, 1 deleted, 8 leader changes
                """), text.out());

        Path json = ReportPages.report(dir, "internal-topics.pcap", PORTS.get(0), PORTS.get(1));
        org.jsoup.nodes.Document page = ReportPages.parse(ReportPages.page(json)); // read back by kwire report
        assertEquals(List.of("0 kwire-txn 3 3 3 txn-data 1, 2 1"), page.select("#table-transaction-markers tbody tr")
                .stream().map(tr -> tr.select("td").stream().limit(8).map(td -> td.text()).collect(
                        java.util.stream.Collectors.joining(" "))).toList());
        assertTrue(page.select("#table-metadata-log td").eachText()
                .contains("txn-data/0 leader 2 epoch 1 partition epoch 1 isr [2, 0]"), page.select("#table-metadata-log").text());
        assertEquals(List.of("kwire-txn", "CompleteAbort", "0 (2)"), page.select("#table-transaction-log tbody td")
                .eachText().subList(0, 3));

        List<Path> files = Splits.split(capture, 300, dir.resolve("split"));
        assertTrue(files.size() >= 3, files.toString());
        SameReport.assertSameSplit(report, files, PORTS, dir);
    }
}
