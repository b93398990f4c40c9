package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.common.security.auth.SecurityProtocol;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.lab.SslBroker;
import org.kwire.lab.TlsJavaWorkload;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka over TLS captured live: a real Kafka 4.4.0 broker with an SSL listener (in-process), a real kafka-clients
 * client in its own JVM with the {@code extract-tls-secrets} agent writing its key log while
 * {@code kwire live -i lo --tls-keylog} captures; kwire reads the key log as it grows (each packet analyzed once it is
 * 2 s old, so that the secrets of its handshake are written by then) and decrypts every connection.
 * Skipped, with the reason, only where this process may not capture packets.
 */
class LiveTlsKafkaTest {

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void liveCaptureDecryptsWithAKeyLogWrittenDuringTheCapture(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        Path agent = Path.of("target/tls-agent/extract-tls-secrets.jar");
        assertTrue(Files.isRegularFile(agent), "the build copies the agent from Maven Central: " + agent.toAbsolutePath());
        try (SslBroker broker = new SslBroker(dir, SecurityProtocol.SSL)) {
            Path keys = Files.createFile(dir.resolve("client.keys"));
            Path saved = dir.resolve("live.pcapng");
            LiveRun live = LiveRun.start("-i", "lo", "--port", String.valueOf(broker.port()), "--duration", "120",
                    "--tls-keylog", keys.toString(), "-w", saved.toString());

            Process client = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-javaagent:" + agent.toAbsolutePath() + "=" + keys, "-cp", System.getProperty("java.class.path"),
                    TlsJavaWorkload.class.getName(), broker.bootstrap(), "kwire-live-tls", broker.truststore().toString(),
                    SslBroker.PASSWORD, "TLSv1.3", "TLS_AES_128_GCM_SHA256", "0")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("client.log").toFile()).start();
            assertTrue(client.waitFor(90, TimeUnit.SECONDS), "client finished");
            assertEquals(0, client.exitValue(), Files.readString(dir.resolve("client.log")));
            Thread.sleep(1500);
            CliRun ended = live.stop();
            assertEquals(0, ended.exit(), ended.err());

            ReportSchema.assertValid(ended.out());
            JsonNode report = new ObjectMapper().readTree(ended.out());
            JsonNode tls = report.get("tls");
            int connections = tls.get("connections").asInt();
            assertTrue(connections >= 4, "admin, producer and consumer connections: " + connections);
            assertEquals(connections, tls.get("decrypted").asInt(), "every record decrypted, live: " + tls);
            assertEquals("[]", report.get("warnings").toString());
            assertEquals("{\"TLS_AES_128_GCM_SHA256\":" + connections + "}", tls.get("cipher_suites").toString());
            JsonNode cap = report.get("capture");
            assertEquals(connections, cap.get("kafka_connections").asInt());
            assertEquals(0, cap.get("malformed_frames").asInt());
            assertEquals(5, api(report, 0).get("requests").asInt(), "the client's 5 Produce requests, decrypted live");
            assertEquals(5, api(report, 0).get("responses").asInt());
            assertTrue(api(report, 1).get("requests").asInt() > 0, "Fetch");
            assertEquals(1, api(report, 19).get("requests").asInt(), "CreateTopics");

            CliRun offline = CliRun.of("analyze", "--port", String.valueOf(broker.port()), "--tls-keylog", keys.toString(),
                    saved.toString());
            assertEquals(0, offline.exit(), offline.err());
            assertEquals(connections, offline.json().get("tls").get("decrypted").asInt(), "offline, with the whole key log");
            assertEquals(report.get("apis").get(0).get("requests"), offline.json().get("apis").get(0).get("requests"));
        }
    }

    private static JsonNode api(JsonNode report, int key) {
        for (JsonNode a : report.get("apis")) {
            if (a.get("api_key").asInt() == key) {
                return a;
            }
        }
        throw new AssertionError("no api " + key + " in " + report.get("apis"));
    }
}
