package org.kwire.lab;

import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes real captures of Kafka over TLS with the key logs that decrypt them (bench/tls-captures/make runs it): a real
 * Kafka 4.4.0 broker (single KRaft node, in this JVM, through Kafka's test kit) with an SSL listener on a free port and
 * a self-signed RSA certificate made by keytool; tcpdump on the loopback interface; real clients, one capture per
 * scenario: kafkajs under {@code node --tls-keylog} for TLS 1.3 with each suite, and kafka-clients in a JVM with the
 * {@code name.neykov:extract-tls-secrets} agent for TLS 1.2 with each suite the JDK negotiates (ECDHE and RSA key
 * exchange), and the JDK's own TLS client resuming TLS 1.2 sessions by ticket and by session id. The broker sends a KeyUpdate after every 2^10 bytes it encrypts ({@code jdk.tls.keyLimits}), so the TLS 1.3
 * captures carry KeyUpdates.
 *
 * <p>usage: {@code TlsCaptureLab OUTDIR AGENT_JAR NODE_SCRIPT_DIR [SCENARIO...]}; writes {@code SCENARIO.pcap},
 * {@code SCENARIO.keys}, {@code SCENARIO.client.json} (the client's own summary) per scenario, and {@code lab.json}
 * (the broker's port).
 */
public final class TlsCaptureLab {

    private static final String PASSWORD = "fake-lab-pass";

    /**
     * One client run: a name, the client (node or java), the protocol and the suite to force; {@code fails}: the
     * handshake is meant to fail (kafka-clients offering only a suite the broker's RSA certificate cannot serve; or, for
     * an {@code -untrusted} scenario, trusting another certificate than the broker's); {@code big}: the size of one more
     * record, 0 for none.
     */
    record Scenario(String name, boolean node, String protocol, String suite, boolean fails, int big) {
        Scenario(String name, boolean node, String protocol, String suite, boolean fails) {
            this(name, node, protocol, suite, fails, 0);
        }
    }

    static final List<Scenario> SCENARIOS = List.of(
            new Scenario("kafkajs-tls13-aes128", true, "TLSv1.3", "TLS_AES_128_GCM_SHA256", false, 17000),
            new Scenario("kafkajs-tls13-aes256", true, "TLSv1.3", "TLS_AES_256_GCM_SHA384", false),
            new Scenario("kafkajs-tls13-chacha20", true, "TLSv1.3", "TLS_CHACHA20_POLY1305_SHA256", false),
            new Scenario("java-tls12-ecdhe-aes128", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", false, 17000),
            new Scenario("java-tls12-ecdhe-aes256", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", false),
            new Scenario("java-tls12-ecdhe-chacha20", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", false),
            new Scenario("java-tls12-rsa-aes128", false, "TLSv1.2", "TLS_RSA_WITH_AES_128_GCM_SHA256", false),
            new Scenario("java-tls12-rsa-aes256", false, "TLSv1.2", "TLS_RSA_WITH_AES_256_GCM_SHA384", false),
            new Scenario("java-tls13-aes256", false, "TLSv1.3", "TLS_AES_256_GCM_SHA384", false),
            new Scenario("java-tls12-no-shared-suite", false, "TLSv1.2", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", true),
            new Scenario("java-tls13-untrusted", false, "TLSv1.3", "TLS_AES_128_GCM_SHA256", true),
            new Scenario("jdk-tls12-resume-ticket", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", false),
            new Scenario("jdk-tls12-resume-id", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", false));

    private TlsCaptureLab() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Files.createDirectories(Path.of(args[0]));
        Path agent = Path.of(args[1]);
        Path nodeDir = Path.of(args[2]);
        List<String> only = List.of(args).subList(3, args.length);
        Security.setProperty("jdk.tls.keyLimits", "AES/GCM/NoPadding KeyUpdate 2^10, ChaCha20-Poly1305 KeyUpdate 2^10");
        Path work = Files.createTempDirectory("kwire-tls-lab");
        Path keystore = work.resolve("broker.p12");
        Path truststore = work.resolve("trust.p12");
        Path pem = work.resolve("broker.pem");
        keytool("-genkeypair", "-alias", "broker", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3650",
                "-dname", "CN=kwire-lab-broker,O=kwire", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "broker", "-keystore", keystore.toString(), "-storepass", PASSWORD,
                "-file", pem.toString());
        keytool("-importcert", "-noprompt", "-alias", "broker", "-file", pem.toString(), "-storetype", "PKCS12",
                "-keystore", truststore.toString(), "-storepass", PASSWORD);
        Path otherStore = work.resolve("other.p12");
        Path otherTrust = work.resolve("other-trust.p12");
        keytool("-genkeypair", "-alias", "other", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3650",
                "-dname", "CN=not-the-broker,O=kwire", "-storetype", "PKCS12", "-keystore", otherStore.toString(),
                "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "other", "-keystore", otherStore.toString(), "-storepass", PASSWORD,
                "-file", work.resolve("other.pem").toString());
        keytool("-importcert", "-noprompt", "-alias", "other", "-file", work.resolve("other.pem").toString(),
                "-storetype", "PKCS12", "-keystore", otherTrust.toString(), "-storepass", PASSWORD);
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1).setNumBrokerNodes(1)
                .setBrokerSecurityProtocol(SecurityProtocol.SSL).setControllerSecurityProtocol(SecurityProtocol.SSL)
                .setBaseDirectory(work.resolve("kafka")).build();
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes);
        for (String[] kv : new String[][] {{"ssl.keystore.location", keystore.toString()}, {"ssl.keystore.password", PASSWORD},
                {"ssl.key.password", PASSWORD}, {"ssl.keystore.type", "PKCS12"}, {"ssl.truststore.location", truststore.toString()},
                {"ssl.truststore.password", PASSWORD}, {"ssl.truststore.type", "PKCS12"},
                {"offsets.topic.replication.factor", "1"}, {"offsets.topic.num.partitions", "1"},
                {"group.initial.rebalance.delay.ms", "0"}, {"transaction.state.log.replication.factor", "1"},
                {"transaction.state.log.min.isr", "1"}, {"ssl.enabled.protocols", "TLSv1.2,TLSv1.3"}}) {
            builder.setConfigProp(kv[0], kv[1]);
        }
        try (KafkaClusterTestKit cluster = builder.build()) {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            String bootstrap = cluster.bootstrapServers();
            int port = Integer.parseInt(bootstrap.replaceAll(".*:", ""));
            System.err.println("lab: broker SSL listener " + bootstrap);
            Files.writeString(out.resolve("lab.json"), "{\"broker_port\": " + port + "}\n");
            for (Scenario s : SCENARIOS) {
                if (!only.isEmpty() && !only.contains(s.name())) {
                    continue;
                }
                List<String> client = new ArrayList<>();
                Path keys = out.resolve(s.name() + ".keys");
                Files.deleteIfExists(keys);
                String topic = "lab-" + s.name();
                if (s.node()) {
                    client.addAll(List.of("node", "--tls-keylog=" + keys, nodeDir.resolve("kafkajs-workload.js").toString(),
                            bootstrap, topic, pem.toString(), s.protocol(), s.suite(), String.valueOf(s.big())));
                    if (s.fails()) {
                        client.add("untrusted");
                    }
                } else if (s.name().startsWith("jdk-")) {
                    client.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                            "-javaagent:" + agent + "=" + keys, "-cp", System.getProperty("java.class.path"),
                            "-Djdk.tls.client.enableSessionTicketExtension=" + !s.name().endsWith("-id"),
                            TlsResumeWorkload.class.getName(), "localhost", String.valueOf(port), truststore.toString(),
                            PASSWORD, s.suite()));
                } else {
                    client.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                            "-javaagent:" + agent + "=" + keys, "-cp", System.getProperty("java.class.path"),
                            TlsJavaWorkload.class.getName(), bootstrap, topic,
                            (s.name().endsWith("-untrusted") ? otherTrust : truststore).toString(), PASSWORD, s.protocol(), s.suite(),
                            String.valueOf(s.big())));
                }
                capture(out.resolve(s.name() + ".pcap"), port, client, out.resolve(s.name() + ".client.json"), nodeDir,
                        s.fails() && !s.node());
                System.err.println("lab: " + s.name() + " done");
            }
        }
    }

    /** Runs the client while tcpdump captures the broker port; the client's stdout is kept. */
    private static void capture(Path pcap, int port, List<String> client, Path summary, Path dir, boolean mayFail)
            throws Exception {
        Process dump = new ProcessBuilder("tcpdump", "-i", "lo", "-U", "-s", "0", "-w", pcap.toString(), "tcp port " + port)
                .redirectErrorStream(true).start();
        Thread.sleep(1500);
        Process c = new ProcessBuilder(client).directory(dir.toFile()).redirectOutput(summary.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        if (!c.waitFor(120, TimeUnit.SECONDS)) {
            c.destroyForcibly();
            throw new IOException("client timed out: " + client);
        }
        Thread.sleep(1500);
        dump.destroy(); // SIGTERM: tcpdump flushes and exits
        dump.waitFor(10, TimeUnit.SECONDS);
        if (c.exitValue() != 0 && !mayFail) {
            throw new IOException("client failed (exit " + c.exitValue() + "): " + Files.readString(summary));
        }
    }

    private static void keytool(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException("keytool failed: " + output);
        }
    }
}
