package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * TLS record headers that cannot be right, made by changing one record header in the real TLS captures
 * (test-captures/README.md): over what the content type and the negotiated version and suite allow (RFC 8446 section 5,
 * RFC 5246 sections 6.2 and 7.1), or legal but running past the end of the connection. Each is noted with its frame
 * and stream offset, the records after it are found by scanning and authenticating them, exactly the one record lost
 * is counted (its session {@code partly} decrypted) and told to the Kafka stage, and {@code --strict} exits with 4. A
 * record whose content type was changed to alert is an alert of a level TLS does not define: noted, not listed.
 */
class TlsRecordHeaderTest {

    /** kafkajs-tls13-aes128 frame 89: the broker's 92-byte record carrying a FindCoordinator response (stream 2). */
    private static final int TLS13_FRAME = 89;
    /** java-tls12-shared frame 21: the broker's 904-byte record carrying an ApiVersions response (stream 0). */
    private static final int TLS12_FRAME = 21;
    /** java-tls12-shared frame 16: the broker's ChangeCipherSpec (stream 0). */
    private static final int TLS12_CCS_FRAME = 16;

    private static JsonNode strict(String port, Path capture, String keys) throws IOException {
        CliRun r = CliRun.of("analyze", "--strict", "--port", port, "--tls-keylog", TestCaptures.path(keys).toString(),
                capture.toString());
        assertEquals(4, r.exit(), "--strict: the analysis found warnings\n" + r.err());
        return r.json();
    }

    private static JsonNode tls13(Path dir, int length) throws IOException {
        Path damaged = PcapEdit.tlsRecordLength(TestCaptures.path("kafkajs-tls13-aes128.pcap"), dir.resolve("tls13.pcap"),
                TLS13_FRAME, length);
        return strict("37485", damaged, "kafkajs-tls13-aes128.keys");
    }

    private static JsonNode tls12(Path dir, int frame, int length) throws IOException {
        Path damaged = PcapEdit.tlsRecordLength(TestCaptures.path("java-tls12-shared.pcap"), dir.resolve("tls12.pcap"),
                frame, length);
        return strict("9095", damaged, "java-tls12-shared.keys");
    }

    private static List<String> warnings(JsonNode r) {
        List<String> out = new ArrayList<>();
        r.get("warnings").forEach(w -> out.add(w.asText()));
        return out;
    }

    private static List<String> sessions(JsonNode r) {
        List<String> out = new ArrayList<>();
        r.get("tls").get("sessions").forEach(s -> out.add(s.get("decryption").asText() + " " + s.get("records_undecrypted").asInt()
                + (s.get("decryption_reason").isNull() ? "" : " (" + s.get("decryption_reason").asText() + ")")));
        return out;
    }

    private static Map<Integer, String> with(Map<Integer, String> counts, int apiKey, String value) {
        Map<Integer, String> m = new TreeMap<>(counts);
        m.put(apiKey, value);
        return m;
    }

    @Test
    void aTls13RecordOverTheProtectedLimitIsNotedAndOnlyItsResponseIsLost(@TempDir Path dir) throws IOException {
        JsonNode r = tls13(dir, 18432);
        assertEquals(List.of(
                "error [malformed] frame 89 offset 3140 (stream 2 TLS server->client): a protected record of 18432 bytes, "
                        + "over the 16640 bytes of TLS 1.3 (RFC 8446 section 5.2); looking for the next record",
                "warning [sequence] frame 92 offset 3237 (stream 2 TLS server->client): TLS stream resumes after 97 bytes "
                        + "lost (1 record(s), about 59 bytes of data); next record found by scanning, sequence number recovered as 3",
                "warning [sequence] frame 89 offset 612 (stream 2 broker->client): gap of 59 bytes (a TLS record header "
                        + "that is not valid, 1 TLS record(s) lost)",
                "1 TLS connection(s) partly decrypted: records lost after a TLS record header that is not valid"), warnings(r));
        assertEquals(with(TlsCaptureTest.KAFKAJS, 10, "2/1"), TlsCaptureTest.counts(r),
                "the FindCoordinator response in the record is lost; the 10 responses after it in stream 2 are kept");
        assertEquals(List.of("decrypted 0", "decrypted 0", "partly 1 (records lost after a TLS record header that is not valid)",
                "decrypted 0"), sessions(r));
        assertEquals(1, r.get("capture").get("malformed_frames").asInt(),
                "the damaged record header (a malformed note) and nothing else: the plaintext lost is sized exactly, no garbage");
        assertEquals(0, r.get("capture").get("incomplete_frames").asInt());
    }

