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
