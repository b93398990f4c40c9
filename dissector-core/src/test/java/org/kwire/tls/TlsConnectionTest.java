package org.kwire.tls;

import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertGroup;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A TLS 1.3 connection fed record by record: hellos built here (with RFC 8448's client random), then RFC 8448's
 * published protected records, decrypted with a key log holding RFC 8448's application traffic secrets (no handshake
 * secrets: the key log is partial, so the connection must find the application keys by authenticating).
 */
class TlsConnectionTest {

    private static final HexFormat HEX = HexFormat.of();
    static final byte[] CLIENT_RANDOM = Rfc8448KeyScheduleTest.h("cb34ecb1e78163ba1c38c6dacb196a6dffa21a8d9912ec18a2ef6283024dece7");
    static final byte[] SERVER_RANDOM = Rfc8448KeyScheduleTest.h("a6af06a4121860dc5e6e60249cd34c95930c8ac5cb1434dac155772ed3e26928");

    /** Records what the connection emits. */
    static final class Recorder implements TlsListener {
        final ByteArrayOutputStream fromA = new ByteArrayOutputStream();
        final ByteArrayOutputStream fromB = new ByteArrayOutputStream();
        final List<ExpertNote> notes = new ArrayList<>();
        final List<String> gaps = new ArrayList<>();
        TlsFacts facts;

        @Override
        public void plaintext(boolean a, ByteBuffer data, long timestampNanos, long packet) {
            byte[] b = new byte[data.remaining()];
            data.get(b);
            (a ? fromA : fromB).write(b, 0, b.length);
        }

        @Override
        public void plaintextGap(boolean a, long bytes, String reason, long packet) {
            gaps.add((a ? "A " : "B ") + bytes + " " + reason);
        }

        @Override
        public void note(ExpertNote note) {
            notes.add(note);
        }

        @Override
        public void facts(TlsFacts f) {
            facts = f;
        }
    }

    static byte[] record(int type, byte[] body) {
        return ByteBuffer.allocate(5 + body.length).put((byte) type).putShort((short) 0x0303).putShort((short) body.length)
                .put(body).array();
    }

    static byte[] handshake(int type, byte[] body) {
        return ByteBuffer.allocate(4 + body.length).putInt((type << 24) | body.length).put(body).array();
    }

    /** A ClientHello offering TLS_AES_128_GCM_SHA256 with server_name "kafka-1" and ALPN "kafka". */
    static byte[] clientHello() {
        ByteBuffer ext = ByteBuffer.allocate(64);
        byte[] name = "kafka-1".getBytes();
        ext.putShort((short) 0).putShort((short) (5 + name.length)).putShort((short) (3 + name.length)).put((byte) 0)
                .putShort((short) name.length).put(name);
        ext.putShort((short) 16).putShort((short) 8).putShort((short) 6).put((byte) 5).put("kafka".getBytes());
        ext.putShort((short) 43).putShort((short) 3).put((byte) 2).putShort((short) 0x0304);
        ext.flip();
        ByteBuffer b = ByteBuffer.allocate(200).putShort((short) 0x0303).put(CLIENT_RANDOM).put((byte) 0)
                .putShort((short) 2).putShort((short) 0x1301).put((byte) 1).put((byte) 0).putShort((short) ext.remaining()).put(ext);
        return handshake(1, java.util.Arrays.copyOf(b.array(), b.position()));
    }

    /** A ServerHello choosing TLS_AES_128_GCM_SHA256 and TLS 1.3. */
    static byte[] serverHello() {
        ByteBuffer b = ByteBuffer.allocate(100).putShort((short) 0x0303).put(SERVER_RANDOM).put((byte) 0)
                .putShort((short) 0x1301).put((byte) 0).putShort((short) 6).putShort((short) 43).putShort((short) 2)
                .putShort((short) 0x0304);
        return handshake(2, java.util.Arrays.copyOf(b.array(), b.position()));
    }

