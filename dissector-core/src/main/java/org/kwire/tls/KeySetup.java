package org.kwire.tls;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * Finds a connection's secret and turns it into read states: TLS 1.2 from a master secret (key log by client random,
 * by session id, a session learned earlier, or a logged pre-master secret) through the PRF's key block (RFC 5246
 * section 6.3: client key, server key, client IV, server IV; AEAD suites have no MAC keys); TLS 1.3 from the logged
 * traffic secrets (RFC 8446 section 7.3).
 */
final class KeySetup {

    /**
     * The outcome of looking for a secret.
     *
     * @param client  read state of the client's direction, null if none
     * @param server  read state of the server's direction, null if none
     * @param master  the TLS 1.2 master secret (kept to learn the session), null for TLS 1.3 or none
     * @param source  which secret was used, null if none
     * @param failure why there is none, null if found
     */
    record Keys(RecordProtection client, RecordProtection server, byte[] master, String source, String failure) {
        static Keys none(String failure) {
            return new Keys(null, null, null, null, failure);
        }
    }

    private KeySetup() {
    }

    /**
     * TLS 1.2 read states.
     *
     * @param encryptedPreMaster the ClientKeyExchange's RSA-encrypted pre-master secret, null if none
     * @param sessionHashInput   the handshake messages up to ClientKeyExchange (RFC 7627's session hash input), null
     *                           if not kept
     */
    static Keys tls12(KeyLog keys, SessionCache sessions, CipherSuite suite, Hello.ClientHello ch, Hello.ServerHello sh,
                      boolean resumed, byte[] encryptedPreMaster, byte[] sessionHashInput) {
        if (!suite.decryptable()) {
            return Keys.none("cipher suite " + suite.name() + " is not decrypted by kwire (AES-GCM and ChaCha20-Poly1305 are)");
        }
        Prf prf = new Prf(suite.mac());
        byte[] master = keys.masterSecret(ch.random());
        String source = "CLIENT_RANDOM";
        if (master == null) {
            master = keys.masterSecretBySessionId(sh.sessionId());
            source = "RSA Session-ID";
        }
        if (master == null && resumed) {
            master = sessions.bySessionId(sh.sessionId());
            if (master == null) {
                master = sessions.byTicket(ch.ticket());
            }
            source = "resumed session";
        }
        byte[] preMaster = null;
        if (master == null) {
            preMaster = keys.preMasterSecret(ch.random());
            source = "PMS_CLIENT_RANDOM";
            if (preMaster == null && encryptedPreMaster != null) {
                preMaster = keys.preMasterSecretByEncrypted(encryptedPreMaster);
                source = "RSA";
            }
        }
        if (master == null && preMaster != null) {
            if (!sh.extendedMaster()) {
                master = prf.masterSecret(preMaster, ch.random(), sh.random());
            } else if (sessionHashInput != null) {
                master = prf.extendedMasterSecret(preMaster, hash(suite, sessionHashInput));
            }
        }
        if (master == null) {
            return Keys.none(keys.sources().isEmpty() ? "no key log given"
                    : resumed ? "resumed session whose master secret is neither in the key log nor learned from an earlier connection"
                    : "no secret in the key log for this client random or session id");
        }
        int ivLength = suite.explicitNonce() ? 4 : 12;
        byte[] block = prf.keyBlock(master, ch.random(), sh.random(), 2 * suite.keyLength() + 2 * ivLength);
        int k = suite.keyLength();
        RecordProtection client = RecordProtection.tls12(suite, Arrays.copyOfRange(block, 0, k),
                Arrays.copyOfRange(block, 2 * k, 2 * k + ivLength));
        RecordProtection server = RecordProtection.tls12(suite, Arrays.copyOfRange(block, k, 2 * k),
                Arrays.copyOfRange(block, 2 * k + ivLength, 2 * k + 2 * ivLength));
        return new Keys(client, server, master, source, null);
    }

    /** TLS 1.3 handshake read states (the application ones are {@link #tls13Application}). */
    static Keys tls13Handshake(KeyLog keys, CipherSuite suite, Hello.ClientHello ch) {
        if (!suite.decryptable()) {
            return Keys.none("cipher suite " + suite.name() + " is not decrypted by kwire (AES-GCM and ChaCha20-Poly1305 are)");
        }
        KeyLog.Tls13Secrets s = keys.tls13(ch.random());
        if (s == null) {
            return Keys.none(keys.sources().isEmpty() ? "no key log given" : "no TLS 1.3 secret in the key log for this client random");
        }
        return new Keys(s.clientHandshake() == null ? null : RecordProtection.tls13(suite, s.clientHandshake()),
                s.serverHandshake() == null ? null : RecordProtection.tls13(suite, s.serverHandshake()), null,
                "TLS 1.3 traffic secrets", s.clientHandshake() == null || s.serverHandshake() == null
                ? "no CLIENT_/SERVER_HANDSHAKE_TRAFFIC_SECRET in the key log for this client random" : null);
    }

    /** The TLS 1.3 application traffic secret 0 of one side, null if not logged. */
    static byte[] tls13Application(KeyLog keys, Hello.ClientHello ch, boolean client) {
        KeyLog.Tls13Secrets s = keys.tls13(ch.random());
        return s == null ? null : client ? s.clientTraffic0() : s.serverTraffic0();
    }

    private static byte[] hash(CipherSuite suite, byte[] data) {
        try {
            return MessageDigest.getInstance(suite.mac().equals("HmacSHA384") ? "SHA-384" : "SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-2 is part of every JDK", e);
        }
    }

    /**
     * TLS 1.3: the read states of a connection's server side and client side (handshake, then application) from the
     * key log's traffic secrets for this ClientHello's random; what is missing becomes each side's reason.
     */
    static void tls13Sides(TlsConnection c, Hello.ClientHello clientHello, Side side, Side client) {
        Keys k = tls13Handshake(c.keys, c.suite, clientHello);
        side.read = k.server();
        client.read = k.client();
        if (k.source() == null) {
            side.missing = k.failure();
            client.missing = k.failure();
            c.facts.reason(k.failure());
        }
        byte[] serverApp = tls13Application(c.keys, clientHello, false);
        byte[] clientApp = tls13Application(c.keys, clientHello, true);
        if (c.suite.decryptable()) {
            side.application = serverApp == null ? null : RecordProtection.tls13(c.suite, serverApp);
            client.application = clientApp == null ? null : RecordProtection.tls13(c.suite, clientApp);
            side.trafficSecret = serverApp;
            client.trafficSecret = clientApp;
        }
        if (k.source() != null) {
            side.missing = missing13(false, k.server() == null, serverApp == null);
            client.missing = missing13(true, k.client() == null, clientApp == null);
        }
        c.facts.keySource = k.source();
    }

    /** Which TLS 1.3 secrets of a side the key log lacks, as a decryption reason. */
    private static String missing13(boolean client, boolean handshake, boolean application) {
        String side = client ? "CLIENT" : "SERVER";
        return "no " + (handshake ? side + "_HANDSHAKE_TRAFFIC_SECRET" + (application ? " or " : "") : "")
                + (application ? side + "_TRAFFIC_SECRET_0" : "") + " in the key log for this client random";
    }
}
