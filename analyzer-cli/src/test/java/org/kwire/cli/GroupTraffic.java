package org.kwire.cli;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

/**
 * A consumer group that rebalances because a second member joins and then leaves, run with real kafka-clients against
 * a real broker, and what Kafka itself says of it: each member's own rebalance callbacks and the Admin client's view.
 * Both consumers are polled from one thread in turn (each {@code poll} drives its member's group protocol).
 */
final class GroupTraffic {

    /** What one member's {@link ConsumerRebalanceListener} saw. */
    static final class Member implements ConsumerRebalanceListener {
        final String name;
        KafkaConsumer<String, String> consumer;
        String memberId;
        /** The generation id (classic) or member epoch (KIP-848) at each onPartitionsAssigned, in order. */
        final List<Integer> assignedAt = new ArrayList<>();
        final TreeSet<Integer> owned = new TreeSet<>();
        /** What it owned when it was closed (its last assignment: closing revokes it). */
        final TreeSet<Integer> atClose = new TreeSet<>();
        int assignedCalls;
        int revokedCalls;

        Member(String name) {
            this.name = name;
        }

        @Override
        public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
            assignedCalls++;
            partitions.forEach(p -> owned.add(p.partition()));
            assignedAt.add(consumer.groupMetadata().generationId());
            memberId = consumer.groupMetadata().memberId();
        }

        @Override
        public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
            revokedCalls++;
            partitions.forEach(p -> owned.remove(p.partition()));
        }
    }

    /** Kafka's view: each member's final assignment and the group's committed offsets, from the Admin client. */
    record Truth(Member first, Member second, Map<String, List<Integer>> described, Map<Integer, Long> committed,
                 int groupEpoch, String assignor) {
    }

    private GroupTraffic() {
    }

    /**
     * Runs the group: the first member alone, the second joining, both committing, the second leaving, the first
     * committing alone; then the Admin's view, then the first member closed.
     *
     * @param protocol {@code classic} or {@code consumer} (KIP-848)
     */
    static Truth run(String bootstrap, String group, String topic, String protocol) throws Exception {
        Member a = new Member(group + "-a");
        Member b = new Member(group + "-b");
        a.consumer = consumer(bootstrap, group, a.name, protocol);
        a.consumer.subscribe(List.of(topic), a);
        pollUntil(() -> a.owned.size() == 4, a);
        b.consumer = consumer(bootstrap, group, b.name, protocol);
        b.consumer.subscribe(List.of(topic), b);
        pollUntil(() -> a.owned.size() == 2 && b.owned.size() == 2, a, b);
        a.consumer.commitSync();
        b.consumer.commitSync();
        b.atClose.addAll(b.owned);
        b.consumer.close(); // LeaveGroup (classic) or a heartbeat with member epoch -1 (KIP-848)
        pollUntil(() -> a.owned.size() == 4, a);
        a.consumer.commitSync();
        Map<String, List<Integer>> described = new TreeMap<>();
        Map<Integer, Long> committed = new TreeMap<>();
        int epoch;
        String assignor;
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            ConsumerGroupDescription d = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
            for (MemberDescription m : d.members()) {
                described.put(m.consumerId(), m.assignment().topicPartitions().stream().map(TopicPartition::partition)
                        .sorted().toList());
            }
            epoch = d.groupEpoch().orElse(-1);
            assignor = d.partitionAssignor();
            Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get();
            offsets.forEach((tp, o) -> committed.put(tp.partition(), o.offset()));
        }
        a.atClose.addAll(a.owned);
        a.consumer.close();
        return new Truth(a, b, described, committed, epoch, assignor);
    }

    private static KafkaConsumer<String, String> consumer(String bootstrap, String group, String clientId, String protocol) {
        Map<String, Object> c = new java.util.HashMap<>(Map.of("bootstrap.servers", bootstrap, "group.id", group,
                "client.id", clientId, "group.protocol", protocol, "enable.auto.commit", "false",
                "auto.offset.reset", "earliest", "key.deserializer", StringDeserializer.class.getName(),
                "value.deserializer", StringDeserializer.class.getName()));
        if (protocol.equals("classic")) {
            c.put("partition.assignment.strategy", "org.apache.kafka.clients.consumer.RangeAssignor");
        } else {
            c.put("group.remote.assignor", "range");
        }
        return new KafkaConsumer<>(c);
    }

    private static void pollUntil(BooleanSupplier done, Member... members) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the group did not settle");
            }
            for (Member m : members) {
                m.consumer.poll(Duration.ofMillis(100));
            }
        }
        for (int i = 0; i < 3; i++) { // the fetches of the new assignment, whose positions the commits send
            for (Member m : members) {
                m.consumer.poll(Duration.ofMillis(100));
            }
        }
    }
}
