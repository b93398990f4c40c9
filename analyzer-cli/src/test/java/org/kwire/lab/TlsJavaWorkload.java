package org.kwire.lab;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The kafka-clients side of {@link TlsCaptureLab}, run in its own JVM (so that a key-logging agent can be attached
 * with {@code -javaagent}): create a topic, produce 5 records of 100 bytes and one of BIG_BYTES (acks=all, one at a time),
 * consume them by assignment from the beginning, all over TLS. (The one of BIG_BYTES only if BIG_BYTES > 0.)
 *
 * <p>usage: {@code TlsJavaWorkload BOOTSTRAP TOPIC TRUSTSTORE PASSWORD PROTOCOL CIPHER_SUITE BIG_BYTES [USER PASSWORD]};
 * with USER and PASSWORD the connections are SASL_SSL with SASL/PLAIN; with {@code -Dlab.keystore=P12} the client
 * presents that keystore's certificate (mutual TLS).
 */
public final class TlsJavaWorkload {

    private TlsJavaWorkload() {
    }

    public static void main(String[] args) throws Exception {
        String topic = args[1];
        int big = Integer.parseInt(args[6]);
        Map<String, Object> tls = new HashMap<>(Map.of("bootstrap.servers", args[0], "security.protocol", "SSL",
                "ssl.truststore.location", args[2], "ssl.truststore.password", args[3], "ssl.truststore.type", "PKCS12",
                "ssl.enabled.protocols", args[4], "ssl.protocol", args[4], "ssl.cipher.suites", args[5]));
        String keystore = System.getProperty("lab.keystore"); // mutual TLS: the client's certificate
        if (keystore != null) {
            tls.putAll(Map.of("ssl.keystore.location", keystore, "ssl.keystore.password", args[3], "ssl.key.password", args[3],
                    "ssl.keystore.type", "PKCS12"));
        }
        if (args.length > 8) {
            tls.put("security.protocol", "SASL_SSL");
            tls.put("sasl.mechanism", "PLAIN");
            tls.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
                    + args[7] + "\" password=\"" + args[8] + "\";");
        }
        try (Admin admin = Admin.create(with(tls, "client.id", "kwire-lab-java-admin"))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
        }
        try (KafkaProducer<String, String> p = new KafkaProducer<>(with(tls, "client.id", "kwire-lab-java-producer"),
                new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < 5; i++) {
                p.send(new ProducerRecord<>(topic, "k" + i, "v".repeat(100))).get();
            }
            if (big > 0) {
                p.send(new ProducerRecord<>(topic, "big", "b".repeat(big))).get();
            }
        }
        int total = big > 0 ? 6 : 5;
        int seen = 0;
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(with(tls, "client.id", "kwire-lab-java-consumer"),
                new StringDeserializer(), new StringDeserializer())) {
            TopicPartition tp = new TopicPartition(topic, 0);
            c.assign(List.of(tp));
            c.seekToBeginning(List.of(tp));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (seen < total && System.nanoTime() < deadline) {
                seen += c.poll(Duration.ofMillis(200)).count();
            }
        }
        System.out.println("{\"produced\": " + total + ", \"consumed\": " + seen + "}");
        System.exit(seen == total ? 0 : 1);
    }

    private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
        Map<String, Object> m = new HashMap<>(base);
        m.put(key, value);
        return m;
    }
}
