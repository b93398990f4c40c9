package org.kwire.tls;

import org.kwire.expert.ExpertItem;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;

/**
 * What the handshake messages of a {@link TlsConnection} change: the facts (hellos, certificates, client certificate
 * request, alerts) and the read states (TLS 1.2 keys at ChangeCipherSpec, TLS 1.3 handshake keys at the ServerHello,
 * application keys after each side's Finished, new keys at each KeyUpdate).
 */
final class HandshakeHandler {

    private static final int CLIENT_HELLO = 1;
    private static final int SERVER_HELLO = 2;
    private static final int NEW_SESSION_TICKET = 4;
    private static final int ENCRYPTED_EXTENSIONS = 8;
    private static final int CERTIFICATE = 11;
    private static final int CERTIFICATE_REQUEST = 13;
    private static final int CLIENT_KEY_EXCHANGE = 16;
    private static final int FINISHED = 20;
    private static final int KEY_UPDATE = 24;
    /**
     * Largest TLS 1.3 protected record taken for an alert when it cannot be decrypted: alert 2 + inner type 1 + tag 16
     * + the 16 bytes of padding the JDK adds; the smallest Finished is 4 + 32 + 1 + 16 = 53 bytes.
     */
    private static final int MAX_PROTECTED_ALERT = 2 + 1 + 16 + 16;
    /** The decryption reason of records that passed before the key log (read as it grows) held their secret. */
    static final String LATE = "records passed before the key log held their secret";
    /** Handshake bytes kept for RFC 7627's session hash (only needed with logged pre-master secrets). */
    private static final int MAX_TRANSCRIPT = 256 << 10;

    private final TlsConnection c;
    private Hello.ClientHello clientHello;
    private Hello.ServerHello serverHello;
    /** TLS 1.2 handshake messages up to ClientKeyExchange (RFC 7627's session hash), null once not needed. */
    private ByteArrayOutputStream transcript = new ByteArrayOutputStream();
    private boolean transcriptDone;
    private byte[] encryptedPreMaster;
    private KeySetup.Keys keys12;
    private byte[] ticket;


    HandshakeHandler(TlsConnection c) {
        this.c = c;
    }

    void message(Side side, int type, byte[] body, byte[] message, TlsRecord r) {
        if (transcript != null && !transcriptDone && transcript.size() + message.length <= MAX_TRANSCRIPT) {
            transcript.write(message, 0, message.length);
        }
        try {
            switch (type) {
                case CLIENT_HELLO -> clientHello(side, body);
                case SERVER_HELLO -> serverHello(side, body, r);
                case ENCRYPTED_EXTENSIONS -> c.facts.alpn = Hello.encryptedExtensionsAlpn(body);
                case CERTIFICATE -> certificate(side, body);
                case CERTIFICATE_REQUEST -> c.facts.clientCertificateRequested = true;
                case CLIENT_KEY_EXCHANGE -> {
                    if (c.suite != null && c.suite.rsaKeyExchange()) {
                        encryptedPreMaster = Hello.encryptedPreMaster(body);
                    }
                    transcriptDone = true;
                }
                case NEW_SESSION_TICKET -> newSessionTicket(body);
                case FINISHED -> finished(side);
                case KEY_UPDATE -> keyUpdate(side, body, r);
                default -> {
                }
            }
        } catch (Hello.Malformed e) {
            c.note(ExpertItem.TLS_HANDSHAKE_MALFORMED, r.lastPacket(), r.streamOffset(), side,
                    "handshake message of type " + type + " does not fit its lengths (" + e.getMessage() + ")");
        }
        c.facts.changed = true;
    }

    boolean clientHelloSeen() {
        return clientHello != null;
    }

    private void clientHello(Side side, byte[] body) {
        Hello.ClientHello ch = Hello.client(body);
        if (clientHello == null) {
            c.clientIsA = side.isA;
            side.client = true;
            c.peer(side).client = false;
        }
        clientHello = ch;
        c.facts.serverName = ch.serverName();
        c.facts.alpnOffered = ch.alpn();
    }