    static KeyLog keyLog(boolean withServer, byte[] clientSecret) {
        KeyLog k = new KeyLog();
        String cr = HEX.formatHex(CLIENT_RANDOM);
        k.add("CLIENT_TRAFFIC_SECRET_0 " + cr + " " + HEX.formatHex(clientSecret).toUpperCase() + "\n"
                + (withServer ? "SERVER_TRAFFIC_SECRET_0 " + cr + " " + HEX.formatHex(Rfc8448KeyScheduleTest.SERVER_AP) + "\n" : ""),
                "test");
        return k;
    }

    private static void feed(TlsConnection c, boolean a, byte[] bytes, long packet) {
        c.data(a, ByteBuffer.wrap(bytes), packet * 1000, packet);
    }

    @Test
    void applicationRecordsDecryptWithOnlyTheApplicationSecrets() {
        Recorder r = new Recorder();
        TlsConnection c = new TlsConnection(keyLog(false, Rfc8448KeyScheduleTest.CLIENT_AP), new SessionCache(), r, "stream 0", null);
        feed(c, true, record(22, clientHello()), 1);
        feed(c, false, record(22, serverHello()), 2);
        // the client's application record in two TCP segments, then its close_notify
        byte[] data = Rfc8448KeyScheduleTest.CLIENT_DATA_RECORD;
        feed(c, true, java.util.Arrays.copyOfRange(data, 0, 30), 3);
        feed(c, true, java.util.Arrays.copyOfRange(data, 30, data.length), 4);
        feed(c, true, Rfc8448KeyScheduleTest.CLIENT_ALERT_RECORD, 5);
        feed(c, false, Rfc8448KeyScheduleTest.SERVER_DATA_RECORD, 6);
        c.end(7);

        byte[] fifty = new byte[50];
        for (int i = 0; i < 50; i++) {
            fifty[i] = (byte) i;
        }
        assertArrayEquals(fifty, r.fromA.toByteArray());
        assertEquals(0, r.fromB.size(), "no SERVER_TRAFFIC_SECRET_0 in the key log");
        assertEquals(Boolean.TRUE, c.clientIsA());
        TlsFacts f = r.facts;
        assertEquals("TLSv1.3", f.version());
        assertEquals("TLS_AES_128_GCM_SHA256", f.cipherSuite());
        assertEquals("kafka-1", f.serverName());
        assertEquals(List.of("kafka"), f.alpnOffered());
        assertEquals("partly", f.decryption());
        assertEquals("no SERVER_HANDSHAKE_TRAFFIC_SECRET or SERVER_TRAFFIC_SECRET_0 in the key log for this client random", f.decryptionReason());
        assertEquals(List.of(new TlsAlert("client", "warning", "close_notify", 5, true)), f.alerts());
        assertEquals(50, f.applicationBytesFromClient());
        assertEquals(1, f.recordsUndecrypted());
        assertEquals(List.of(), r.notes.stream().filter(n -> n.severity().compareTo(org.kwire.expert.Severity.WARNING) >= 0).toList());
    }

    @Test
    void bothDirectionsDecryptWhenBothSecretsAreLogged() {
        Recorder r = new Recorder();
        TlsConnection c = new TlsConnection(keyLog(true, Rfc8448KeyScheduleTest.CLIENT_AP), new SessionCache(), r, "stream 0", null);
        feed(c, false, record(22, clientHello()), 1); // B is the client this time
        feed(c, true, record(22, serverHello()), 2);
        feed(c, false, Rfc8448KeyScheduleTest.CLIENT_DATA_RECORD, 3);
        c.end(4);
        assertEquals(Boolean.FALSE, c.clientIsA());
        assertEquals(50, r.fromB.size());
        assertEquals("decrypted", r.facts.decryption());
        assertNull(r.facts.decryptionReason());
    }

