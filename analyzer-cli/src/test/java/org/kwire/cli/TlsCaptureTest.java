package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
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
 * Kafka over TLS in real captures, decrypted with their key logs (test-captures/README.md). The lab captures
 * ({@code bench/tls-captures/make}: a Kafka 4.4.0 broker's SSL listener on port 37485, kafkajs under
 * {@code node --tls-keylog} and kafka-clients with the extract-tls-secrets agent) have their expected per-API counts
 * from tshark decrypting the same streams with the same key logs ({@code bench/tls-captures/verify}); the shared
 * java-tls12 capture's come from its truth file (Kafka's frames counted in the decrypted streams).
 */
class TlsCaptureTest {

    /** Broker port of the lab captures. */
    private static final String LAB_PORT = "37485";
    /** kafkajs-tls13-aes128: requests/responses per API key (tshark agrees). */
    static final Map<Integer, String> KAFKAJS = Map.ofEntries(Map.entry(0, "2/2"), Map.entry(1, "1/1"),
            Map.entry(2, "1/1"), Map.entry(3, "5/5"), Map.entry(8, "1/1"), Map.entry(9, "1/1"), Map.entry(10, "2/2"),
            Map.entry(11, "2/2"), Map.entry(13, "1/1"), Map.entry(14, "1/1"), Map.entry(18, "3/3"), Map.entry(19, "1/1"));
    /** java-tls12-shared: the same, from its truth file. */
    static final Map<Integer, String> JAVA = Map.ofEntries(Map.entry(18, "7/7"), Map.entry(3, "4/4"),
            Map.entry(19, "1/1"), Map.entry(22, "2/2"), Map.entry(0, "5/5"), Map.entry(10, "2/2"), Map.entry(2, "1/1"),
            Map.entry(1, "3/3"), Map.entry(11, "2/2"), Map.entry(14, "1/1"), Map.entry(9, "1/1"), Map.entry(8, "1/1"),
            Map.entry(13, "1/1"));

    static CliRun run(String... args) {
        return CliRun.of(args);
    }

    static JsonNode analyze(String capture, String... keyLogs) throws IOException {
        return analyzeOn(capture.startsWith("java-tls12-shared") ? "9095" : LAB_PORT, capture, keyLogs);
    }

    static JsonNode analyzeOn(String port, String capture, String... keyLogs) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--port", port));
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
    void kafkajsOverTls13WithKeyUpdatesDecryptsToWhatTsharkDecrypts() throws IOException {
        JsonNode r = analyze("kafkajs-tls13-aes128.pcap", "kafkajs-tls13-aes128.keys");
        assertEquals(new TreeMap<>(KAFKAJS), counts(r));
        JsonNode cap = r.get("capture");
        assertEquals(4, cap.get("kafka_connections").asInt());
        assertEquals(42, cap.get("frames").asInt());
        assertEquals(0, cap.get("malformed_frames").asInt());
        assertEquals(0, cap.get("incomplete_frames").asInt());
        assertEquals("[]", r.get("warnings").toString());
        assertEquals(14, r.get("expert").get("tls.key_update").asInt(), "the broker's KeyUpdates, every 2^10 bytes");
        JsonNode topic = r.get("topics").get(0);
        assertEquals("lab-kafkajs-tls13-aes128", topic.get("topic").asText());
        assertEquals(6, topic.get("produced_records").asInt(), "as the client logged: 6 produced");
        assertEquals(6, topic.get("fetched_records").asInt(), "and 6 consumed");

        JsonNode tls = r.get("tls");
        assertEquals(4, tls.get("connections").asInt());
        assertEquals(4, tls.get("decrypted").asInt());
        assertEquals("{\"TLSv1.3\":4}", tls.get("versions").toString());
        assertEquals("{\"TLS_AES_128_GCM_SHA256\":4}", tls.get("cipher_suites").toString());
        assertEquals("{\"client close_notify\":4,\"server close_notify\":3}", tls.get("alerts").toString());
        assertEquals(List.of("189", "17926", "1262", "119"), column(tls, "application_bytes_from_client"));
        JsonNode s = tls.get("sessions").get(0);
        assertEquals("CN=kwire-lab-broker,O=kwire", s.get("server_certificate").get("subject").asText(),
                "from the decrypted TLS 1.3 handshake");
        assertEquals("2036-11-28T11:24:19Z", s.get("server_certificate").get("not_after").asText());
        assertEquals("localhost", s.get("server_name").asText());
        assertEquals("TLS 1.3 traffic secrets", s.get("key_source").asText());
        assertEquals("complete", s.get("handshake").asText());
        assertEquals(List.of("kafka", "kafka", "kafka", "kafka"), protocols(r));
    }

