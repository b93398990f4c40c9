package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka over TLS in real captures, decrypted with their key logs (test-captures/README.md: kafkajs with TLS 1.3 and
 * NSS key log lines from node's --tls-keylog; kafka-clients with TLS 1.2 and the extract-tls-secrets agent's
 * "RSA Session-ID" lines, the same secrets as CLIENT_RANDOM lines, and as a pcapng Decryption Secrets Block). Expected
 * values come from the captures' truth files: Kafka's frames counted in the decrypted streams, tshark's decryption.
 */
class TlsCaptureTest {

    /** kafkajs-tls13-shared: requests and responses per API key, from the truth file's stream framer. */
    private static final Map<Integer, String> KAFKAJS = Map.ofEntries(Map.entry(18, "4/4"), Map.entry(3, "12/12"),
            Map.entry(19, "1/1"), Map.entry(0, "3/3"), Map.entry(10, "4/4"), Map.entry(11, "2/2"), Map.entry(14, "1/1"),
            Map.entry(9, "2/2"), Map.entry(2, "1/1"), Map.entry(8, "11/11"), Map.entry(12, "2/2"), Map.entry(13, "1/1"),
            Map.entry(1, "6/6"), Map.entry(16, "1/1"), Map.entry(15, "1/1"));
    /** java-tls12-shared: the same. */
    private static final Map<Integer, String> JAVA = Map.ofEntries(Map.entry(18, "7/7"), Map.entry(3, "4/4"),
            Map.entry(19, "1/1"), Map.entry(22, "2/2"), Map.entry(0, "5/5"), Map.entry(10, "2/2"), Map.entry(2, "1/1"),
            Map.entry(1, "3/3"), Map.entry(11, "2/2"), Map.entry(14, "1/1"), Map.entry(9, "1/1"), Map.entry(8, "1/1"),
            Map.entry(13, "1/1"));

    static CliRun run(String... args) {
        return CliRun.of(args);
    }

