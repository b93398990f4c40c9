package org.kwire.tls;

import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;

import java.nio.ByteBuffer;

/**
 * One TLS connection: the record streams of both directions in, application data, gaps, notes and facts out (see
 * the package documentation for the contract). Feed it the in-order TCP bytes of each direction as they come
 * ({@link #data}), bytes the capture lost ({@link #gap}), and the end ({@link #end}). Endpoint A and B are the caller's;
 * which is the TLS client is learned from the ClientHello (or taken from the hint when the handshake was not captured).
 *
 * <p>Decryption needs the connection's secret in the {@link KeyLog} (or a TLS 1.2 session learned in the
 * {@link SessionCache}). A record that does not authenticate before anything of its direction did means a wrong secret:
 * noted once per connection, the direction is left undecrypted (never decoded as garbage). One that fails after
 * others succeeded is a damaged record: noted, skipped as a plaintext gap. After a TCP gap the next record is found by
 * its length or by scanning, and its sequence number recovered by {@link Resync}.
 */
public final class TlsConnection {

    final KeyLog keys;
    final SessionCache sessions;
    final TlsListener listener;
    final String context;
    final Side a;
    final Side b;
    final FactsBuilder facts = new FactsBuilder();
    private final HandshakeHandler handshake;
    private final Resync resync;
    /** Set once the ClientHello was seen (or the hint was taken). */
    Boolean clientIsA;
    /** Negotiated suite, null before the ServerHello. */
    CipherSuite suite;
    /** Negotiated compression method (0: none), from the ServerHello. */
    int compression;
    boolean tls13;
    private boolean authFailureNoted;
    /** Protected records of a side at which the key log is looked at again while no secret was found. */
    private static final int MAX_KEY_RETRIES = 64;
    private boolean ended;

    /**
     * @param keys      secrets to decrypt with (may be empty: then only facts are learned)
     * @param sessions  TLS 1.2 sessions learned on this analysis's connections
     * @param listener  receives plaintext, gaps, notes and facts
     * @param context   names the connection in notes, e.g. {@code "stream 4"}
     * @param clientIsA which endpoint is the client if the ClientHello is not captured (null: unknown, A assumed)
     */
    public TlsConnection(KeyLog keys, SessionCache sessions, TlsListener listener, String context, Boolean clientIsA) {
        this.keys = keys;
        this.sessions = sessions;
        this.listener = listener;
        this.context = context;
        this.a = new Side(true, sink(true));
        this.b = new Side(false, sink(false));
        this.handshake = new HandshakeHandler(this);
        this.resync = new Resync(this);
        boolean clientA = clientIsA == null || clientIsA;
        a.client = clientA;
        b.client = !clientA;
    }

    private RecordLayer.Sink sink(boolean fromA) {
        return new SideRecords(this, fromA);
    }

    /** Which endpoint is the TLS client: from the ClientHello, else the hint given; null if neither. */
    public Boolean clientIsA() {
        return clientIsA;
    }

    /** The facts so far. */
    public TlsFacts facts() {
        return facts.snapshot();
    }

    /** The next in-order bytes of one direction (position to limit; not kept). */
    public void data(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        side(fromA).layer.accept(data, timestampNanos, packet);
        flushFacts();
    }

    /** Bytes of one direction the capture lost ({@code reason} as the TCP stage gives it). */
    public void gap(boolean fromA, long bytes, String reason, long packet) {
        Side s = side(fromA);
        s.gapReason = reason;
        s.gapPacket = packet;
        if (!facts.complete && suite == null || s.handshake.pending() > 0) {
            s.handshake.reset();
            if (!facts.complete) {
                facts.reason("gap in the handshake");
            }
        }
        s.layer.gap(bytes);
    }

    /**
     * The connection ended: a record either direction still had in progress is given up and the bytes after its
     * header searched for records ({@link RecordLayer#end}); the last facts are handed on.
     */
    public void end(long packet) {
        if (ended) {
            return;
        }
        ended = true;
        a.layer.end();
        b.layer.end();
        for (Side s : new Side[] {a, b}) {
            if (s.application != null && !s.openedAny && s.protectedRecords > 0) {
                authenticationFailed(s, packet, -1); // application keys given, yet none of its records opened
            }
        }
        facts.changed = true;
        flushFacts();
    }