    /** Every suite a JDK 17 broker negotiates, each in a real capture: per-API counts as tshark decrypts them. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "kafkajs-tls13-aes256-dsb.pcapng | | TLSv1.3 | TLS_AES_256_GCM_SHA384 | 4 | 38 | 0:1/1 1:1/1 2:1/1 3:5/5 8:1/1 9:1/1 10:1/1 11:2/2 13:1/1 14:1/1 18:3/3 19:1/1",
            "kafkajs-tls13-chacha20.pcap | kafkajs-tls13-chacha20.keys | TLSv1.3 | TLS_CHACHA20_POLY1305_SHA256 | 4 | 38 | 0:1/1 1:1/1 2:1/1 3:5/5 8:1/1 9:1/1 10:1/1 11:2/2 13:1/1 14:1/1 18:3/3 19:1/1",
            "java-tls12-ecdhe-aes256.pcap | java-tls12-ecdhe-aes256.keys | TLSv1.2 | TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384 | 6 | 40 | 0:5/5 1:3/3 2:1/1 3:3/3 18:6/6 19:1/1 22:1/1",
            "java-tls12-ecdhe-chacha20.pcap | java-tls12-ecdhe-chacha20.keys | TLSv1.2 | TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256 | 6 | 40 | 0:5/5 1:3/3 2:1/1 3:3/3 18:6/6 19:1/1 22:1/1",
            "java-tls12-rsa-aes128.pcap | java-tls12-rsa-aes128.keys | TLSv1.2 | TLS_RSA_WITH_AES_128_GCM_SHA256 | 6 | 40 | 0:5/5 1:3/3 2:1/1 3:3/3 18:6/6 19:1/1 22:1/1"})
    void everySuiteDecrypts(String capture, String keys, String version, String suite, int connections, int frames,
                            String apis) throws IOException {
        JsonNode r = keys == null ? analyze(capture) : analyze(capture, keys);
        StringBuilder got = new StringBuilder();
        counts(r).forEach((k, v) -> got.append(got.length() == 0 ? "" : " ").append(k).append(':').append(v));
        assertEquals(apis, got.toString());
        assertEquals(frames, r.get("capture").get("frames").asInt());
        assertEquals(0, r.get("capture").get("malformed_frames").asInt());
        JsonNode tls = r.get("tls");
        assertEquals(connections, tls.get("decrypted").asInt());
        assertEquals("{\"" + version + "\":" + connections + "}", tls.get("versions").toString());
        assertEquals("{\"" + suite + "\":" + connections + "}", tls.get("cipher_suites").toString());
        assertEquals("[]", r.get("warnings").toString());
        if (version.equals("TLSv1.2")) {
            assertEquals(List.of("RSA Session-ID"), column(tls, "key_source").stream().distinct().toList(),
                    "the Java agent logs TLS 1.2 secrets by session id");
        }
    }

    @Test
    void saslInsideTlsIsDecodedAndItsPasswordRedacted() throws IOException {
        String keys = TestCaptures.path("java-sasl-ssl-tls13.keys").toString();
        String capture = TestCaptures.path("java-sasl-ssl-tls13.pcap").toString();
        JsonNode r = analyzeOn("41721", capture, keys);
        assertEquals("{0=5/5, 1=3/3, 2=1/1, 3=3/3, 17=6/6, 18=12/12, 19=1/1, 22=2/2, 36=6/6}", counts(r).toString(),
                "SaslHandshake (17) and SaslAuthenticate (36) on each of the 6 SASL_SSL connections; tshark agrees");
        assertEquals(6, r.get("tls").get("decrypted").asInt());
        assertEquals(26, r.get("expert").get("tls.key_update").asInt(), "KeyUpdates");
        CliRun dissect = run("dissect", "--port", "41721", "--tls-keylog", keys, "--api", "SaslAuthenticate", capture);
        assertEquals(0, dissect.exit(), dissect.err());
        assertTrue(dissect.out().contains("secret redacted"), dissect.out());
        assertFalse(dissect.out().contains("plain-admin-secret"), "the SASL/PLAIN password is redacted inside TLS too");
        assertFalse(dissect.out().contains(Files.readString(TestCaptures.path("java-sasl-ssl-tls13.keys")).substring(97, 97 + 32).toLowerCase()), "nor a TLS secret");
    }

    @Test
    void mutualTlsShowsTheClientCertificate() throws IOException {
        // a broker requiring client certificates (ssl.client.auth=required): in TLS 1.2 both certificates are in clear
        JsonNode r = analyzeOn("46623", TestCaptures.path("java-tls12-mtls.pcap").toString());
        JsonNode s = r.get("tls").get("sessions").get(0);
        assertTrue(s.get("client_certificate_requested").asBoolean());
        assertEquals("CN=kwire-lab-client,O=kwire", s.get("client_certificate").get("subject").asText());
        assertEquals("2036-11-28T12:03:59Z", s.get("client_certificate").get("not_after").asText());
        assertEquals("CN=kwire-lab-broker,O=kwire", s.get("server_certificate").get("subject").asText());
        assertEquals(6, r.get("tls").get("not_decrypted").asInt());
        JsonNode decrypted = analyzeOn("46623", TestCaptures.path("java-tls12-mtls.pcap").toString(),
                TestCaptures.path("java-tls12-mtls.keys").toString());
        assertEquals("{0=5/5, 1=3/3, 2=1/1, 3=3/3, 18=6/6, 19=1/1, 22=2/2}", counts(decrypted).toString(), "tshark agrees");
        assertEquals(6, decrypted.get("tls").get("decrypted").asInt());
    }

    @Test
    void failedHandshakesAreReportedWithTheirAlerts() throws IOException {
        // kafka-clients offering only an ECDSA suite to a broker with an RSA certificate
        JsonNode refused = analyze("java-tls12-no-shared-suite.pcap");
        JsonNode s = refused.get("tls").get("sessions").get(0);
        assertEquals("failed", s.get("handshake").asText());
        assertEquals("[{\"sender\":\"server\",\"level\":\"fatal\",\"description\":\"handshake_failure\",\"frame\":6,"
                + "\"encrypted\":false}]", s.get("alerts").toString());
        assertEquals(1, refused.get("tls").get("handshakes_failed").asInt());
        assertEquals("[\"warning [protocol] frame 6 offset 0 (stream 0 TLS server->client): fatal alert handshake_failure "
                + "from the server\",\"warning [capture]: no Kafka traffic found: port 37485 carried TLS (1 connection, 219 "
                + "bytes). TLS is encrypted: Kafka inside it is seen only with its key log (--tls-keylog FILE)\"]",
                refused.get("warnings").toString(), "nothing was encrypted: no decryption warning");
        assertEquals(List.of("tls"), protocols(refused));
        CliRun otherKeys = run("analyze", "-q", "--port", "9095", "--tls-keylog", TestCaptures.path("kafkajs-tls13-aes128.keys")
                .toString(), TestCaptures.path("tls.pcap").toString());
        assertEquals("kwire: warning: no Kafka traffic found: port 9095 carried TLS (7 connections, 42,526 bytes). TLS stayed "
                + "encrypted: the key log given decrypted none of it (the tls section of the report says why, per connection)\n",
                otherKeys.err(), "a key log was given: it is not asked for again");

        // kafka-clients not trusting the broker's certificate: its TLS 1.3 alert is encrypted
        JsonNode blind = analyze("java-tls13-untrusted.pcap");
        s = blind.get("tls").get("sessions").get(0);
        assertEquals("failed", s.get("handshake").asText());
        assertEquals("[{\"sender\":\"client\",\"level\":null,\"description\":null,\"frame\":14,\"encrypted\":true}]",
                s.get("alerts").toString());
        assertEquals("null", s.get("server_certificate").toString(), "encrypted in TLS 1.3");
        JsonNode seen = analyze("java-tls13-untrusted.pcap", "java-tls13-untrusted.keys");
        s = seen.get("tls").get("sessions").get(0);
        assertEquals("[{\"sender\":\"client\",\"level\":\"fatal\",\"description\":\"certificate_unknown\",\"frame\":14,"
                + "\"encrypted\":true}]", s.get("alerts").toString());
        assertEquals("CN=kwire-lab-broker,O=kwire", s.get("server_certificate").get("subject").asText());
        assertEquals("{\"client certificate_unknown\":1}", seen.get("tls").get("alerts").toString());
    }

    private static List<String> protocols(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.get("connections").forEach(c -> out.add(c.get("protocol").asText()));
        return out;
    }

    @Test
    void javaOverTls12DecryptsWithEitherKeyLogStyle() throws IOException {
        JsonNode bySessionId = analyze("java-tls12-shared.pcap", "java-tls12-shared.keys");
        JsonNode byClientRandom = analyze("java-tls12-shared.pcap", "java-tls12-shared-nss.keys");
        for (JsonNode r : List.of(bySessionId, byClientRandom)) {
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
        assertEquals(1, r.get("expert").get("tls.auth_failed").asInt());
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
        // frame 56: a segment of two client records carrying a whole 17151-byte Produce request; frames 127 and 129: the
        // first record of a 17785-byte Fetch response, then the broker's KeyUpdate
        Path damaged = PcapEdit.without(TestCaptures.path("kafkajs-tls13-aes128.pcap"), dir.resolve("gaps.pcap"),
                Set.of(56, 127, 129));
        JsonNode r = analyze(damaged.toString(), "kafkajs-tls13-aes128.keys");
        Map<Integer, String> want = new TreeMap<>(KAFKAJS);
        want.put(0, "1/2");
        assertEquals(want, counts(r), "the lost Produce request's response is still counted; the cut Fetch response too");
        JsonNode cap = r.get("capture");
        assertEquals(1, cap.get("incomplete_frames").asInt());
        assertEquals(0, cap.get("malformed_frames").asInt(), "no garbage: the plaintext lost is sized exactly");
        List<String> warnings = new ArrayList<>();
        r.get("warnings").forEach(w -> warnings.add(w.asText()));
        assertEquals(List.of(
                "warning [sequence] frame 61 offset 18366 (stream 1 TLS client->server): TLS stream resumes after 17195 bytes lost "
                        + "(2 record(s), about 17151 bytes of data); next record found by scanning, sequence number recovered as 4",
                "warning [sequence] frame 62 offset 775 (stream 1 client->broker): gap of 17151 bytes (missing segments, 2 TLS "
                        + "record(s) lost)",
                "warning [decryption] frame 128 offset 19032 (stream 3 TLS server->client): a KeyUpdate was lost in the gap: "
                        + "decrypting again with traffic keys of generation 2 from sequence number 0",
                "warning [sequence] frame 128 offset 19032 (stream 3 TLS server->client): TLS stream resumes after 16448 bytes lost "
                        + "(records, about 16367 bytes of data); next record found by scanning, sequence number recovered as 0",
                "warning [sequence] frame 130 offset 0 (stream 3 broker->client): frame incomplete: 94 of 17785 bytes captured "
                        + "before a gap of 16367 bytes (missing segments, TLS record(s) lost)",
                "2 TLS connection(s) partly decrypted: records lost to gaps in the capture"), warnings);
        assertEquals(List.of("0", "2", "0", "2"), column(r.get("tls"), "records_undecrypted"));
    }

    @Test
    void recordsCutByTheSnaplenAreLostWithoutLosingTheStream(@TempDir Path dir) throws IOException {
        Path cut = PcapEdit.snap(TestCaptures.path("kafkajs-tls13-aes128.pcap"), dir.resolve("snap400.pcap"), 400);
        JsonNode r = analyze(cut.toString(), "kafkajs-tls13-aes128.keys");
        assertEquals(0, r.get("capture").get("malformed_frames").asInt());
        assertFalse(r.get("expert").has("tls.auth_failed"), r.get("expert").toString());
        assertEquals(4, r.get("tls").get("partly_decrypted").asInt());
        assertEquals("{1=1/1, 2=1/1, 3=5/5, 8=1/1, 9=1/1, 10=2/2, 11=2/2, 13=1/1, 14=1/1, 18=3/0, 19=1/1}", counts(r).toString(),
                "records cut short cannot be authenticated: the Produce requests and ApiVersions responses in them are lost");
    }

    @Test
    void secretsAreNeverPrinted() throws IOException {
        List<String> secrets = new ArrayList<>();
        Pattern hex = Pattern.compile("[0-9A-Fa-f]{64,}");
        for (String keys : List.of("kafkajs-tls13-aes128.keys", "java-tls12-shared.keys")) {
            Matcher m = hex.matcher(Files.readString(TestCaptures.path(keys)));
            while (m.find()) {
                secrets.add(m.group().toLowerCase());
            }
        }
        assertEquals(34 * 2 + 7 * 2, secrets.size(), "client randoms or session ids, and secrets");
        List<String> outputs = new ArrayList<>();
        for (String[] args : List.of(
                new String[] {"analyze", "--port", LAB_PORT, "--tls-keylog", TestCaptures.path("kafkajs-tls13-aes128.keys").toString(),
                        TestCaptures.path("kafkajs-tls13-aes128.pcap").toString()},
                new String[] {"dissect", "--port", "9095", "--format", "json", "--tls-keylog",
                        TestCaptures.path("java-tls12-shared.keys").toString(), TestCaptures.path("java-tls12-shared.pcap").toString()},
                new String[] {"dissect", "--port", LAB_PORT, TestCaptures.path("kafkajs-tls13-aes256-dsb.pcapng").toString()})) {
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
        assertEquals(38, outputs.get(2).lines().filter(l -> l.startsWith("frame ")).count(), "also from the pcapng's secrets");
    }
}
