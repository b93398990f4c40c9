package org.kwire.cli;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A real cluster whose internal topics are replicated, captured on all its ports (the controller's too, where the
 * brokers fetch {@code __cluster_metadata}): one KRaft controller and three brokers in-process, {@code __consumer_offsets}
 * and {@code __transaction_state} with replication factor 3 (so followers fetch them from their leaders). A topic of
 * {@value #PARTITIONS} partitions, replication factor 3; a transactional producer commits one
 * transaction and aborts one, each writing to every partition (COMMIT and ABORT markers in each); a read_committed
 * consumer group reads what was committed and commits its offsets; a topic created and deleted. Before the
 * transactions, the broker leading {@code __transaction_state} (the transaction coordinator) is shut down: the
 * coordinator moves (its markers carry coordinator epoch 1 or more) and so do the leaders of the topic's partitions it
 * led. Kafka's view of it is the {@link Truth}.
 */
final class InternalTopicsCluster {

    static final String TOPIC = "txn-data";
    static final String DOOMED = "doomed";
    static final String GROUP = "kwire-internal";
    static final String TRANSACTIONAL_ID = "kwire-txn";
    static final int PARTITIONS = 3;

    /**
     * What Kafka says of the run.
     *
     * @param ports            each node's port by node id (brokers 0-2, the controller)
     * @param stopped          the broker shut down: the first transaction coordinator
     * @param before           the topic's leaders per partition before the shutdown (Admin's describeTopics)
     * @param after            its leaders per partition after it (describeTopics once the stopped broker left every ISR)
     * @param isrAfter         its in-sync replicas per partition after it, sorted
     * @param epochsAfter      the leader epoch of each partition's committed record (produced after the change; the
     *                         consumer's {@code ConsumerRecord.leaderEpoch})
     * @param offsets          the group's committed offsets per partition of the topic (listConsumerGroupOffsets)
     * @param producerId       the transactional producer's id (describeTransactions)
     * @param producerEpoch    its epoch (describeTransactions)
     * @param coordinatorEpoch per partition, the coordinator epoch of the last marker (describeProducers)
     * @param transactionState the transaction's state at the end (describeTransactions): CompleteAbort
     */
    record Truth(Path capture, Map<Integer, Integer> ports, int stopped, Map<Integer, Integer> before,
                 Map<Integer, Integer> after, Map<Integer, List<Integer>> isrAfter, Map<Integer, Integer> epochsAfter,
                 Map<Integer, Long> offsets, long producerId, int producerEpoch,
                 Map<Integer, Integer> coordinatorEpoch, String transactionState) {
    }

    private InternalTopicsCluster() {
    }

    /** Runs it, capturing to {@code capture}; the kernel dropped no packet. */
    static Truth run(Path dir, Path capture) throws Exception {
        KafkaClusterTestKit cluster = TestBroker.formattedCluster(dir, 3, Map.of(
                "offsets.topic.replication.factor", "3", "offsets.topic.num.partitions", "1",
                "transaction.state.log.replication.factor", "3", "transaction.state.log.num.partitions", "1",
                "transaction.state.log.min.isr", "1", "group.initial.rebalance.delay.ms", "0"));
        Map<Integer, Integer> ports = TestBroker.ports(cluster);
        Tcpdump tcpdump = Tcpdump.start(List.copyOf(ports.values()), capture);
        try {
            TestBroker.startUp(cluster);
            return traffic(cluster, capture, ports);
        } finally {
            cluster.close();
            assertEquals(0, tcpdump.stop(), "kernel drops");
        }
    }

    private static Truth traffic(KafkaClusterTestKit cluster, Path capture, Map<Integer, Integer> ports)
            throws Exception {
        String bootstrap = cluster.bootstrapServers();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap, "client.id", "internal-admin"));
             KafkaProducer<String, String> producer = transactional(bootstrap)) {
            admin.createTopics(List.of(new NewTopic(TOPIC, PARTITIONS, (short) 3))).all().get();
            Map<Integer, Integer> before = leaders(ReplicatedCluster.describe(admin, TOPIC, p -> p.isr().size() == 3));
            admin.createTopics(List.of(new NewTopic(DOOMED, 1, (short) 3))).all().get();
            ReplicatedCluster.describe(admin, DOOMED, p -> p.leader() != null);
            admin.deleteTopics(List.of(DOOMED)).all().get();
            producer.initTransactions(); // creates __transaction_state; its leader is the coordinator
            int stopped = ReplicatedCluster.describe(admin, "__transaction_state", p -> p.isr().size() == 3)
                    .get(0).leader().id();
            cluster.brokers().get(stopped).shutdown(); // the coordinator moves: a new coordinator epoch
            cluster.brokers().get(stopped).awaitShutdown();
            Map<Integer, TopicPartitionInfo> settled = ReplicatedCluster.describe(admin, TOPIC, p -> p.leader() != null
                    && p.leader().id() != stopped && p.isr().stream().noneMatch(n -> n.id() == stopped));
            transaction(producer, "committed", true);
            transaction(producer, "aborted", false);
            TransactionDescription d = ended(admin);
            Map<Integer, Integer> coordinatorEpoch = coordinatorEpochs(admin, d.producerId());
            Map<Integer, Integer> epochs = new TreeMap<>();
            consume(bootstrap, "internal-consumer", 1, epochs);
            Map<Integer, Long> offsets = committed(admin);
            Map<Integer, List<Integer>> isr = new TreeMap<>();
            settled.forEach((p, info) -> isr.put(p, info.isr().stream().map(Node::id).sorted().toList()));
            return new Truth(capture, ports, stopped, before, leaders(settled), isr, epochs, offsets, d.producerId(),
                    d.producerEpoch(), coordinatorEpoch, d.state().toString());
        }
    }

    /** The transaction once its abort completed (abortTransaction may return while it is PrepareAbort). */
    private static TransactionDescription ended(Admin admin) throws Exception {
        while (true) {
            TransactionDescription d = admin.describeTransactions(List.of(TRANSACTIONAL_ID)).all().get()
                    .get(TRANSACTIONAL_ID);
            if (d.state() == TransactionState.COMPLETE_ABORT) {
                return d;
            }
            Thread.sleep(50);
        }
    }

    private static KafkaProducer<String, String> transactional(String bootstrap) {
        return new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap, "client.id", "internal-txn-producer",
                "transactional.id", TRANSACTIONAL_ID, "key.serializer", StringSerializer.class.getName(),
                "value.serializer", StringSerializer.class.getName()));
    }

    /** One transaction writing a record to every partition, committed or aborted. */
    private static void transaction(KafkaProducer<String, String> producer, String value, boolean commit)
            throws Exception {
        producer.beginTransaction();
        for (int p = 0; p < PARTITIONS; p++) {
            producer.send(new ProducerRecord<>(TOPIC, p, "k" + p, value)).get();
        }
        if (commit) {
            producer.commitTransaction();
        } else {
            producer.abortTransaction();
        }
    }

    /**
     * Reads, read_committed, {@code perPartition} new records of every partition in the group and commits its
     * position (which may lie past the records read: markers and aborted records are skipped); the records' leader
     * epochs go to {@code epochs} if not null.
     */
    private static void consume(String bootstrap, String clientId, int perPartition,
                                              Map<Integer, Integer> epochs) {
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                "group.id", GROUP, "client.id", clientId, "auto.offset.reset", "earliest", "enable.auto.commit", "false",
                "isolation.level", "read_committed", "key.deserializer", StringDeserializer.class.getName(),
                "value.deserializer", StringDeserializer.class.getName()))) {
            c.subscribe(List.of(TOPIC));
            for (int read = 0; read < perPartition * PARTITIONS; ) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    read++;
                    if (epochs != null) {
                        epochs.put(r.partition(), r.leaderEpoch().orElseThrow());
                    }
                }
            }
            c.commitSync();
        }
    }

    private static Map<Integer, Long> committed(Admin admin) throws Exception {
        Map<Integer, Long> out = new TreeMap<>();
        Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(GROUP)
                .partitionsToOffsetAndMetadata().get();
        offsets.forEach((tp, o) -> out.put(tp.partition(), o.offset()));
        return out;
    }

    /** Per partition of the topic, the coordinator epoch of the producer's last marker there (describeProducers). */
    private static Map<Integer, Integer> coordinatorEpochs(Admin admin, long producerId) throws Exception {
        Map<Integer, Integer> out = new TreeMap<>();
        List<TopicPartition> tps = java.util.stream.IntStream.range(0, PARTITIONS)
                .mapToObj(p -> new TopicPartition(TOPIC, p)).toList();
        admin.describeProducers(tps).all().get().forEach((tp, d) -> {
            for (ProducerState s : d.activeProducers()) {
                if (s.producerId() == producerId) {
                    out.put(tp.partition(), s.coordinatorEpoch().orElse(-1));
                }
            }
        });
        assertEquals(Set.copyOf(java.util.stream.IntStream.range(0, PARTITIONS).boxed().toList()), out.keySet());
        return out;
    }

    private static Map<Integer, Integer> leaders(Map<Integer, TopicPartitionInfo> described) {
        Map<Integer, Integer> out = new TreeMap<>();
        described.forEach((p, info) -> out.put(p, info.leader().id()));
        return out;
    }
}