    @Test
    void aWrongSecretIsAnAuthenticationFailureNotedOnceAndNothingIsDecrypted() {
        byte[] wrong = Rfc8448KeyScheduleTest.CLIENT_AP.clone();
        wrong[7] ^= 1;
        Recorder r = new Recorder();
        TlsConnection c = new TlsConnection(keyLog(false, wrong), new SessionCache(), r, "stream 3", null);
        feed(c, true, record(22, clientHello()), 1);
        feed(c, false, record(22, serverHello()), 2);
        feed(c, true, Rfc8448KeyScheduleTest.CLIENT_DATA_RECORD, 3);
        feed(c, true, Rfc8448KeyScheduleTest.CLIENT_ALERT_RECORD, 4);
        c.end(5);
        assertEquals(0, r.fromA.size(), "never garbage");
        List<ExpertNote> errors = r.notes.stream().filter(n -> n.group() == ExpertGroup.DECRYPTION).toList();
        assertEquals(List.of(ExpertItem.TLS_AUTH_FAILED), errors.stream().map(ExpertNote::item).toList());
        assertEquals("error [decryption] frame 5 (stream 3 TLS client->server): TLS record does not authenticate "
                + "with the key log's secret for this connection (wrong or corrupt secret): not decrypted", errors.get(0).toString());
        assertEquals("not_decrypted", r.facts.decryption());
        assertEquals("authentication failed: wrong or corrupt secret in the key log", r.facts.decryptionReason());
        assertEquals(2, r.facts.recordsUndecrypted());
        assertFalse(errors.get(0).message().contains(HEX.formatHex(wrong)), "the secret is never in a note");
    }

    @Test
    void aWrongHandshakeSecretFailsAtTheFirstProtectedRecord() {
        byte[] wrong = Rfc8448KeyScheduleTest.CLIENT_HS.clone();
        wrong[0] ^= (byte) 0x80;
        KeyLog k = keyLog(false, Rfc8448KeyScheduleTest.CLIENT_AP);
        k.add("CLIENT_HANDSHAKE_TRAFFIC_SECRET " + HEX.formatHex(CLIENT_RANDOM) + " " + HEX.formatHex(wrong), "more");
        Recorder r = new Recorder();
        TlsConnection c = new TlsConnection(k, new SessionCache(), r, "stream 3", null);
        feed(c, true, record(22, clientHello()), 1);
        feed(c, false, record(22, serverHello()), 2);
        feed(c, true, record(23, new byte[40]), 3); // stands for the client's Finished: does not authenticate
        feed(c, true, Rfc8448KeyScheduleTest.CLIENT_DATA_RECORD, 4);
        c.end(5);
        List<ExpertNote> errors = r.notes.stream().filter(n -> n.group() == ExpertGroup.DECRYPTION).toList();
        assertEquals(List.of(ExpertItem.TLS_AUTH_FAILED), errors.stream().map(ExpertNote::item).toList());
        assertEquals(3, errors.get(0).packet());
        assertEquals(0, r.fromA.size());
        assertEquals("authentication failed: wrong or corrupt secret in the key log", r.facts.decryptionReason());
    }