    @Test
    void aTls13RecordTheConnectionEndsInsideIsScannedAgainWithItsPackets(@TempDir Path dir) throws IOException {
        JsonNode r = tls13(dir, 16000);
        assertEquals(List.of(
                "warning [truncated] frame 89 offset 3140 (stream 2 TLS server->client): the connection ended 1321 bytes "
                        + "into a TLS record of content type 23 declared 16000 bytes long (a wrong length, or the capture "
                        + "stopped inside it): the bytes after its header are searched for records",
                "warning [sequence] frame 92 offset 3237 (stream 2 TLS server->client): TLS stream resumes after 97 bytes "
                        + "lost (1 record(s), about 59 bytes of data); next record found by scanning, sequence number recovered as 3",
                "warning [sequence] frame 89 offset 612 (stream 2 broker->client): gap of 59 bytes (a TLS record cut by "
                        + "the end of the connection, 1 TLS record(s) lost)",
                "1 TLS connection(s) partly decrypted: records lost after a TLS record cut by the end of the connection"),
                warnings(r));
        assertEquals(with(TlsCaptureTest.KAFKAJS, 10, "2/1"), TlsCaptureTest.counts(r));
        assertEquals(List.of("decrypted 0", "decrypted 0", "partly 1 (records lost after a TLS record cut by the end of the "
                + "connection)", "decrypted 0"), sessions(r));
        // the responses found again keep the frames and times they arrived in: every other API's latencies are the same
        JsonNode intact = TlsCaptureTest.analyze("kafkajs-tls13-aes128.pcap", "kafkajs-tls13-aes128.keys");
        for (int i = 0; i < intact.get("apis").size(); i++) {
            JsonNode api = intact.get("apis").get(i);
            if (api.get("api_key").asInt() != 10) {
                assertEquals(api, r.get("apis").get(i), api.get("name").asText());
            }
        }
        assertEquals(intact.get("slowest"), r.get("slowest"));
    }

    @Test
    void aTls12RecordOverTheSuitesLimitIsNotedAndOnlyItsResponseIsLost(@TempDir Path dir) throws IOException {
        JsonNode r = tls12(dir, TLS12_FRAME, 18432);
        assertEquals(List.of(
                "error [malformed] frame 21 offset 2451 (stream 0 TLS server->client): a protected record of 18432 bytes, "
                        + "over the 16408 bytes of TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 without compression (RFC 5246 "
                        + "section 6.2); looking for the next record",
                "warning [sequence] frame 24 offset 3360 (stream 0 TLS server->client): TLS stream resumes after 909 bytes "
                        + "lost (1 record(s), about 880 bytes of data); next record found by scanning, sequence number recovered as 2",
                "warning [sequence] frame 21 offset 0 (stream 0 broker->client): gap of 880 bytes (a TLS record header "
                        + "that is not valid, 1 TLS record(s) lost)",
                "1 TLS connection(s) partly decrypted: records lost after a TLS record header that is not valid"), warnings(r));
        assertEquals(with(TlsCaptureTest.JAVA, 18, "7/6"), TlsCaptureTest.counts(r), "the ApiVersions response is lost");
        assertEquals("partly 1 (records lost after a TLS record header that is not valid)", sessions(r).get(0));
        assertEquals(List.of("decrypted 0"), sessions(r).subList(1, 7).stream().distinct().toList());
    }