    private void serverHello(Side side, byte[] body, TlsRecord r) {
        Hello.ServerHello sh = Hello.server(body);
        c.suite = CipherSuite.of(sh.cipherSuite());
        c.compression = sh.compression();
        c.facts.cipherSuite = c.suite.name();
        c.facts.version = TlsNames.version(sh.version());
        if (sh.helloRetry()) {
            return; // a second ClientHello follows; the real ServerHello sets the keys
        }
        serverHello = sh;
        c.tls13 = sh.version() == 0x0304;
        if (c.tls13) {
            transcript = null; // only TLS 1.2's extended master secret needs it
        }
        if (clientHello == null) {
            side.protectedNow = c.tls13;
            c.peer(side).protectedNow = c.tls13;
            side.missing = "the ClientHello was not captured";
            c.peer(side).missing = side.missing;
            return;
        }
        if (!c.tls13) {
            c.facts.resumed = sh.sessionId().length > 0 && Arrays.equals(sh.sessionId(), clientHello.sessionId());
            c.facts.alpn = sh.alpn();
            return;
        }
        c.facts.resumed = sh.pskAccepted();
        Side client = c.peer(side);
        side.protectedNow = true;
        client.protectedNow = true;
        KeySetup.tls13Sides(c, clientHello, side, client);
    }

    private void certificate(Side side, byte[] body) {
        List<byte[]> certs = Hello.certificates(body, c.tls13);
        if (side.client) {
            c.facts.clientCertificate = certs.isEmpty() ? null : CertificateInfo.parse(certs.get(0));
            return;
        }
        c.facts.serverCertificateChain = certs.size();
        c.facts.serverCertificate = certs.isEmpty() ? null : CertificateInfo.parse(certs.get(0));
    }

    private void newSessionTicket(byte[] body) {
        if (c.tls13) {
            return; // TLS 1.3 tickets resume through PSKs whose secrets the key log gives per connection
        }
        ticket = Hello.newSessionTicket(body);
        if (keys12 != null && keys12.master() != null) {
            c.sessions.putTicket(ticket, keys12.master());
        }
    }

    private void finished(Side side) {
        side.finished = true;
        if (c.tls13 && !side.applicationPhase) {
            enterApplication(side);
        }
        if (side.finished && c.peer(side).finished && !c.facts.complete) {
            c.facts.complete = true;
        }
    }

    /**
     * Looks for this connection's secret again after the key log grew (a client writes it while a live capture runs,
     * shortly after the handshake the capture already saw). The protected records already passed without keys are
     * taken as lost: each side's sequence number continues after them.
     *
     * @param current the side whose record is being opened (already counted in its protected records)
     */
    void retryKeys(Side current) {
        if (clientHello == null || serverHello == null) {
            return;
        }
        c.keys.refresh();
        int generation = c.keys.generation();
        if (generation == current.keysSeen) {
            return; // nothing new since this side last looked (another connection's refresh may have read it)
        }
        current.keysSeen = generation;
        current.keyRetries++;
        if (c.facts.keySource != null) {
            byte[] secret = c.tls13 && c.suite.decryptable() ? KeySetup.tls13Application(c.keys, clientHello, current.client) : null;
            if (secret != null) { // the application secret came late: tried from sequence number 0 on
                current.application = RecordProtection.tls13(c.suite, secret);
                current.trafficSecret = secret;
                c.facts.decryptionReason = null;
                if (current.lostSinceOpen > 0) {
                    c.facts.reason(LATE); // records of this side passed without it; found in time, nothing is lost
                }
            }
            return;
        }
        Side server = c.a.client ? c.b : c.a;
        Side client = c.peer(server);
        if (c.tls13) {
            KeySetup.tls13Sides(c, clientHello, server, client);
        } else {
            keys12 = null;
        }
        for (Side s : new Side[] {server, client}) {
            if (!c.tls13 && s.protectedNow) {
                changeCipherSpec(s);
            }
            long passed = s.protectedRecords - (s == current ? 1 : 0);
            if (s.read != null) {
                s.read.sequence(passed);
            }
            s.lostSinceOpen = passed;
        }
        if (c.facts.keySource != null) {
            c.facts.decryptionReason = null;
            c.facts.changed = true;
            if (current.lostSinceOpen > 0) {
                c.facts.reason(LATE);
            }
        }
    }

    /** TLS 1.3: this side's records are protected with its application traffic secret from now on. */
    void enterApplication(Side side) {
        side.applicationPhase = true;
        side.read = side.application;
        side.openedCurrent = false;
        if (side.read == null && c.facts.keySource != null) {
            side.missing = "no " + (side.client ? "CLIENT" : "SERVER") + "_TRAFFIC_SECRET_0 in the key log for this client random";
        }
    }

