package org.kwire.tls;

import org.junit.jupiter.api.Test;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TLS 1.2 session resumption (RFC 5246 section 7.3, RFC 5077): a full handshake whose master secret the key log has,
 * then two abbreviated handshakes resuming it, by session id and by ticket, whose client randoms the key log does not
 * have: they decrypt with the session learned from the first connection. (The Kafka brokers of the real captures never
 * resumed a session, so these connections are built here: records protected with the JDK's AES-GCM under keys from
 * the TLS 1.2 PRF, which the RFC vector and the real TLS 1.2 captures pin.)
 */
class Tls12ResumptionTest {

    private static final CipherSuite SUITE = CipherSuite.of(0xC02F); // TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
    private static final byte[] MASTER = new byte[48];
    private static final byte[] SESSION_ID = filled(32, 0x51);
    private static final byte[] TICKET = filled(80, 0x7e);

    static {
        for (int i = 0; i < 48; i++) {
            MASTER[i] = (byte) (i * 7 + 3);
        }
    }

    private static byte[] filled(int n, int v) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) v);
        return b;
    }

    /** The write keys of one connection and each side's next sequence number. */
    private static final class Writer {
        final byte[] clientKey;
        final byte[] serverKey;
        final byte[] clientIv;
        final byte[] serverIv;
        long clientSeq;
        long serverSeq;

        Writer(byte[] clientRandom, byte[] serverRandom) {
            byte[] block = new Prf(SUITE.mac()).keyBlock(MASTER, clientRandom, serverRandom, 40);
            clientKey = Arrays.copyOfRange(block, 0, 16);
            serverKey = Arrays.copyOfRange(block, 16, 32);
            clientIv = Arrays.copyOfRange(block, 32, 36);
            serverIv = Arrays.copyOfRange(block, 36, 40);
        }

        /** A protected record (RFC 5288: explicit nonce = sequence number). */
        byte[] seal(boolean client, int type, byte[] plain) throws Exception {
            long seq = client ? clientSeq++ : serverSeq++;
            byte[] nonce = ByteBuffer.allocate(12).put(client ? clientIv : serverIv).putLong(seq).array();
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(client ? clientKey : serverKey, "AES"), new GCMParameterSpec(128, nonce));
            c.updateAAD(ByteBuffer.allocate(13).putLong(seq).put((byte) type).putShort((short) 0x0303).putShort((short) plain.length).array());
            byte[] sealed = c.doFinal(plain);
            return TlsConnectionTest.record(type, ByteBuffer.allocate(8 + sealed.length).putLong(seq).put(sealed).array());
        }
    }

    private static byte[] clientHello(byte[] random, byte[] sessionId, byte[] ticket) {
        ByteBuffer ext = ByteBuffer.allocate(8 + ticket.length).putShort((short) 35).putShort((short) ticket.length).put(ticket)
                .putShort((short) 23).putShort((short) 0);
        ByteBuffer b = ByteBuffer.allocate(300).putShort((short) 0x0303).put(random).put((byte) sessionId.length).put(sessionId)
                .putShort((short) 2).putShort((short) SUITE.id()).put((byte) 1).put((byte) 0).putShort((short) ext.capacity()).put(ext.array());
        return TlsConnectionTest.record(22, TlsConnectionTest.handshake(1, Arrays.copyOf(b.array(), b.position())));
    }

    private static byte[] serverHello(byte[] random, byte[] sessionId) {
        ByteBuffer b = ByteBuffer.allocate(200).putShort((short) 0x0303).put(random).put((byte) sessionId.length).put(sessionId)
                .putShort((short) SUITE.id()).put((byte) 0).putShort((short) 8).putShort((short) 23).putShort((short) 0)
                .putShort((short) 35).putShort((short) 0);
        return TlsConnectionTest.record(22, TlsConnectionTest.handshake(2, Arrays.copyOf(b.array(), b.position())));
    }

    private static final byte[] CCS = TlsConnectionTest.record(20, new byte[] {1});
    private static final byte[] FINISHED = TlsConnectionTest.handshake(20, new byte[12]);

    private static void feed(TlsConnection c, boolean client, byte[] bytes) {
        c.data(client, ByteBuffer.wrap(bytes), 0, 1);
    }

    @Test
    void resumedSessionsDecryptWithTheSecretLearnedFromTheFullHandshake() throws Exception {
        byte[] cr1 = filled(32, 1);
        KeyLog keys = new KeyLog();
        keys.add("CLIENT_RANDOM " + HexFormat.of().formatHex(cr1) + " " + HexFormat.of().formatHex(MASTER), "keys");
        SessionCache sessions = new SessionCache();

        // full handshake: new session SESSION_ID, ticket TICKET issued
        TlsConnectionTest.Recorder full = new TlsConnectionTest.Recorder();
        TlsConnection c1 = new TlsConnection(keys, sessions, full, "stream 0", true);
        Writer w1 = new Writer(cr1, filled(32, 2));
        feed(c1, true, clientHello(cr1, new byte[0], new byte[0]));
        feed(c1, false, serverHello(filled(32, 2), SESSION_ID));
        feed(c1, true, TlsConnectionTest.record(22, TlsConnectionTest.handshake(16, new byte[] {0, 1, 9})));
        feed(c1, true, CCS);
        feed(c1, true, w1.seal(true, 22, FINISHED));
        feed(c1, false, TlsConnectionTest.record(22, TlsConnectionTest.handshake(4,
                ByteBuffer.allocate(6 + TICKET.length).putInt(7200).putShort((short) TICKET.length).put(TICKET).array())));
        feed(c1, false, CCS);
        feed(c1, false, w1.seal(false, 22, FINISHED));
        feed(c1, true, w1.seal(true, 23, "first".getBytes(StandardCharsets.US_ASCII)));
        c1.end(2);
        assertEquals("first", full.fromA.toString(StandardCharsets.US_ASCII));
        assertEquals("CLIENT_RANDOM", full.facts.keySource());
        assertEquals(false, full.facts.resumed());

        // abbreviated handshakes: the server speaks first after its hello (RFC 5246 figure 2)
        String[] how = {"session id", "ticket"};
        for (String h : how) {
            byte[] cr = filled(32, h.length());
            byte[] sr = filled(32, 0x40 + h.length());
            byte[] sid = h.equals("ticket") ? filled(32, 0x33) : SESSION_ID;
            TlsConnectionTest.Recorder r = new TlsConnectionTest.Recorder();
            TlsConnection c = new TlsConnection(keys, sessions, r, "stream 1", true);
            Writer w = new Writer(cr, sr);
            feed(c, true, clientHello(cr, sid, h.equals("ticket") ? TICKET : new byte[0]));
            feed(c, false, serverHello(sr, sid));
            feed(c, false, CCS);
            feed(c, false, w.seal(false, 22, FINISHED));
            feed(c, true, CCS);
            feed(c, true, w.seal(true, 22, FINISHED));
            feed(c, true, w.seal(true, 23, ("resumed by " + h).getBytes(StandardCharsets.US_ASCII)));
            feed(c, false, w.seal(false, 21, new byte[] {1, 0}));
            c.end(3);
            assertEquals("resumed by " + h, r.fromA.toString(StandardCharsets.US_ASCII));
            assertTrue(r.facts.resumed(), h);
            assertEquals("resumed session", r.facts.keySource(), h);
            assertEquals("decrypted", r.facts.decryption(), h);
            assertEquals("complete", r.facts.handshake(), h);
            assertEquals("close_notify", r.facts.alerts().get(0).description());
        }
    }
}
