package org.kwire.cli;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

import org.kwire.framing.SchemaFraming;
import org.kwire.framing.SchemaRef;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Real kafka-clients producers writing what Confluent's serializers write (no Schema Registry server is reachable here:
 * the framing is the bytes, written exactly as {@code io.confluent.kafka.serializers} lays them out), and a consumer
 * reading them back. To {@link #TOPIC} (1 partition), one record per Produce request (each send waited for):
 * <ol>
 *   <li>client {@link #FRAMED}, zstd: 5 records with key id 3 and value id 7 (magic 0 prefixes), 3 with a null key and
 *       value id 42, 2 plain-text records (no framing: a serializer bypassed), 2 values with GUID {@link #G1} (magic 1
 *       prefix), 2 records whose {@code __key_schema_id} header names id 9 and {@code __value_schema_id} GUID
 *       {@link #G2} (Confluent's HeaderSchemaIdSerializer: the payloads then carry no prefix);</li>
 *   <li>client {@link #PLAIN}, uncompressed: 2 plain-text values (a producer without the serializer);</li>
 *   <li>consumer {@link #READER}: the 16 records from offset 0.</li>
 * </ol>
 */
final class FramedWorkload {

    static final String TOPIC = "sr-orders";
    static final String FRAMED = "sr-avro-producer";
    static final String PLAIN = "sr-plain-producer";
    static final String READER = "sr-reader";
    static final UUID G1 = UUID.fromString("89791762-2336-4186-9674-299b90a802e2");
    static final UUID G2 = UUID.fromString("0f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0");

    private FramedWorkload() {
    }

    static void createTopic(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
        }
    }

    static void run(String bootstrap) throws Exception {
        try (KafkaProducer<byte[], byte[]> p = producer(bootstrap, FRAMED, "zstd")) {
            for (int i = 0; i < 5; i++) {
                send(p, new ProducerRecord<>(TOPIC, id(3, "k" + i), id(7, "avro payload " + i)));
            }
            for (int i = 0; i < 3; i++) {
                send(p, new ProducerRecord<>(TOPIC, null, id(42, "payload " + i)));
            }
            for (int i = 0; i < 2; i++) {
                send(p, new ProducerRecord<>(TOPIC, utf8("plain"), utf8("plain text " + i)));
            }
            for (int i = 0; i < 2; i++) {
                send(p, new ProducerRecord<>(TOPIC, null, guid(G1, "payload " + i)));
            }
            for (int i = 0; i < 2; i++) {
                ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(TOPIC, utf8("raw key"), utf8("raw value " + i));
                r.headers().add(new RecordHeader("trace", utf8("t" + i)))
                        .add(new RecordHeader("__key_schema_id", id(9, "")))
                        .add(new RecordHeader("__value_schema_id", guid(G2, "")));
                send(p, r);
            }
        }
        try (KafkaProducer<byte[], byte[]> p = producer(bootstrap, PLAIN, "none")) {
            for (int i = 0; i < 2; i++) {
                send(p, new ProducerRecord<>(TOPIC, null, utf8("{\"order\": " + i + "}")));
            }
        }
        assertEquals(16, consume(bootstrap), "every record read back");
    }

    /** Magic 0, the id big-endian, then the payload. */
    static byte[] id(int id, String payload) {
        return SchemaFraming.framed(new SchemaRef(id, null), utf8(payload));
    }

    /** Magic 1, the GUID's 16 bytes (most significant first), then the payload. */
    static byte[] guid(UUID guid, String payload) {
        return SchemaFraming.framed(new SchemaRef(null, guid), utf8(payload));
    }

    private static KafkaProducer<byte[], byte[]> producer(String bootstrap, String clientId, String codec) {
        return new KafkaProducer<>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.CLIENT_ID_CONFIG, clientId, ProducerConfig.LINGER_MS_CONFIG, 0,
                ProducerConfig.COMPRESSION_TYPE_CONFIG, codec), new ByteArraySerializer(), new ByteArraySerializer());
    }

    private static void send(KafkaProducer<byte[], byte[]> p, ProducerRecord<byte[], byte[]> r) throws Exception {
        p.send(r).get();
    }

    private static int consume(String bootstrap) {
        int n = 0;
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap, ConsumerConfig.CLIENT_ID_CONFIG, READER), new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            TopicPartition tp = new TopicPartition(TOPIC, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (n < 16 && System.nanoTime() < deadline) {
                n += c.poll(Duration.ofMillis(200)).count();
            }
        }
        return n;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
