package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The coordinators' logs on the wire (issue 23): two brokers and a controller in-process, {@code __consumer_offsets}
 * and {@code __transaction_state} with replication factor 2, so that the follower of each fetches the coordinator's
 * records from its leader on the client port; a group commits an offset, a transactional producer commits a
 * transaction. {@code kwire dissect --records --format values} of the capture shows those records in Kafka's JSON
 * shape, and they say what the Admin client says: the committed offset and its metadata, the transaction's producer id
 * and its states up to CompleteCommit; the data topic's followers fetch the COMMIT marker.
 */
class InternalTopicsReplicationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOPIC = "orders";
    private static final String GROUP = "kwire-internal";
    private static final String TXN = "kwire-txn";

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void followersFetchTheCoordinatorsRecordsAndKwireDecodesThem(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        Path capture = dir.resolve("internal.pcap");
        KafkaClusterTestKit cluster = TestBroker.formattedCluster(dir.resolve("kafka"), 2, Map.of(
                "offsets.topic.replication.factor", "2", "offsets.topic.num.partitions", "1",
                "transaction.state.log.replication.factor", "2", "transaction.state.log.num.partitions", "1",
                "transaction.state.log.min.isr", "2", "group.initial.rebalance.delay.ms", "0"));
        Map<Integer, Integer> ports = TestBroker.ports(cluster);
        Tcpdump tcpdump = Tcpdump.start(List.copyOf(ports.values()), capture);
        OffsetAndMetadata committed;
        TransactionDescription txn;
        try {
            TestBroker.startUp(cluster);
            String bootstrap = cluster.bootstrapServers();
            try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 2))).all().get();
                TopicPartition tp = new TopicPartition(TOPIC, 0);
                try (KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                        "group.id", GROUP, "enable.auto.commit", "false", "key.deserializer", StringDeserializer.class.getName(),
                        "value.deserializer", StringDeserializer.class.getName()))) {
                    c.assign(List.of(tp));
                    c.commitSync(Map.of(tp, new OffsetAndMetadata(7, "note")));
                }
                try (KafkaProducer<String, String> p = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap,
                        "transactional.id", TXN, "key.serializer", StringSerializer.class.getName(),
                        "value.serializer", StringSerializer.class.getName()))) {
                    p.initTransactions();
                    p.beginTransaction();
                    p.send(new ProducerRecord<>(TOPIC, 0, "k", "v")).get();
                    p.commitTransaction();
                }
                committed = admin.listConsumerGroupOffsets(GROUP).partitionsToOffsetAndMetadata().get().get(tp);
                do { // the transaction completes after commitTransaction returns: its markers are written first
                    txn = admin.describeTransactions(List.of(TXN)).description(TXN).get();
                } while (txn.state() != TransactionState.COMPLETE_COMMIT && sleep());
                Thread.sleep(1000); // the followers fetch the last records
            }
        } finally {
            cluster.close();
            assertEquals(0, tcpdump.stop(), "kernel drops");
        }
        List<String> args = new ArrayList<>(List.of("dissect", capture.toString(), "--records", "--format", "values",
                "--api", "Fetch", "--port", String.join(",", ports.values().stream().map(String::valueOf).toList())));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.err());
        Map<String, JsonNode> byOffset = new TreeMap<>(); // family, type and offset: each record once
        for (String line : run.out().split("\n")) {
            JSON.readTree(line).get("body").findValues("internal_records").forEach(a -> a.forEach(r -> {
                assertTrue(!r.has("problems"), r.toString());
                byOffset.put(r.get("family").asText() + " " + r.get("type").asText() + " "
                        + String.format("%08d", r.get("offset").asLong()), r);
            }));
        }
        List<JsonNode> commits = byOffset.values().stream().filter(r -> r.get("type").asText().equals("OffsetCommit")).toList();
        assertEquals(1, commits.size(), byOffset.keySet().toString());
        JsonNode commit = commits.get(0);
        assertEquals("group_coordinator", commit.get("family").asText());
        assertEquals("{\"group\":\"kwire-internal\",\"topic\":\"orders\",\"partition\":0}", commit.get("key").toString());
        assertEquals(committed.offset(), commit.get("value").get("offset").asLong());
        assertEquals(7, commit.get("value").get("offset").asLong());
        assertEquals(committed.metadata(), commit.get("value").get("metadata").asText());

        List<JsonNode> log = byOffset.values().stream().filter(r -> r.get("type").asText().equals("TransactionLog")).toList();
        assertTrue(log.size() >= 4, log.toString());
        log.forEach(r -> assertEquals("{\"transactionalId\":\"kwire-txn\"}", r.get("key").toString()));
        List<Integer> states = new ArrayList<>();
        for (JsonNode r : log) {
            int s = r.get("value").get("transactionStatus").asInt();
            if (states.isEmpty() || states.get(states.size() - 1) != s) {
                states.add(s);
            }
            assertEquals(txn.producerId(), r.get("value").get("producerId").asLong());
        }
        // Kafka's TransactionState ids: 0 Empty, 1 Ongoing, 2 PrepareCommit, 4 CompleteCommit
        assertEquals(List.of(0, 1, 2, 4), states);
        List<JsonNode> markers = byOffset.values().stream().filter(r -> r.get("type").asText().equals("EndTxnMarker")).toList();
        assertEquals(1, markers.size(), "the COMMIT marker of orders-0, as its follower fetched it");
        assertEquals(1, markers.get(0).get("type_id").asInt());
    }

    private static boolean sleep() throws InterruptedException {
        Thread.sleep(100);
        return true;
    }
}