    /** True if the ClientHello was seen: the connection was captured from its start. */
    boolean handshakeSeen() {
        return handshake.clientHelloSeen();
    }

    Side side(boolean fromA) {
        return fromA ? a : b;
    }

    Side peer(Side s) {
        return s == a ? b : a;
    }

    boolean onRecord(Side side, TlsRecord r) {
        if (r.resynchronised()) {
            if (!resync.recover(side, r)) {
                return false;
            }
        } else if (r.lostBefore() > 0) {
            resync.skipLost(side, r);
        }
        if (side.client) {
            facts.recordsFromClient++;
        } else {
            facts.recordsFromServer++;
        }
        if (r.type() == TlsRecord.CHANGE_CIPHER_SPEC) {
            handshake.changeCipherSpec(side);
            return true;
        }
        if (r.type() == TlsRecord.APPLICATION_DATA && !side.protectedNow) {
            side.protectedNow = true; // application data is always protected: the handshake that set its keys was missed
            if (suite != null) {
                side.missing = "the ChangeCipherSpec was not captured";
            }
        }
        boolean plainAlert = r.type() == TlsRecord.ALERT && r.fragment().length == 2;
        if (side.protectedNow && !(tls13 && plainAlert)) {
            RecordProtection.Opened o = open(side, r);
            if (o != null) {
                dispatch(side, o.type(), o.data(), r, true);
            }
            return true;
        }
        dispatch(side, r.type(), r.fragment(), r, false);
        return true;
    }

    /** Opens a protected record, or accounts for why it cannot be; null if not opened. */
    private RecordProtection.Opened open(Side side, TlsRecord r) {
        side.protectedRecords++;
        side.protectedBytes += 5 + r.fragment().length;
        if (side.keyRetries < MAX_KEY_RETRIES && (side.read == null && side.application == null && facts.keySource == null
                || tls13 && side.application == null && side.trafficSecret == null && facts.keySource != null)) {
            handshake.retryKeys(side); // a live capture: the client may have written its secret since
        }
        RecordProtection.Opened o = side.read == null ? null : side.read.open(r.type(), r.version(), r.fragment());
        if (o == null && tls13 && (!side.applicationPhase || side.read == null) && side.application != null) {
            // the handshake keys are missing or the Finished was not seen (lost to a gap), or the application secret
            // came late: the application records start at sequence number 0, less any passed since
            for (long k = 0; o == null && k <= side.lostSinceOpen; k++) {
                o = side.application.openAt(r.type(), r.version(), r.fragment(), k);
                if (o != null) {
                    handshake.enterApplication(side);
                    side.read.sequence(k + 1);
                }
            }
        }
        if (o != null) {
            side.openedCurrent = true;
            side.lostSinceOpen = 0;
            if (!side.openedAny) {
                side.openedAny = true;
                facts.openedAny = true;
                facts.changed = true;
                handshake.firstOpened(side);
            }
            return o;
        }
        facts.recordsUndecrypted++;
        handshake.undecrypted(side, r);
        if (side.read == null) {
            facts.reason(side.missing);
            side.lostSinceOpen++;
            return null;
        }
        if (!side.openedCurrent && side.lostSinceOpen == 0) {
            authenticationFailed(side, r.lastPacket(), r.streamOffset());
            return null;
        }
        if (!side.openedCurrent) {
            side.read.sequence(side.read.sequence() + 1);
            side.lostSinceOpen++;
            facts.reason("records lost to gaps in the capture before any of this direction was decrypted");
            return null;
        }
        long lost = Math.max(0, r.fragment().length - side.read.overhead());
        side.read.sequence(side.read.sequence() + 1);
        note(ExpertItem.TLS_RECORD_DAMAGED, r.lastPacket(), r.streamOffset(), side,
                "TLS record fails authentication (damaged in the capture?); its " + lost + " bytes are skipped");
        if (side.applicationPhase || !tls13) {
            listener.plaintextGap(side.isA, lost, "TLS record failed authentication", r.lastPacket());
        }
        return null;
    }

