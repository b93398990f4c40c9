package org.kwire.cli;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The plainest real client traffic on a topic's partition 0 (a topic of one partition, created by the Admin client): a
 * kafka-clients producer that sends records one by one, each acked before the next (linger 0: one Produce request
 * each), and a group-less consumer that reads them from the beginning (ListOffsets, then Fetch).
 */
final class TopicClients {

    private TopicClients() {
    }

    /** Creates {@code topic} with one partition, one replica (through the Admin client), and waits until it exists. */
    static void createTopic(String bootstrap, String topic) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
    }

    /** Sends {@code records} records {@code key-i}/{@code value-i} to {@code topic}, each acked before the next. */
    static void produce(String bootstrap, String topic, String clientId, int records) throws Exception {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.CLIENT_ID_CONFIG, clientId, ProducerConfig.LINGER_MS_CONFIG, 0);
        try (KafkaProducer<String, String> p = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < records; i++) {
                p.send(new ProducerRecord<>(topic, "key-" + i, "value-" + i)).get();
            }
        }
    }

    /** Reads {@code topic}'s partition 0 from the beginning until {@code records} came, or 30 s; returns how many came. */
    static int consume(String bootstrap, String topic, String clientId, int records) {
        Map<String, Object> config = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        int n = 0;
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            TopicPartition tp = new TopicPartition(topic, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (n < records && System.nanoTime() < deadline) {
                n += c.poll(Duration.ofMillis(200)).count();
            }
        }
        return n;
    }
}