    private void keyUpdate(Side side, byte[] body, TlsRecord r) {
        if (!c.tls13 || side.trafficSecret == null) {
            return;
        }
        side.trafficSecret = new Hkdf(c.suite.mac()).nextTrafficSecret(side.trafficSecret);
        side.read = RecordProtection.tls13(c.suite, side.trafficSecret);
        side.openedCurrent = false;
        side.keyGeneration++;
        c.note(ExpertItem.TLS_KEY_UPDATE, r.lastPacket(), r.streamOffset(), side, "KeyUpdate: " + side.role()
                + " traffic keys of generation " + side.keyGeneration + (body.length > 0 && body[0] == 1 ? " (update requested)" : ""));
    }

    /** TLS 1.2: ChangeCipherSpec protects this side's next records with the keys of the session. */
    void changeCipherSpec(Side side) {
        if (c.tls13) {
            return; // middlebox compatibility (RFC 8446 appendix D.4): no meaning
        }
        side.protectedNow = true;
        if (clientHello == null || serverHello == null) {
            side.missing = clientHello == null ? "the ClientHello was not captured" : "the ServerHello was not captured";
            return;
        }
        if (keys12 == null) {
            keys12 = KeySetup.tls12(c.keys, c.sessions, c.suite, clientHello, serverHello, c.facts.resumed, encryptedPreMaster,
                    transcriptDone && transcript != null ? transcript.toByteArray() : null);
            transcript = null; // memory per connection: the session hash is taken
            c.facts.keySource = keys12.source();
            if (keys12.failure() != null) {
                c.facts.reason(keys12.failure());
            }
            c.facts.changed = true;
        }
        side.read = side.client ? keys12.client() : keys12.server();
        side.openedCurrent = false;
        if (side.read != null) {
            side.read.sequence(0);
        } else {
            side.missing = keys12.failure();
        }
    }

    /**
     * TLS 1.2: a record found by scanning after lost bytes, on a side whose ChangeCipherSpec was not seen: if it
     * authenticates with the session's keys at a sequence number up to {@code most}, the ChangeCipherSpec was among the
     * lost bytes, and the side is protected from this record on (its read state at that sequence number). Returns the
     * sequence number, or -1 if the record is not protected (nothing changed).
     */
    long changeCipherSpecLost(Side side, TlsRecord r, long most) {
        if (c.tls13 || side.protectedNow || clientHello == null || serverHello == null || c.suite == null
                || !c.suite.decryptable()) {
            return -1;
        }
        KeySetup.Keys k = keys12 != null ? keys12 : KeySetup.tls12(c.keys, c.sessions, c.suite, clientHello, serverHello,
                c.facts.resumed, encryptedPreMaster, transcriptDone && transcript != null ? transcript.toByteArray() : null);
        RecordProtection p = side.client ? k.client() : k.server();
        for (long seq = 0; p != null && seq <= most; seq++) {
            if (p.openAt(r.type(), r.version(), r.fragment(), seq) != null) {
                changeCipherSpec(side);
                side.read.sequence(seq);
                return seq;
            }
        }
        return -1;
    }

    /** The first protected record of a side opened: a TLS 1.2 session is learned for resumption. */
    void firstOpened(Side side) {
        if (!c.tls13 && keys12 != null && keys12.master() != null && serverHello != null) {
            c.sessions.putSessionId(serverHello.sessionId(), keys12.master());
            if (ticket != null) {
                c.sessions.putTicket(ticket, keys12.master());
            }
        }
    }

    /** A protected record not opened: what it still tells (a Finished, an alert) without keys. */
    void undecrypted(Side side, TlsRecord r) {
        if (!c.tls13 && r.type() == TlsRecord.HANDSHAKE && !side.finished) {
            finished(side); // the first protected handshake record of TLS 1.2 is the Finished
        } else if (r.type() == TlsRecord.ALERT || c.tls13 && r.fragment().length <= MAX_PROTECTED_ALERT) {
            c.facts.alert(new TlsAlert(side.role(), null, null, r.lastPacket(), true));
            c.facts.failed |= !c.facts.complete; // an alert before the handshake completed ends it
        } else if (c.tls13 && side.client && !side.finished && c.peer(side).protectedRecords > 0) {
            side.finished = true; // the client's first protected flight ends with its Finished
            c.peer(side).finished = true;
            c.facts.complete = true;
            c.facts.changed = true;
        }
    }
}
