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

    /** The plaintext gap's reasons after a header that is not valid, and after a record cut by the connection's end. */
    private static final String HEADER_INVALID = "a TLS record header that is not valid";
    private static final String CUT_AT_END = "a TLS record cut by the end of the connection";

    /** The note of the damaged header, then the notes after it. */
    private static List<String> then(String first, List<String> after) {
        List<String> out = new ArrayList<>(List.of(first));
        out.addAll(after);
        return out;
    }

    /**
     * The notes after one broker record of stream {@code stream} is lost: the next record (frame {@code next} at
     * {@code offset}) found by scanning at sequence number {@code sequence}, the {@code data} bytes of plaintext lost
     * told to the Kafka stage (at frame {@code frame}, plaintext offset {@code at}), the session partly decrypted.
     */
    private static List<String> after(int next, long offset, int stream, long lost, long data, int sequence, int frame,
                                      long at, String reason) {
        // by frame: the gap at the lost record's frame, then the next record's (raised the other way round)
        return List.of("warning [sequence] frame " + frame + " offset " + at + " (stream " + stream + " broker->client): gap of "
                        + data + " bytes (" + reason + ", 1 TLS record(s) lost)",
                "warning [sequence] frame " + next + " offset " + offset + " (stream " + stream + " TLS "
                        + "server->client): TLS stream resumes after " + lost + " bytes lost (1 record(s), about " + data
                        + " bytes of data); next record found by scanning, sequence number recovered as " + sequence,
                "1 TLS connection(s) partly decrypted: records lost after " + reason);
    }

    /** kafkajs-tls13-aes128, frame 89's 92-byte record lost: 59 bytes of data (92 - tag - type - the JDK's 16 of padding). */
    private static List<String> after13(String reason) {
        return after(92, 3237, 2, 97, 59, 3, 89, 612, reason);
    }

    /** java-tls12-shared, frame 21's 904-byte record lost: 880 bytes of data (904 - explicit nonce - tag). */
    private static List<String> after12(String reason) {
        return after(24, 3360, 0, 909, 880, 2, 21, 0, reason);
    }

    @Test
    void aTls13RecordOverTheProtectedLimitIsNotedAndOnlyItsResponseIsLost(@TempDir Path dir) throws IOException {
        JsonNode r = tls13(dir, 18432);
        assertEquals(then(
                "error [malformed] frame 89 offset 3140 (stream 2 TLS server->client): a protected record of 18432 bytes, "
                        + "over the 16640 bytes of TLS 1.3 (RFC 8446 section 5.2); looking for the next record",
                after13(HEADER_INVALID)), warnings(r));
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
        assertEquals(then(
                "warning [truncated] frame 89 offset 3140 (stream 2 TLS server->client): the connection ended 1321 bytes "
                        + "into a TLS record of content type 23 declared 16000 bytes long (a wrong length, or the capture "
                        + "stopped inside it): the bytes after its header are searched for records",
                after13(CUT_AT_END)), warnings(r));
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

    /**
     * TLS 1.2, frame 21's 904-byte record declared 18432 bytes (over the suite's 2^14 + 24) or 16000 (legal, but the
     * connection ends inside it): either way the ApiVersions response in it is lost, and only it.
     */
    @Test
    void aTls12RecordLengthThatCannotBeRightLosesOnlyItsRecord(@TempDir Path dir) throws IOException {
        Map<Integer, String> first = Map.of(18432, "error [malformed] frame 21 offset 2451 (stream 0 TLS server->client): a "
                        + "protected record of 18432 bytes, over the 16408 bytes of TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256 without "
                        + "compression (RFC 5246 section 6.2); looking for the next record",
                16000, "warning [truncated] frame 21 offset 2451 (stream 0 TLS server->client): the connection ended 1029 "
                        + "bytes into a TLS record of content type 23 declared 16000 bytes long (a wrong length, or the capture "
                        + "stopped inside it): the bytes after its header are searched for records");
        for (int length : new int[] {18432, 16000}) {
            String reason = length == 18432 ? HEADER_INVALID : CUT_AT_END;
            JsonNode r = tls12(dir, TLS12_FRAME, length);
            assertEquals(then(first.get(length), after12(reason)), warnings(r));
            assertEquals(with(TlsCaptureTest.JAVA, 18, "7/6"), TlsCaptureTest.counts(r), "the ApiVersions response is lost");
            assertEquals("partly 1 (records lost after " + reason + ")", sessions(r).get(0));
            assertEquals(List.of("decrypted 0"), sessions(r).subList(1, 7).stream().distinct().toList());
        }
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
