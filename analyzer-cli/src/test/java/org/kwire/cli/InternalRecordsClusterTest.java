package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a replicated cluster's own records say, from the wire (issue 23, item 2), checked against Kafka's view
 * ({@link InternalTopicsCluster}: internal topics with replication factor 3, one transaction committed and one
 * aborted on each of three partitions after the transaction coordinator moved, a read_committed group committing
 * offsets, a topic created and deleted, a leader change): the report's {@code transaction_markers} count each COMMIT and ABORT marker once however many
 * followers and consumers fetched it, with the coordinator epoch Kafka's describeProducers gives. The same sections
 * from the capture split into files, through partials merged.
 */
class InternalRecordsClusterTest {

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void markersOffsetsAndMetadataAsKafkaSawThem(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        InternalTopicsCluster.Truth t = InternalTopicsCluster.run(dir.resolve("kafka"), dir.resolve("cluster.pcap"));
        String keep = System.getProperty("kwire.keepCapture"); // a directory to keep the capture in (making fixtures)
        if (keep != null) {
            java.nio.file.Files.copy(t.capture(), Path.of(keep, "internal-topics.pcap"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            java.nio.file.Files.writeString(Path.of(keep, "internal-topics.truth"), t.toString());
        }
        List<String> ports = t.ports().values().stream().map(String::valueOf).toList();
        List<String> options = List.of("--port", String.join(",", ports));
        JsonNode report = CliRun.analyzeJson(t.capture(), options);
        System.out.println("truth: " + t);
        JsonNode markers = report.at("/internal_records/transaction_markers");
        System.out.println("transaction_markers: " + markers);

        assertEquals(Map.of(t.producerId(), InternalTopicsCluster.TRANSACTIONAL_ID + " commits 3 aborts 3 partitions "
                + InternalTopicsCluster.PARTITIONS + " " + List.of(InternalTopicsCluster.TOPIC) + " coordinator epochs "
                + new TreeSet<>(t.coordinatorEpoch().values())), markers(markers),
                "one COMMIT and one ABORT marker per partition, counted once each");
        assertTrue(t.coordinatorEpoch().values().stream().allMatch(e -> e > 0), "the coordinator moved: "
                + t.coordinatorEpoch());
        JsonNode producerEpochs = markers.at("/producers/0/producer_epochs");
        assertEquals(t.producerEpoch(), producerEpochs.get(producerEpochs.size() - 1).asInt(),
                "the last marker's producer epoch: the transaction's, as describeTransactions gives it");
        long sightings = markers.get("sightings").asLong();
        assertTrue(sightings > 6, "followers and the consumer fetched the markers: " + sightings);

        JsonNode internal = report.get("internal_records");
        assertEquals(0, internal.get("unread_batches").asLong());
        assertEquals(Map.of(InternalTopicsCluster.GROUP, t.offsets()), committed(internal.get("offset_commits")),
                "the offsets the group's last commits left, as listConsumerGroupOffsets gives them");
        JsonNode txn = internal.at("/transaction_log/transactional_ids/0");
        assertEquals(InternalTopicsCluster.TRANSACTIONAL_ID + " " + t.transactionState() + " producer " + t.producerId()
                + " epoch " + t.producerEpoch(), txn.get("transactional_id").asText() + " " + txn.get("state").asText()
                + " producer " + txn.get("producer_id").asLong() + " epoch " + txn.get("producer_epoch").asInt(),
                "the transaction log's last word, as describeTransactions gives it");
        assertEquals(List.of("Empty", "Ongoing", "PrepareCommit", "CompleteCommit", "Ongoing", "PrepareAbort",
                "CompleteAbort"), states(txn.get("transitions")), "one transaction committed, one aborted");
        assertEquals(1, internal.at("/transaction_log/transactional_ids").size());
        JsonNode log = internal.get("metadata_log");
        assertEquals(expectedPartitions(t), partitionsAfterTheChange(log, t.stopped()),
                "leaders, leader epochs (the consumer's) and ISR after the change (describeTopics)");
        List<String> topics = new ArrayList<>();
        log.get("events").forEach(e -> {
            if (e.get("topic").isObject()) {
                topics.add(e.get("record").asText() + " " + e.at("/topic/name").asText());
            }
        });
        assertEquals(List.of("TopicRecord " + InternalTopicsCluster.TOPIC, "TopicRecord " + InternalTopicsCluster.DOOMED,
                "RemoveTopicRecord " + InternalTopicsCluster.DOOMED, "TopicRecord __transaction_state",
                "TopicRecord __consumer_offsets"), topics, "topics created and deleted, in the log's order");

        List<String> text = new ArrayList<>(List.of("analyze", "--format", "text"));
        text.addAll(options);
        text.add(t.capture().toString());
        CliRun shown = CliRun.of(text.toArray(String[]::new));
        assertTrue(shown.out().contains("    producer id " + t.producerId() + " (" + InternalTopicsCluster.TRANSACTIONAL_ID
                + "): 3 COMMIT, 3 ABORT in 3 partitions of " + InternalTopicsCluster.TOPIC + "; coordinator epoch "
                + t.coordinatorEpoch().get(0) + "\n"), shown.out());

        List<java.nio.file.Path> files = Splits.split(t.capture(), 300, dir.resolve("split"));
        assertTrue(files.size() >= 3, files.toString());
        SameReport.assertSameSplit(report, files, options, dir);
    }

    private static Map<String, Map<Integer, Long>> committed(JsonNode section) {
        Map<String, Map<Integer, Long>> out = new TreeMap<>();
        for (JsonNode g : section.get("groups")) {
            Map<Integer, Long> offsets = new TreeMap<>();
            g.get("offsets").forEach(o -> {
                assertEquals(InternalTopicsCluster.TOPIC, o.get("topic").asText());
                offsets.put(o.get("partition").asInt(), o.get("offset").asLong());
            });
            out.put(g.get("group").asText(), offsets);
        }
        return out;
    }

    /** The states in log order, repeats (one record per partition added) folded. */
    private static List<String> states(JsonNode transitions) {
        List<String> out = new ArrayList<>();
        transitions.forEach(x -> {
            if (out.isEmpty() || !out.get(out.size() - 1).equals(x.get("state").asText())) {
                out.add(x.get("state").asText());
            }
        });
        return out;
    }

    private static Map<Integer, String> expectedPartitions(InternalTopicsCluster.Truth t) {
        Map<Integer, String> out = new TreeMap<>();
        t.after().forEach((p, leader) -> out.put(p, "leader " + leader + " epoch " + t.epochsAfter().get(p) + " isr "
                + t.isrAfter().get(p)));
        return out;
    }

    /**
     * The topic's partitions as the metadata log left them before another broker than the one stopped went into
     * controlled shutdown (the cluster closing).
     */
    private static Map<Integer, String> partitionsAfterTheChange(JsonNode log, int stopped) {
        Map<Integer, String> out = new TreeMap<>();
        for (JsonNode e : log.get("events")) {
            if (e.at("/broker/state").asText().equals("controlled shutdown") && e.at("/broker/broker_id").asInt() != stopped) {
                break;
            }
            if (e.at("/partition/topic").asText().equals(InternalTopicsCluster.TOPIC)) {
                TreeSet<Integer> isr = new TreeSet<>();
                e.at("/partition/isr").forEach(x -> isr.add(x.asInt()));
                out.put(e.at("/partition/partition").asInt(), "leader " + e.at("/partition/leader").asInt() + " epoch "
                        + e.at("/partition/leader_epoch").asInt() + " isr " + new ArrayList<>(isr));
            }
        }
        return out;
    }

    private static Map<Long, String> markers(JsonNode section) {
        Map<Long, String> out = new TreeMap<>();
        for (JsonNode p : section.get("producers")) {
            List<String> topics = new ArrayList<>();
            p.get("topics").forEach(x -> topics.add(x.asText()));
            TreeSet<Integer> epochs = new TreeSet<>();
            p.get("coordinator_epochs").forEach(x -> epochs.add(x.asInt()));
            out.put(p.get("producer_id").asLong(), p.get("transactional_id").asText() + " commits "
                    + p.get("commits").asLong() + " aborts " + p.get("aborts").asLong() + " partitions "
                    + p.get("partitions").asLong() + " " + topics + " coordinator epochs " + epochs);
        }
        return out;
    }
}
