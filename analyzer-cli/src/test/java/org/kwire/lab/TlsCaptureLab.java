package org.kwire.lab;

import org.apache.kafka.common.security.auth.SecurityProtocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Makes real captures of Kafka over TLS with the key logs that decrypt them (bench/tls-captures/make runs it): a real
 * Kafka 4.4.0 broker with a TLS listener ({@link SslBroker}), tcpdump on the loopback interface, real clients, one
 * capture per scenario: kafkajs under {@code node --tls-keylog} for TLS 1.3 with each suite; kafka-clients in a JVM with
 * the {@code name.neykov:extract-tls-secrets} agent for TLS 1.2 with each suite the JDK negotiates (ECDHE and RSA key
 * exchange), for failed handshakes, and over {@code SASL_SSL}; the JDK's own TLS client resuming TLS 1.2 sessions. The
 * broker sends a KeyUpdate after every 2^10 bytes it encrypts ({@code jdk.tls.keyLimits}), so the TLS 1.3 captures
 * carry KeyUpdates.
 *
 * <p>usage: {@code TlsCaptureLab OUTDIR AGENT_JAR NODE_SCRIPT_DIR [SCENARIO...]}; writes {@code SCENARIO.pcap},
 * {@code SCENARIO.keys}, {@code SCENARIO.client.json} (the client's own summary) per scenario, and {@code lab.json}
 * (the brokers' ports).
 */
public final class TlsCaptureLab {

    /**
     * One client run: a name, the client (node, java, or the JDK's TLS client for {@code jdk-} scenarios), the protocol
     * and the suite to force; {@code fails}: the handshake is meant to fail (kafka-clients offering only a suite the
     * broker's RSA certificate cannot serve; or, for an {@code -untrusted} scenario, trusting another certificate than
     * the broker's); {@code big}: the size of one more record, 0 for none; {@code sasl}: the broker listener is SASL_SSL.
     */
    record Scenario(String name, boolean node, String protocol, String suite, boolean fails, int big, boolean sasl) {
        Scenario(String name, boolean node, String protocol, String suite, boolean fails) {
            this(name, node, protocol, suite, fails, 0, false);
        }

        /** The broker this scenario needs: {@code ssl}, {@code sasl_ssl}, or {@code mtls} (client certificate required). */
        String listener() {
            return sasl ? "sasl_ssl" : name.contains("-mtls") ? "mtls" : "ssl";
        }
    }

    static final List<Scenario> SCENARIOS = List.of(
            new Scenario("kafkajs-tls13-aes128", true, "TLSv1.3", "TLS_AES_128_GCM_SHA256", false, 17000, false),
            new Scenario("kafkajs-tls13-aes256", true, "TLSv1.3", "TLS_AES_256_GCM_SHA384", false),
            new Scenario("kafkajs-tls13-chacha20", true, "TLSv1.3", "TLS_CHACHA20_POLY1305_SHA256", false),
            new Scenario("java-tls12-ecdhe-aes128", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", false, 17000, false),
            new Scenario("java-tls12-ecdhe-aes256", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", false),
            new Scenario("java-tls12-ecdhe-chacha20", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", false),
            new Scenario("java-tls12-rsa-aes128", false, "TLSv1.2", "TLS_RSA_WITH_AES_128_GCM_SHA256", false),
            new Scenario("java-tls12-rsa-aes256", false, "TLSv1.2", "TLS_RSA_WITH_AES_256_GCM_SHA384", false),
            new Scenario("java-tls13-aes256", false, "TLSv1.3", "TLS_AES_256_GCM_SHA384", false),
            new Scenario("java-tls12-no-shared-suite", false, "TLSv1.2", "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", true),
            new Scenario("java-tls13-untrusted", false, "TLSv1.3", "TLS_AES_128_GCM_SHA256", true),
            new Scenario("jdk-tls12-resume-ticket", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", false),
            new Scenario("jdk-tls12-resume-id", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", false),
            new Scenario("java-sasl-ssl-tls13", false, "TLSv1.3", "TLS_AES_128_GCM_SHA256", false, 0, true),
            new Scenario("java-tls12-mtls", false, "TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", false));

    private TlsCaptureLab() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Files.createDirectories(Path.of(args[0]));
        Path agent = Path.of(args[1]);
        Path nodeDir = Path.of(args[2]);
        List<String> only = List.of(args).subList(3, args.length);
        Security.setProperty("jdk.tls.keyLimits", "AES/GCM/NoPadding KeyUpdate 2^10, ChaCha20-Poly1305 KeyUpdate 2^10");
        StringBuilder ports = new StringBuilder();
        for (String listener : List.of("ssl", "sasl_ssl", "mtls")) {
            List<Scenario> run = SCENARIOS.stream().filter(s -> s.listener().equals(listener)
                    && (only.isEmpty() || only.contains(s.name()))).toList();
            if (run.isEmpty()) {
                continue;
            }
            Path work = Files.createTempDirectory("kwire-tls-lab");
            try (SslBroker broker = new SslBroker(work, listener.equals("sasl_ssl") ? SecurityProtocol.SASL_SSL
                    : SecurityProtocol.SSL, listener.equals("mtls"))) {
                System.err.println("lab: broker " + listener + " listener " + broker.bootstrap());
                ports.append(ports.length() == 0 ? "" : ", ").append('"').append(listener).append("\": ").append(broker.port());
                for (Scenario s : run) {
                    Path keys = out.resolve(s.name() + ".keys");
                    Files.deleteIfExists(keys);
                    capture(out.resolve(s.name() + ".pcap"), broker.port(), client(s, broker, keys, agent, nodeDir),
                            out.resolve(s.name() + ".client.json"), nodeDir, s.fails() && !s.node());
                    System.err.println("lab: " + s.name() + " done");
                }
            }
        }
        Files.writeString(out.resolve("lab.json"), "{" + ports + "}\n");
    }

    private static List<String> client(Scenario s, SslBroker broker, Path keys, Path agent, Path nodeDir) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String topic = "lab-" + s.name();
        String trust = (s.name().endsWith("-untrusted") ? broker.otherTruststore() : broker.truststore()).toString();
        if (s.node()) {
            return List.of("node", "--tls-keylog=" + keys, nodeDir.resolve("kafkajs-workload.js").toString(),
                    broker.bootstrap(), topic, broker.pem().toString(), s.protocol(), s.suite(), String.valueOf(s.big()));
        }
        List<String> c = new ArrayList<>(List.of(java, "-javaagent:" + agent + "=" + keys, "-cp", System.getProperty("java.class.path")));
        if (s.listener().equals("mtls")) {
            c.add("-Dlab.keystore=" + broker.clientKeystore());
        }
        if (s.name().startsWith("jdk-")) {
            c.addAll(List.of("-Djdk.tls.client.enableSessionTicketExtension=" + !s.name().endsWith("-id"),
                    TlsResumeWorkload.class.getName(), "localhost", String.valueOf(broker.port()), trust, SslBroker.PASSWORD, s.suite()));
            return c;
        }
        c.addAll(List.of(TlsJavaWorkload.class.getName(), broker.bootstrap(), topic, trust, SslBroker.PASSWORD, s.protocol(),
                s.suite(), String.valueOf(s.big())));
        if (s.sasl()) {
            c.addAll(List.of(SslBroker.SASL_USER, SslBroker.SASL_PASSWORD));
        }
        return c;
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
}
