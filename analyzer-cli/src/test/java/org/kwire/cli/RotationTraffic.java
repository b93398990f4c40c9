package org.kwire.cli;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Traffic that keeps connections open across many file boundaries, with requests pending at the cuts: three
 * idempotent producers (acks=all, keyed records, lz4, zstd and no compression) sending about 6 MB in bursts for a few
 * seconds, while a consumer group of two consumers fetches it all (another 6 MB, long polls pending).
 */
final class RotationTraffic {

    /** The topic, of {@value #PARTITIONS} partitions. */
    static final String TOPIC = "kwire-rotations";
    /** The consumers' group. */
    static final String GROUP = "kwire-rotations-group";
    static final int PARTITIONS = 6;
    private static final List<String> CODECS = List.of("lz4", "zstd", "none");
    private static final int BURSTS = 20;
    private static final int RECORDS_PER_BURST = 100;
    private static final int VALUE_BYTES = 1000;
    /** The records the producers send, all together. */
    static final int RECORDS = 3 * BURSTS * RECORDS_PER_BURST;

    private RotationTraffic() {
    }

    /** Creates the topic (before any capture starts). */
    static void createTopic(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, PARTITIONS, (short) 1))).all().get();
        }
    }

    /**
     * Runs the producers and the consumer group until the consumers have received every record the producers had
     * acknowledged (or 60 s passed), then closes them all.
     *
     * @return the records acknowledged to the producers' callbacks (no exception), those the consumers received, and
     *         the records the producers sent again (their {@code record-retry-total})
     */
    static Counts run(String bootstrap) throws Exception {
        AtomicLong acked = new AtomicLong();
        AtomicLong consumed = new AtomicLong();
        AtomicLong retried = new AtomicLong();
        AtomicBoolean producing = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(CODECS.size() + 2);
        try {
            List<Future<?>> consumers = new ArrayList<>();
            for (int c = 0; c < 2; c++) {
                String id = "kwire-rotations-consumer-" + c;
                consumers.add(pool.submit(() -> consume(bootstrap, id, producing, acked, consumed)));
            }
            List<Future<?>> producers = new ArrayList<>();
            for (int i = 0; i < CODECS.size(); i++) {
                int seed = i;
                producers.add(pool.submit(() -> produce(bootstrap, CODECS.get(seed), new Random(seed), acked,
                        retried)));
            }
            for (Future<?> f : producers) {
                f.get();
            }
            producing.set(false);
            for (Future<?> f : consumers) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return new Counts(acked.get(), consumed.get(), retried.get());
    }

    /**
     * Records acknowledged to the producers, received by the consumers, and sent again by the producers (a retried
     * batch is on the wire twice: under load a request may time out and be sent again on a new connection).
     */
    record Counts(long acked, long consumed, long retried) {
    }

    private static Void produce(String bootstrap, String codec, Random random, AtomicLong acked, AtomicLong retried)
            throws Exception {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.CLIENT_ID_CONFIG, "kwire-rotations-" + codec, ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true, ProducerConfig.COMPRESSION_TYPE_CONFIG, codec,
                ProducerConfig.LINGER_MS_CONFIG, 5, ProducerConfig.BATCH_SIZE_CONFIG, 32768);
        try (KafkaProducer<String, String> p = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            for (int burst = 0; burst < BURSTS; burst++) {
                for (int i = 0; i < RECORDS_PER_BURST; i++) {
                    p.send(new ProducerRecord<>(TOPIC, "key-" + random.nextInt(64), value(random)), (metadata, e) -> {
                        if (e == null) {
                            acked.incrementAndGet();
                        }
                    });
                }
                p.flush();
                Thread.sleep(200); // bursts: connections at rest between them, and not at rest at many cuts
            }
            p.metrics().forEach((name, metric) -> {
                if (name.name().equals("record-retry-total") && name.group().equals("producer-metrics")) {
                    retried.addAndGet(Math.round((Double) metric.metricValue()));
                }
            });
        }
        return null;
    }

    /** Random letters and digits: lz4 and zstd shrink them by a quarter at most, so the bytes stay on the wire. */
    private static String value(Random random) {
        char[] c = new char[VALUE_BYTES];
        for (int i = 0; i < c.length; i++) {
            int r = random.nextInt(62);
            c[i] = (char) (r < 10 ? '0' + r : r < 36 ? 'a' + r - 10 : 'A' + r - 36);
        }
        return new String(c);
    }

    private static Void consume(String bootstrap, String clientId, AtomicBoolean producing, AtomicLong acked,
                                AtomicLong consumed) {
        Map<String, Object> config = Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.CLIENT_ID_CONFIG, clientId, ConsumerConfig.GROUP_ID_CONFIG, GROUP,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest", ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 200);
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            c.subscribe(List.of(TOPIC));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (System.nanoTime() < deadline && (producing.get() || consumed.get() < acked.get())) {
                consumed.addAndGet(c.poll(Duration.ofMillis(100)).count());
            }
        }
        return null;
    }
}