    static JsonNode analyze(String capture, String... keyLogs) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--port", "9095"));
        for (String k : keyLogs) {
            args.add("--tls-keylog");
            args.add(k.contains("/") ? k : TestCaptures.path(k).toString());
        }
        args.add(capture.contains("/") ? capture : TestCaptures.path(capture).toString());
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        return r.json();
    }

    static Map<Integer, String> counts(JsonNode report) {
        Map<Integer, String> m = new TreeMap<>();
        report.get("apis").forEach(a -> m.put(a.get("api_key").asInt(), a.get("requests").asInt() + "/" + a.get("responses").asInt()));
        return m;
    }

    private static List<String> column(JsonNode tls, String field) {
        List<String> out = new ArrayList<>();
        tls.get("sessions").forEach(s -> out.add(s.path(field).asText()));
        return out;
    }

    @Test
    void kafkajsOverTls13DecryptsToTheSameKafkaAsTheTruth() throws IOException {
        JsonNode r = analyze("kafkajs-tls13-shared.pcap", "kafkajs-tls13-shared.keys");
        assertEquals(new TreeMap<>(KAFKAJS), counts(r));
        JsonNode cap = r.get("capture");
        assertEquals(5, cap.get("kafka_connections").asInt());
        assertEquals(104, cap.get("frames").asInt());
        assertEquals(0, cap.get("malformed_frames").asInt());
        assertEquals(0, cap.get("incomplete_frames").asInt());
        assertEquals("[]", r.get("warnings").toString());
        Map<String, String> produced = new TreeMap<>();
        r.get("topics").forEach(t -> produced.put(t.get("topic").asText(), t.get("produced_records").asInt() + "/" + t.get("fetched_records").asInt()));
        assertEquals(Map.of("shared-js-gzip", "5/5", "shared-js-none", "6/6"), produced, "records per topic, as the client logged them");

        JsonNode tls = r.get("tls");
        assertEquals(5, tls.get("connections").asInt());
        assertEquals(5, tls.get("decrypted").asInt());
        assertEquals("{\"TLSv1.3\":5}", tls.get("versions").toString());
        assertEquals("{\"TLS_AES_128_GCM_SHA256\":5}", tls.get("cipher_suites").toString());
        assertEquals("{\"client close_notify\":5,\"server close_notify\":5}", tls.get("alerts").toString());
        assertEquals(List.of("365", "41257", "2970", "1422", "534"), column(tls, "application_bytes_from_client"));
        assertEquals(List.of("1310", "1125", "2301", "42383", "1817"), column(tls, "application_bytes_from_broker"));
        JsonNode s = tls.get("sessions").get(0);
        assertEquals("CN=localhost,OU=capture-lab,O=Example,C=XX", s.get("server_certificate").get("subject").asText(),
                "from the decrypted TLS 1.3 handshake");
        assertEquals("2036-11-28T08:26:46Z", s.get("server_certificate").get("not_after").asText());
        assertEquals("TLS 1.3 traffic secrets", s.get("key_source").asText());
        assertEquals("complete", s.get("handshake").asText());
        assertEquals(List.of("kafka", "kafka", "kafka", "kafka", "kafka"), protocols(r));
    }

    private static List<String> protocols(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.get("connections").forEach(c -> out.add(c.get("protocol").asText()));
        return out;
    }

    @Test
    void javaOverTls12DecryptsWithEitherKeyLogStyleAndFromThePcapngSecrets() throws IOException {
        JsonNode bySessionId = analyze("java-tls12-shared.pcap", "java-tls12-shared.keys");
        JsonNode byClientRandom = analyze("java-tls12-shared.pcap", "java-tls12-shared-nss.keys");
        JsonNode embedded = analyze("java-tls12-shared-dsb.pcapng");
        for (JsonNode r : List.of(bySessionId, byClientRandom, embedded)) {
            assertEquals(new TreeMap<>(JAVA), counts(r));
            assertEquals(62, r.get("capture").get("frames").asInt());
            assertEquals("[]", r.get("warnings").toString());
            JsonNode tls = r.get("tls");
            assertEquals(7, tls.get("decrypted").asInt());
            assertEquals("{\"TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256\":7}", tls.get("cipher_suites").toString());
            assertEquals("{\"TLSv1.2\":7}", tls.get("versions").toString());
            assertEquals(List.of("110", "140", "208", "1070", "219", "630", "1346"), column(tls, "application_bytes_from_client"));
        }
        assertEquals("RSA Session-ID", bySessionId.get("tls").get("sessions").get(0).get("key_source").asText());
        assertEquals("CLIENT_RANDOM", byClientRandom.get("tls").get("sessions").get(0).get("key_source").asText());
        assertEquals("[\"pcapng Decryption Secrets Block 1\"]", embedded.get("tls").get("key_log").get("sources").toString());
        JsonNode s = bySessionId.get("tls").get("sessions").get(3);
        assertEquals("CN=localhost,OU=capture-lab,O=Example,C=XX", s.get("server_certificate").get("issuer").asText(),
                "from the clear-text TLS 1.2 handshake");
        assertEquals(1, s.get("server_certificate_chain").asInt());
        assertEquals(false, s.get("client_certificate_requested").asBoolean());
        assertEquals(false, s.get("resumed").asBoolean());
    }

    @Test
    void aPartialKeyLogDecryptsItsConnectionsAndSaysWhyNotTheOthers(@TempDir Path dir) throws IOException {
        List<String> lines = Files.readAllLines(TestCaptures.path("java-tls12-shared-nss.keys"));
        Path partial = Files.write(dir.resolve("first-three.keys"), lines.subList(0, 3));
        JsonNode r = analyze("java-tls12-shared.pcap", partial.toString());
        // streams 0-2: admin (ApiVersions+Metadata, ApiVersions+CreateTopics), producer (ApiVersions+Metadata+InitProducerId)
        assertEquals(Map.of(18, "3/3", 3, "2/2", 19, "1/1", 22, "1/1"), counts(r));
        assertEquals(List.of("decrypted", "decrypted", "decrypted", "not_decrypted", "not_decrypted", "not_decrypted",
                "not_decrypted"), column(r.get("tls"), "decryption"));
        assertEquals("no secret in the key log for this client random or session id",
                r.get("tls").get("sessions").get(4).get("decryption_reason").asText());
        assertEquals("[\"4 TLS connection(s) not decrypted: no secret in the key log for this client random or session id\"]",
                r.get("warnings").toString());
        assertEquals(List.of("kafka", "kafka", "kafka", "tls", "tls", "tls", "tls"), protocols(r));
    }

    @Test
    void aWrongSecretIsOneAuthenticationFailureAndNeverGarbage(@TempDir Path dir) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(TestCaptures.path("java-tls12-shared-nss.keys")));
        String first = lines.get(0);
        char last = first.charAt(first.length() - 1);
        lines.set(0, first.substring(0, first.length() - 1) + (last == '0' ? '1' : '0'));
        Path wrong = Files.write(dir.resolve("wrong.keys"), lines);
        JsonNode r = analyze("java-tls12-shared.pcap", wrong.toString());
        Map<Integer, String> want = new TreeMap<>(JAVA);
        want.put(18, "6/6");
        want.put(3, "3/3");
        assertEquals(want, counts(r), "stream 0 (ApiVersions, Metadata) is not decoded");
        assertEquals(0, r.get("capture").get("malformed_frames").asInt());
        assertEquals(1, r.get("expert").get("error/decryption").asInt());
        JsonNode s = r.get("tls").get("sessions").get(0);
        assertEquals("not_decrypted", s.get("decryption").asText());
        assertEquals("authentication failed: wrong or corrupt secret in the key log", s.get("decryption_reason").asText());
        String warnings = r.get("warnings").toString();
        assertTrue(warnings.contains("error [decryption] frame 12 offset 260 (stream 0 TLS client->server): TLS record does not "
                + "authenticate with the key log's secret for this connection (wrong or corrupt secret): not decrypted"), warnings);
        assertTrue(warnings.contains("1 TLS connection(s) not decrypted: authentication failed: wrong or corrupt secret in the key log"), warnings);
    }

    @Test
    void afterLostSegmentsTheNextRecordIsFoundAndItsSequenceNumberRecovered(@TempDir Path dir) throws IOException {
        // frame 122: the first 16400-byte record of a 41133-byte Fetch response; frame 163: a record holding a whole response
        Path damaged = PcapEdit.without(TestCaptures.path("kafkajs-tls13-shared.pcap"), dir.resolve("gaps.pcap"), Set.of(122, 163));
        JsonNode r = analyze(damaged.toString(), "kafkajs-tls13-shared.keys");
        assertEquals(new TreeMap<>(KAFKAJS), counts(r), "both cut responses are still counted, by their headers");
        JsonNode cap = r.get("capture");
        assertEquals(2, cap.get("incomplete_frames").asInt());
        assertEquals(0, cap.get("malformed_frames").asInt(), "no garbage: the plaintext lost is sized exactly");
        List<String> warnings = new ArrayList<>();
        r.get("warnings").forEach(w -> warnings.add(w.asText()));
        assertEquals(List.of(
                "warning [sequence] frame 122 offset 19046 (stream 3 TLS server->client): TLS stream resumes after 16405 bytes lost "
                        + "(1 record(s), about 16367 bytes of data); next record found by scanning, sequence number recovered as 3",
                "warning [sequence] frame 123 offset 0 (stream 3 broker->client): frame incomplete: 84 of 41133 bytes captured "
                        + "before a gap of 16367 bytes (missing segments, 1 TLS record(s) lost)",
                "warning [sequence] frame 162 offset 44292 (stream 3 TLS server->client): TLS stream resumes after 100 bytes lost "
                        + "(1 record(s), about 62 bytes of data); next record found by scanning, sequence number recovered as 14",
                "warning [sequence] frame 164 offset 41133 (stream 3 broker->client): frame incomplete: 84 of 270 bytes captured "
                        + "before a gap of 62 bytes (missing segments, 1 TLS record(s) lost)",
                "1 TLS connection(s) partly decrypted: records lost to gaps in the capture"), warnings);
        JsonNode s = r.get("tls").get("sessions").get(3);
        assertEquals(2, s.get("records_undecrypted").asInt());
        assertEquals(42383 - 16367 - 62, s.get("application_bytes_from_broker").asInt());
    }

    @Test
    void recordsCutByTheSnaplenAreLostWithoutLosingTheStream(@TempDir Path dir) throws IOException {
        Path cut = PcapEdit.snap(TestCaptures.path("kafkajs-tls13-shared.pcap"), dir.resolve("snap400.pcap"), 400);
        JsonNode r = analyze(cut.toString(), "kafkajs-tls13-shared.keys");
        assertEquals(0, r.get("capture").get("malformed_frames").asInt());
        assertFalse(r.get("expert").has("error/decryption"), r.get("expert").toString());
        assertEquals(5, r.get("tls").get("partly_decrypted").asInt());
        Map<Integer, String> got = counts(r);
        assertEquals("12/11", got.get(3), "one Metadata response was in a record cut short");
        assertEquals("6/6", got.get(1));
        assertEquals("4/0", got.get(18), "every ApiVersions response was in a record cut short");
    }

    @Test
    void secretsAreNeverPrinted() throws IOException {
        List<String> secrets = new ArrayList<>();
        Pattern hex = Pattern.compile("[0-9A-Fa-f]{64,}");
        for (String keys : List.of("kafkajs-tls13-shared.keys", "java-tls12-shared.keys")) {
            Matcher m = hex.matcher(Files.readString(TestCaptures.path(keys)));
            while (m.find()) {
                secrets.add(m.group().toLowerCase());
            }
        }
        assertEquals(25 * 2 + 7 * 2, secrets.size(), "client randoms or session ids, and secrets");
        List<String> outputs = new ArrayList<>();
        for (String[] args : List.of(
                new String[] {"analyze", "--port", "9095", "--tls-keylog", TestCaptures.path("kafkajs-tls13-shared.keys").toString(),
                        TestCaptures.path("kafkajs-tls13-shared.pcap").toString()},
                new String[] {"dissect", "--port", "9095", "--format", "json", "--tls-keylog",
                        TestCaptures.path("java-tls12-shared.keys").toString(), TestCaptures.path("java-tls12-shared.pcap").toString()},
                new String[] {"dissect", "--port", "9095", TestCaptures.path("java-tls12-shared-dsb.pcapng").toString()})) {
            CliRun r = run(args);
            assertEquals(0, r.exit(), r.err());
            outputs.add((r.out() + r.err()).toLowerCase());
        }
        for (String o : outputs) {
            for (String s : secrets) {
                // a master secret or traffic secret, or any 16 hex digits of it
                for (int i = 0; i + 16 <= s.length(); i += 16) {
                    assertFalse(o.contains(s.substring(i, i + 16)), "a secret was printed");
                }
            }
        }
        assertEquals(62, outputs.get(1).lines().count(), "every decrypted Kafka frame dissected");
        assertEquals(62, outputs.get(2).lines().filter(l -> l.startsWith("frame ")).count(), "also from the pcapng's secrets");
    }
}
