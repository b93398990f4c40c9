package org.kwire.lab;

import org.kwire.cli.QuietStdout;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A real Kafka 4.4.0 broker (single KRaft node, in this JVM, through Kafka's test kit) whose listeners are TLS: {@code SSL},
 * or {@code SASL_SSL} with the test kit's PLAIN user {@code plain-admin}. Its certificate is a self-signed RSA-2048 one
 * made by keytool ({@code CN=kwire-lab-broker,O=kwire}, SAN localhost and 127.0.0.1); {@link #truststore()} trusts it,
 * {@link #otherTruststore()} trusts another certificate only. With mutual TLS the broker requires a client certificate
 * ({@code ssl.client.auth=required}) and trusts {@link #clientKeystore()}'s ({@code CN=kwire-lab-client,O=kwire}). The
 * listener's port is a free one the test kit picks.
 */
public final class SslBroker implements AutoCloseable {

    /** Store password of the lab's keystores (a fake). */
    public static final String PASSWORD = "fake-lab-pass";
    /** The test kit's SASL/PLAIN super user and its (fake) password. */
    public static final String SASL_USER = "plain-admin";
    public static final String SASL_PASSWORD = "plain-admin-secret";

    private final KafkaClusterTestKit cluster;
    private final Path truststore;
    private final Path otherTruststore;
    private final Path pem;
    private final Path clientKeystore;

    /**
     * Makes the certificates under {@code work} and starts the broker.
     *
     * @param protocol {@link SecurityProtocol#SSL} or {@link SecurityProtocol#SASL_SSL}
     */
    public SslBroker(Path work, SecurityProtocol protocol) throws Exception {
        this(work, protocol, false);
    }

    /**
     * Makes the certificates under {@code work} and starts the broker.
     *
     * @param protocol  {@link SecurityProtocol#SSL} or {@link SecurityProtocol#SASL_SSL}
     * @param mutualTls require a client certificate
     */
    public SslBroker(Path work, SecurityProtocol protocol, boolean mutualTls) throws Exception {
        Path keystore = work.resolve("broker.p12");
        truststore = work.resolve("trust.p12");
        pem = work.resolve("broker.pem");
        keytool("-genkeypair", "-alias", "broker", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3650",
                "-dname", "CN=kwire-lab-broker,O=kwire", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "broker", "-keystore", keystore.toString(), "-storepass", PASSWORD,
                "-file", pem.toString());
        keytool("-importcert", "-noprompt", "-alias", "broker", "-file", pem.toString(), "-storetype", "PKCS12",
                "-keystore", truststore.toString(), "-storepass", PASSWORD);
        Path otherStore = work.resolve("other.p12");
        otherTruststore = work.resolve("other-trust.p12");
        keytool("-genkeypair", "-alias", "other", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3650",
                "-dname", "CN=not-the-broker,O=kwire", "-storetype", "PKCS12", "-keystore", otherStore.toString(),
                "-storepass", PASSWORD, "-keypass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", "other", "-keystore", otherStore.toString(), "-storepass", PASSWORD,
                "-file", work.resolve("other.pem").toString());
        keytool("-importcert", "-noprompt", "-alias", "other", "-file", work.resolve("other.pem").toString(),
                "-storetype", "PKCS12", "-keystore", otherTruststore.toString(), "-storepass", PASSWORD);
        clientKeystore = work.resolve("client.p12");
        keytool("-genkeypair", "-alias", "client", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3650",
                "-dname", "CN=kwire-lab-client,O=kwire", "-storetype", "PKCS12", "-keystore", clientKeystore.toString(),
                "-storepass", PASSWORD, "-keypass", PASSWORD);
        Path brokerTrust = work.resolve("broker-trust.p12");
        keytool("-exportcert", "-rfc", "-alias", "client", "-keystore", clientKeystore.toString(), "-storepass", PASSWORD,
                "-file", work.resolve("client.pem").toString());
        for (String[] cert : new String[][] {{"broker", pem.toString()}, {"client", work.resolve("client.pem").toString()}}) {
            keytool("-importcert", "-noprompt", "-alias", cert[0], "-file", cert[1], "-storetype", "PKCS12",
                    "-keystore", brokerTrust.toString(), "-storepass", PASSWORD);
        }
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(true).setNumControllerNodes(1).setNumBrokerNodes(1)
                .setBrokerSecurityProtocol(protocol).setControllerSecurityProtocol(protocol)
                .setBaseDirectory(work.resolve("kafka")).build();
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes);
        for (String[] kv : new String[][] {{"ssl.keystore.location", keystore.toString()}, {"ssl.keystore.password", PASSWORD},
                {"ssl.key.password", PASSWORD}, {"ssl.keystore.type", "PKCS12"}, {"ssl.truststore.location", brokerTrust.toString()},
                {"ssl.client.auth", mutualTls ? "required" : "none"},
                {"ssl.truststore.password", PASSWORD}, {"ssl.truststore.type", "PKCS12"},
                {"offsets.topic.replication.factor", "1"}, {"offsets.topic.num.partitions", "1"},
                {"group.initial.rebalance.delay.ms", "0"}, {"transaction.state.log.replication.factor", "1"},
                {"transaction.state.log.min.isr", "1"}, {"ssl.enabled.protocols", "TLSv1.2,TLSv1.3"}}) {
            builder.setConfigProp(kv[0], kv[1]);
        }
        cluster = builder.build();
        QuietStdout.run(cluster::format); // Kafka's Formatter prints the bootstrap metadata to stdout
        cluster.startup();
        cluster.waitForReadyBrokers();
    }

    /** {@code localhost:PORT} of the TLS listener. */
    public String bootstrap() {
        return cluster.bootstrapServers();
    }

    /** The TLS listener's port. */
    public int port() {
        return Integer.parseInt(bootstrap().replaceAll(".*:", ""));
    }

    /** A PKCS12 truststore holding the broker's certificate. */
    public Path truststore() {
        return truststore;
    }

    /** A PKCS12 truststore holding another certificate only: clients using it reject the broker. */
    public Path otherTruststore() {
        return otherTruststore;
    }

    /** A PKCS12 keystore with the client certificate a mutual-TLS broker trusts. */
    public Path clientKeystore() {
        return clientKeystore;
    }

    /** The broker's certificate, PEM (for node's {@code ca} option). */
    public Path pem() {
        return pem;
    }

    @Override
    public void close() throws Exception {
        cluster.close();
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