    /** See {@link HandshakeHandler#changeCipherSpecLost}. */
    long changeCipherSpecLost(Side side, TlsRecord r, long most) {
        return handshake.changeCipherSpecLost(side, r, most);
    }

    /** TLS 1.3: the side's application keys are in force from now on. */
    void enterApplication(Side side) {
        handshake.enterApplication(side);
    }

    /** The secret of this side does not authenticate its records: noted once per connection, the side left undecrypted. */
    private void authenticationFailed(Side side, long packet, long offset) {
        side.read = null;
        side.application = null;
        side.missing = "authentication failed: wrong or corrupt secret in the key log";
        facts.decryptionReason = null;
        facts.reason(side.missing);
        if (!authFailureNoted) {
            authFailureNoted = true;
            note(ExpertItem.TLS_AUTH_FAILED, packet, offset, side, "TLS record does not authenticate "
                    + "with the key log's secret for this connection (wrong or corrupt secret): not decrypted");
        }
    }

    private void dispatch(Side side, int type, byte[] data, TlsRecord r, boolean wasProtected) {
        switch (type) {
            case TlsRecord.ALERT -> alert(side, data, r, wasProtected);
            case TlsRecord.HANDSHAKE -> {
                String problem = side.handshake.add(data, (t, body, message) -> handshake.message(side, t, body, message, r));
                if (problem != null) {
                    note(ExpertItem.TLS_HANDSHAKE_MALFORMED, r.lastPacket(), r.streamOffset(), side, problem);
                }
            }
            case TlsRecord.APPLICATION_DATA -> {
                if (wasProtected) {
                    side.observedOverhead = r.fragment().length - data.length;
                }
                if (side.client) {
                    facts.applicationFromClient += data.length;
                } else {
                    facts.applicationFromServer += data.length;
                }
                if (!facts.complete && tls13) {
                    facts.complete = true;
                    facts.changed = true;
                }
                if (data.length > 0) {
                    listener.plaintext(side.isA, ByteBuffer.wrap(data), r.timestampNanos(), r.lastPacket());
                }
            }
            default -> note(ExpertItem.TLS_CONTENT_TYPE_INVALID, r.lastPacket(), r.streamOffset(), side,
                    "TLS record of content type " + type + " inside a protected record");
        }
    }

    private void alert(Side side, byte[] data, TlsRecord r, boolean wasProtected) {
        int level = data.length < 2 ? 0 : data[0] & 0xff;
        if (level != 1 && level != 2) { // RFC 8446 section 6: AlertLevel is warning(1) or fatal(2)
            note(ExpertItem.TLS_ALERT_MALFORMED, r.lastPacket(), r.streamOffset(), side, data.length < 2
                    ? "alert of " + data.length + " bytes" : "alert of level " + level + ", which TLS does not define");
            return;
        }
        TlsAlert alert = new TlsAlert(side.role(), TlsNames.alertLevel(level), TlsNames.alert(data[1] & 0xff),
                r.lastPacket(), wasProtected);
        facts.alert(alert);
        if (!alert.description().equals("close_notify")) {
            note("fatal".equals(alert.level()) ? ExpertItem.TLS_ALERT_FATAL : ExpertItem.TLS_ALERT, r.lastPacket(), r.streamOffset(),
                    side, alert.level() + " alert " + alert.description() + " from the " + side.role());
        }
    }

    /** An expert note about one direction of this connection. */
    void note(ExpertItem item, long packet, long offset, Side side, String message) {
        listener.note(new ExpertNote(item, packet, offset, context + " TLS " + side.role()
                + (side.client ? "->server" : "->client"), message));
    }

    private void flushFacts() {
        if (facts.changed) {
            facts.changed = false;
            listener.facts(facts.snapshot());
        }
    }
}