    @Test
    void aKeyLogWrittenDuringTheCaptureIsReadAgain(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("live.keys"), "# written as the client goes\n");
        KeyLog k = new KeyLog();
        k.load(file);
        Recorder r = new Recorder();
        TlsConnection c = new TlsConnection(k, new SessionCache(), r, "stream 0", null);
        feed(c, true, record(22, clientHello()), 1);
        feed(c, false, record(22, serverHello()), 2);
        feed(c, true, Rfc8448KeyScheduleTest.CLIENT_DATA_RECORD, 3); // its secret is not written yet: not decrypted
        java.nio.file.Files.writeString(file, "CLIENT_TRAFFIC_SECRET_0 " + HEX.formatHex(CLIENT_RANDOM) + " "
                + HEX.formatHex(Rfc8448KeyScheduleTest.CLIENT_AP) + "\n", java.nio.file.StandardOpenOption.APPEND);
        Thread.sleep(20);
        feed(c, true, Rfc8448KeyScheduleTest.CLIENT_ALERT_RECORD, 4); // now it is: the second record opens
        c.end(5);
        assertEquals(0, r.fromA.size());
        assertEquals(List.of(new TlsAlert("client", "warning", "close_notify", 4, true)), r.facts.alerts());
        assertEquals("TLS 1.3 traffic secrets", r.facts.keySource());
        assertEquals(1, k.lines());
    }

    @Test
    void secretsReadOnAnotherConnectionsRefreshAreFoundToo(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("live.keys"), "");
        KeyLog k = new KeyLog();
        k.load(file);
        Recorder first = new Recorder();
        Recorder second = new Recorder();
        TlsConnection a = new TlsConnection(k, new SessionCache(), first, "stream 0", null);
        TlsConnection b = new TlsConnection(k, new SessionCache(), second, "stream 1", null);
        for (TlsConnection c : List.of(a, b)) {
            feed(c, true, record(22, clientHello()), 1);
            feed(c, false, record(22, serverHello()), 2);
        }
        java.nio.file.Files.writeString(file, "CLIENT_TRAFFIC_SECRET_0 " + HEX.formatHex(CLIENT_RANDOM) + " "
                + HEX.formatHex(Rfc8448KeyScheduleTest.CLIENT_AP) + "\n", java.nio.file.StandardOpenOption.APPEND);
        Thread.sleep(20);
        feed(a, true, Rfc8448KeyScheduleTest.CLIENT_DATA_RECORD, 3); // this refresh reads the line
        feed(b, true, Rfc8448KeyScheduleTest.CLIENT_DATA_RECORD, 4); // within 10 ms: no refresh, yet the secret is there
        a.end(5);
        b.end(5);
        assertEquals(first.fromA.size(), second.fromA.size());
        assertTrue(second.fromA.size() > 0, "the second connection's record decrypted");
        assertEquals("decrypted", second.facts.decryption());
    }

    @Test
    void withoutAKeyLogTheHandshakeFactsAreStillReported() {
        Recorder r = new Recorder();
        TlsConnection c = new TlsConnection(new KeyLog(), new SessionCache(), r, "stream 0", true);
        feed(c, true, record(22, clientHello()), 1);
        feed(c, false, record(22, serverHello()), 2);
        feed(c, false, record(21, new byte[] {2, 40}), 3); // a plaintext fatal handshake_failure is not protected
        c.end(4);
        assertEquals("TLSv1.3", r.facts.version());
        assertEquals("not_decrypted", r.facts.decryption());
        assertEquals("no key log given", r.facts.decryptionReason());
        assertEquals(List.of(new TlsAlert("server", "fatal", "handshake_failure", 3, false)), r.facts.alerts());
        assertEquals("failed", r.facts.handshake());
        assertTrue(r.notes.stream().anyMatch(n -> n.item() == ExpertItem.TLS_ALERT_FATAL
                && n.message().equals("fatal alert handshake_failure from the server")));
    }

    @Test
    void aHostileHandshakeLengthStopsParsingThatSide() {
        Recorder r = new Recorder();
        TlsConnection c = new TlsConnection(new KeyLog(), new SessionCache(), r, "stream 0", true);
        feed(c, true, record(22, new byte[] {1, (byte) 0xff, (byte) 0xff, (byte) 0xff, 3, 3}), 1);
        feed(c, true, record(0x40, new byte[] {1, 2, 3}), 2);
        c.end(3);
        assertEquals(List.of(ExpertItem.TLS_HANDSHAKE_MALFORMED, ExpertItem.TLS_RECORD_HEADER_INVALID),
                r.notes.stream().map(ExpertNote::item).toList());
        assertTrue(r.notes.get(0).message().startsWith("handshake message of type 1 announces 16777215 bytes"), r.notes.get(0).message());
        assertTrue(r.notes.get(1).message().startsWith("not a TLS record header (type 64"), r.notes.get(1).message());
    }
}