    @Test
    void aTls12RecordTheConnectionEndsInsideIsScannedAgain(@TempDir Path dir) throws IOException {
        JsonNode r = tls12(dir, TLS12_FRAME, 16000);
        assertEquals(List.of(
                "warning [truncated] frame 21 offset 2451 (stream 0 TLS server->client): the connection ended 1029 bytes "
                        + "into a TLS record of content type 23 declared 16000 bytes long (a wrong length, or the capture "
                        + "stopped inside it): the bytes after its header are searched for records",
                "warning [sequence] frame 24 offset 3360 (stream 0 TLS server->client): TLS stream resumes after 909 bytes "
                        + "lost (1 record(s), about 880 bytes of data); next record found by scanning, sequence number recovered as 2",
                "warning [sequence] frame 21 offset 0 (stream 0 broker->client): gap of 880 bytes (a TLS record cut by the "
                        + "end of the connection, 1 TLS record(s) lost)",
                "1 TLS connection(s) partly decrypted: records lost after a TLS record cut by the end of the connection"),
                warnings(r));
        assertEquals(with(TlsCaptureTest.JAVA, 18, "7/6"), TlsCaptureTest.counts(r));
    }

    @Test
    void aChangeCipherSpecOfTheWrongLengthIsNotedAndNothingIsLost(@TempDir Path dir) throws IOException {
        JsonNode r = tls12(dir, TLS12_CCS_FRAME, 16384);
        assertEquals(List.of(
                "error [malformed] frame 16 offset 2400 (stream 0 TLS server->client): a ChangeCipherSpec record of 16384 "
                        + "bytes, where it is always the 1 byte 0x01 (RFC 5246 section 7.1, RFC 8446 section 5); looking for "
                        + "the next record",
                "warning [sequence] frame 18 offset 2406 (stream 0 TLS server->client): TLS stream resumes after 6 bytes "
                        + "lost, the ChangeCipherSpec among them: protected from here on; next record found by scanning, "
                        + "sequence number recovered as 0"), warnings(r));
        assertEquals(TlsCaptureTest.JAVA, TlsCaptureTest.counts(r),
                "the Finished after it authenticates with the session's keys: the broker's records are decrypted from there");
        assertEquals(List.of("decrypted 0"), sessions(r).stream().distinct().toList(),
                "no protected record was lost: a ChangeCipherSpec carries no data");
    }

    @Test
    void anAlertOfALevelTlsDoesNotDefineIsMalformedNotListed(@TempDir Path dir) throws IOException {
        // frame 14: the broker's NewSessionTicket (handshake type 4) in stream 0, its content type made 21 (alert)
        Path damaged = PcapEdit.tlsRecordType(TestCaptures.path("java-tls12-shared.pcap"), dir.resolve("alert.pcap"), 14, 21);
        JsonNode r = strict("9095", damaged, "java-tls12-shared.keys");
        assertEquals(List.of("error [malformed] frame 14 offset 1262 (stream 0 TLS server->client): alert of level 4, which "
                + "TLS does not define"), warnings(r));
        JsonNode session = r.get("tls").get("sessions").get(0);
        assertEquals(List.of("client warning close_notify", "server warning close_notify"), alerts(session),
                "only the real alerts, each level one the report's schema allows");
        assertEquals(TlsCaptureTest.JAVA, TlsCaptureTest.counts(r), "the ticket carried no Kafka data");
        assertEquals(List.of("decrypted 0"), sessions(r).stream().distinct().toList());
    }

    private static List<String> alerts(JsonNode session) {
        List<String> out = new ArrayList<>();
        session.get("alerts").forEach(a -> out.add(a.get("sender").asText() + " " + a.get("level").asText() + " "
                + a.get("description").asText()));
        return out;
    }
}
