package org.kwire.cli;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A real cluster's whole life on the wire: one KRaft controller and three brokers in-process, captured by tcpdump on
 * all their ports from before they start to after they stop. A topic of {@value #PARTITIONS} partitions, replication
 * factor 3, each broker leading one; records produced with {@code acks=all} and consumed in a group; the broker
 * leading partition 0 shut down (a controlled shutdown: leadership moves, the followers of its partitions switch
 * leaders); more records produced and consumed. The group's offsets topic has one partition, replication factor 1, on
 * a broker that stays up, so only the topic is replicated. Kafka's view of it is the {@link Truth}.
 */
final class ReplicatedCluster {

    static final String TOPIC = "replicated";
    static final String GROUP = "kwire-replicated";
    static final int PARTITIONS = 3;

    /**
     * One phase (before and after the leader change) as Kafka saw it, per partition.
     *
     * @param leaders  the leader, from the Admin client's describeTopics once the phase's leadership settled
     * @param isr      the in-sync replicas, from the same answer
     * @param produced records acknowledged ({@code acks=all}) to the producer in the phase
     * @param epochs   the leader epoch of the records of the phase, from the consumer ({@code ConsumerRecord.leaderEpoch})
     * @param consumer the client_id of the phase's group member
     * @param consumed records its polls returned
     */
    record Phase(Map<Integer, Integer> leaders, Map<Integer, List<Integer>> isr, Map<Integer, Integer> produced,
                 Map<Integer, Integer> epochs, String consumer, Map<Integer, Integer> consumed) {
    }

    /**
     * What Kafka says of the run.
     *
     * @param ports        each node's port by node id (brokers 0-2, the controller)
     * @param replicas     the topic's replica assignment, per partition (Admin's describeTopics)
     * @param coordinator  the broker leading the offsets topic (the group's coordinator)
     * @param meters       the nodes' own request and error meters over the whole run
     * @param retries      the producer's {@code record-retry-total}
     * @param closing      when the cluster began to close (its brokers' controlled shutdowns move leaders again)
     * @param errors       per error name, the leadership errors the nodes' {@code ErrorsPerSec} meters counted until
     *                     {@code closing}
     */
    record Truth(Path capture, Map<Integer, Integer> ports, Map<Integer, List<Integer>> replicas, int coordinator,
                 Phase before, Phase after, BrokerMeters meters, double retries, Instant closing,
                 Map<String, Long> errors) {
    }

    /** The errors the leadership timeline lists. */
    static final List<String> LEADERSHIP_ERRORS = List.of("NOT_LEADER_OR_FOLLOWER", "FENCED_LEADER_EPOCH");

    private ReplicatedCluster() {
    }

    /** Runs it, capturing to {@code capture}; the kernel dropped no packet. */
    static Truth run(Path dir, Path capture) throws Exception {
        try (BrokerMeters meters = BrokerMeters.watch()) {
            KafkaClusterTestKit cluster = TestBroker.formattedCluster(dir, 3, Map.of(
                    "offsets.topic.replication.factor", "1", "offsets.topic.num.partitions", "1",
                    "group.initial.rebalance.delay.ms", "0"));
            Map<Integer, Integer> ports = TestBroker.ports(cluster);
            Tcpdump tcpdump = Tcpdump.start(List.copyOf(ports.values()), capture);
            try {
                TestBroker.startUp(cluster);
                return traffic(cluster, capture, ports, meters);
            } finally {
                cluster.close();
                assertEquals(0, tcpdump.stop(), "kernel drops");
            }
        }
    }

    private static Truth traffic(KafkaClusterTestKit cluster, Path capture, Map<Integer, Integer> ports,
                                 BrokerMeters meters) throws Exception {
        String bootstrap = cluster.bootstrapServers();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap, "client.id", "replicated-admin"))) {
            admin.listConsumerGroupOffsets(GROUP).partitionsToOffsetAndMetadata().get(); // creates the offsets topic
            int coordinator = describe(admin, "__consumer_offsets", p -> p.leader() != null).get(0).leader().id();
            Map<Integer, List<Integer>> assignment = assignment(coordinator);
            admin.createTopics(List.of(new NewTopic(TOPIC, assignment))).all().get();
            Map<Integer, TopicPartitionInfo> first = describe(admin, TOPIC, p -> p.isr().size() == 3);
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap,
                    "client.id", "replicated-producer", "acks", "all", "key.serializer", StringSerializer.class.getName(),
                    "value.serializer", StringSerializer.class.getName()))) {
                Phase before = phase(first, produce(producer, 10), bootstrap, "replicated-consumer-1");
                int old = first.get(0).leader().id();
                cluster.brokers().get(old).shutdown();
                cluster.brokers().get(old).awaitShutdown();
                Map<Integer, TopicPartitionInfo> second = describe(admin, TOPIC, p -> p.leader() != null
                        && p.leader().id() != old && p.isr().stream().noneMatch(n -> n.id() == old));
                Phase after = phase(second, produce(producer, 5), bootstrap, "replicated-consumer-2");
                double retries = (Double) producer.metrics().entrySet().stream()
                        .filter(e -> e.getKey().group().equals("producer-metrics")
                                && e.getKey().name().equals("record-retry-total"))
                        .findFirst().orElseThrow().getValue().metricValue();
                Map<String, Long> errors = new TreeMap<>();
                for (String error : LEADERSHIP_ERRORS) {
                    errors.put(error, meters.count("ErrorsPerSec", "error=" + error));
                }
                return new Truth(capture, ports, assignment, coordinator, before, after, meters, retries, Instant.now(),
                        errors);
            }
        }
    }

    /** Each partition's replicas in order, the first its leader: each broker leads one, the coordinator's not 0. */
    private static Map<Integer, List<Integer>> assignment(int coordinator) {
        List<Integer> ids = new ArrayList<>(List.of(0, 1, 2));
        ids.remove(Integer.valueOf(coordinator));
        ids.add(coordinator);
        Map<Integer, List<Integer>> out = new TreeMap<>();
        for (int p = 0; p < PARTITIONS; p++) {
            out.put(p, List.of(ids.get(p % 3), ids.get((p + 1) % 3), ids.get((p + 2) % 3)));
        }
        return out;
    }

    /**
     * Admin's describeTopics, asked again until every partition passes {@code settled} (and while the broker asked
     * does not know the topic yet: a topic just created reaches the brokers' metadata one after the other).
     */
    static Map<Integer, TopicPartitionInfo> describe(Admin admin, String topic, Predicate<TopicPartitionInfo> settled)
            throws Exception {
        while (true) {
            Map<Integer, TopicPartitionInfo> out = new TreeMap<>();
            try {
                admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).partitions()
                        .forEach(p -> out.put(p.partition(), p));
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
            if (!out.isEmpty() && out.values().stream().allMatch(settled)) {
                return out;
            }
            Thread.sleep(100);
        }
    }

    private static Phase phase(Map<Integer, TopicPartitionInfo> described, Map<Integer, Integer> produced,
                               String bootstrap, String consumer) {
        Map<Integer, Integer> leaders = new TreeMap<>();
        Map<Integer, List<Integer>> isr = new TreeMap<>();
        described.forEach((p, info) -> {
            leaders.put(p, info.leader().id());
            isr.put(p, info.isr().stream().map(Node::id).sorted().toList());
        });
        Map<Integer, Integer> epochs = new TreeMap<>();
        Map<Integer, Integer> consumed = new TreeMap<>();
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                "group.id", GROUP, "client.id", consumer, "auto.offset.reset", "earliest", "enable.auto.commit", "false",
                "key.deserializer", StringDeserializer.class.getName(),
                "value.deserializer", StringDeserializer.class.getName()))) {
            c.subscribe(List.of(TOPIC));
            int want = produced.values().stream().mapToInt(Integer::intValue).sum();
            for (int read = 0; read < want; ) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    read++;
                    consumed.merge(r.partition(), 1, Integer::sum);
                    Integer was = epochs.put(r.partition(), r.leaderEpoch().orElseThrow());
                    assertEquals(was == null ? r.leaderEpoch().get() : was, r.leaderEpoch().get(), "one epoch a phase");
                }
            }
            c.commitSync();
        }
        return new Phase(leaders, isr, produced, epochs, consumer, consumed);
    }

    /** {@code perPartition} records to each partition, one at a time; the records acknowledged per partition. */
    private static Map<Integer, Integer> produce(KafkaProducer<String, String> producer, int perPartition)
            throws Exception {
        Map<Integer, Integer> acked = new TreeMap<>();
        for (int p = 0; p < PARTITIONS; p++) {
            for (int i = 0; i < perPartition; i++) {
                acked.merge(producer.send(new ProducerRecord<>(TOPIC, p, "k" + i, "v" + i)).get().partition(), 1,
                        Integer::sum);
            }
        }
        return acked;
    }
}
