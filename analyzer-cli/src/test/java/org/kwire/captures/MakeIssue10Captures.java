package org.kwire.captures;

import org.kwire.cli.QuietStdout;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

import java.io.File;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Future;

/**
 * Records the real-broker captures of issue 10 (test-captures/README.md says how each was made). Not a test: run once,
 * by hand, as root (tcpdump on loopback), with the analyzer-cli test classpath:
 * <pre>
 *   java -cp analyzer-cli/target/test-classes:$(deps) org.kwire.captures.MakeIssue10Captures OUT_DIR SCENARIO [OLD_CLIENT_JARS]
 * </pre>
 * SCENARIO is {@code acks0} (kafka-clients 4.4.0 producer with acks=0), {@code old-produce} (kafka-clients 0.10.1.1,
 * whose Produce v2 Kafka 4.x removed, against a 4.4.0 broker, which closes the connection) or {@code sasl-v0}
 * (kafka-clients 0.10.1.1 over SASL_PLAINTEXT/PLAIN: SaslHandshake v0 and bare tokens, then the same Produce v2).
 * OLD_CLIENT_JARS (path-separated) are kafka-clients 0.10.1.1 and its dependencies, loaded in their own class loader.
 * A single-node KRaft broker runs in-process (KafkaClusterTestKit) on a random port; {@code tcpdump -i lo -w
 * OUT_DIR/SCENARIO.pcap port P} captures only the clients' traffic (the topic is created before it starts).
 */
public final class MakeIssue10Captures {

    private MakeIssue10Captures() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        String scenario = args[1];
        boolean sasl = scenario.equals("sasl-v0");
        Path base = Files.createTempDirectory("kwire-capture-");
        TestKitNodes.Builder nodes = new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1)
                .setNumBrokerNodes(1).setBaseDirectory(base.resolve("kafka"));
        if (sasl) {
            nodes.setBrokerSecurityProtocol(SecurityProtocol.SASL_PLAINTEXT).setControllerSecurityProtocol(SecurityProtocol.SASL_PLAINTEXT);
        }
        KafkaClusterTestKit.Builder kit = new KafkaClusterTestKit.Builder(nodes.build());
        try (KafkaClusterTestKit cluster = kit.build()) {
            QuietStdout.run(cluster::format); // Kafka's Formatter prints the bootstrap metadata to stdout
            cluster.startup();
            cluster.waitForReadyBrokers();
            String bootstrap = cluster.bootstrapServers();
            int port = Integer.parseInt(bootstrap.replaceAll(".*:", ""));
            String topic = "issue10-" + scenario;
            try (Admin admin = cluster.admin()) {
                admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
            }
            if (sasl) {
                addClientLogin();
            }
            Process tcpdump = new ProcessBuilder("tcpdump", "-i", "lo", "-U", "-w", out.resolve(scenario + ".pcap").toString(),
                    "tcp port " + port).inheritIO().start();
            Thread.sleep(1500);
            try {
                if (scenario.equals("acks0")) {
                    acksZero(bootstrap, topic);
                } else {
                    oldProducer(args[2], bootstrap, topic, sasl);
                }
                Thread.sleep(1500);
            } finally {
                tcpdump.destroy();
                tcpdump.waitFor();
            }
        }
    }

    /** A kafka-clients 4.4.0 producer with acks=0: 10 records, one at a time, to a 2-partition topic. */
    private static void acksZero(String bootstrap, String topic) throws Exception {
        Map<String, Object> config = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ProducerConfig.CLIENT_ID_CONFIG, "acks0-producer", ProducerConfig.ACKS_CONFIG, "0",
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false, ProducerConfig.LINGER_MS_CONFIG, 0);
        try (KafkaProducer<String, String> p = new KafkaProducer<>(config, new StringSerializer(), new StringSerializer())) {
            for (int i = 0; i < 10; i++) {
                p.send(new ProducerRecord<>(topic, i % 2, "key-" + i, "acks=0 value " + i)).get();
                Thread.sleep(20);
            }
            p.flush();
        }
    }

    /**
     * A kafka-clients 0.10.1.1 producer (it sends Produce v2, which Kafka 4.x removed: the broker closes the
     * connection), loaded in its own class loader; 3 records, each awaited, failures expected.
     */
    private static void oldProducer(String jars, String bootstrap, String topic, boolean sasl) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String j : jars.split(File.pathSeparator)) {
            urls.add(Path.of(j).toUri().toURL());
        }
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        try (URLClassLoader old = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader())) {
            Thread.currentThread().setContextClassLoader(old); // JAAS loads the PLAIN login module through it
            Properties p = new Properties();
            p.put("bootstrap.servers", bootstrap);
            p.put("client.id", sasl ? "old-sasl-producer" : "old-producer");
            p.put("acks", "1");
            p.put("retries", "0");
            p.put("max.block.ms", "5000");
            p.put("request.timeout.ms", "5000");
            p.put("key.serializer", "org.apache.kafka.common.serialization.StringSerializer");
            p.put("value.serializer", "org.apache.kafka.common.serialization.StringSerializer");
            if (sasl) {
                p.put("security.protocol", "SASL_PLAINTEXT");
                p.put("sasl.mechanism", "PLAIN");
            }
            Class<?> producerClass = old.loadClass("org.apache.kafka.clients.producer.KafkaProducer");
            Class<?> recordClass = old.loadClass("org.apache.kafka.clients.producer.ProducerRecord");
            Object producer = producerClass.getConstructor(Properties.class).newInstance(p);
            Constructor<?> record = recordClass.getConstructor(String.class, Integer.class, Object.class, Object.class);
            Method send = producerClass.getMethod("send", recordClass);
            try {
                for (int i = 0; i < 3; i++) {
                    Future<?> f = (Future<?>) send.invoke(producer, record.newInstance(topic, 0, "key-" + i, "old value " + i));
                    try {
                        f.get();
                        System.out.println("record " + i + ": acknowledged");
                    } catch (Exception e) {
                        System.out.println("record " + i + ": " + e.getCause());
                    }
                }
            } finally {
                producerClass.getMethod("close").invoke(producer);
            }
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    /** Adds a KafkaClient section (the test kit's PLAIN super user, fake credentials) to the JAAS file the test kit wrote for the broker. */
    private static void addClientLogin() throws Exception {
        Path jaas = Path.of(System.getProperty("java.security.auth.login.config"));
        String client = "\nKafkaClient {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n"
                + "  username=\"plain-admin\"\n  password=\"plain-admin-secret\";\n};\n";
        Files.writeString(jaas, Files.readString(jaas) + client);
        javax.security.auth.login.Configuration.setConfiguration(null); // read again on next use
    }
}
