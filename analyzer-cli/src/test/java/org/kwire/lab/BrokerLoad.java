package org.kwire.lab;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.kwire.cli.QuietStdout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A JVM-heavy load for {@code bench/live-compare --load broker}: a real Kafka broker (one combined KRaft node through
 * Kafka's test kit, on a random port on loopback, not 9092) taking produce traffic from {@code PRODUCERS} producers in
 * this JVM, each sending 1 KiB records of random bytes as fast as the broker acknowledges them (acks=1, lz4), until the
 * process is killed. Prints {@code broker-load: producing to localhost:PORT} once producing, then every 5 s the
 * records acknowledged so far.
 *
 * <p>usage: {@code BrokerLoad WORKDIR [PRODUCERS]} (default 2).
 */
public final class BrokerLoad {

    private BrokerLoad() {
    }

    public static void main(String[] args) throws Exception {
        Path work = Files.createDirectories(Path.of(args[0]));
        int producers = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder().setCombined(true)
                .setNumControllerNodes(1).setNumBrokerNodes(1).setBaseDirectory(work.resolve("kafka")).build())
                .setConfigProp("log.retention.bytes", String.valueOf(256L << 20))
                .setConfigProp("log.segment.bytes", String.valueOf(64 << 20)).build();
        QuietStdout.run(cluster::format); // Kafka's Formatter prints the bootstrap metadata to stdout
        cluster.startup();
        cluster.waitForReadyBrokers();
        AtomicLong acked = new AtomicLong();
        for (int i = 0; i < producers; i++) {
            Thread t = new Thread(() -> produce(cluster.bootstrapServers(), acked), "producer-" + i);
            t.setDaemon(true);
            t.start();
        }
        System.out.println("broker-load: producing to " + cluster.bootstrapServers());
        while (true) {
            Thread.sleep(5_000);
            System.out.println("broker-load: " + acked.get() + " records acknowledged");
        }
    }

    private static void produce(String bootstrap, AtomicLong acked) {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.ACKS_CONFIG, "1", ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4",
                ProducerConfig.LINGER_MS_CONFIG, 5);
        byte[] value = new byte[1024];
        new Random(1).nextBytes(value);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            while (true) {
                producer.send(new ProducerRecord<>("load", value), (m, e) -> {
                    if (e == null) {
                        acked.incrementAndGet();
                    }
                });
            }
        }
    }
}
