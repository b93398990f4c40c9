package org.kwire.tls;

import org.kwire.expert.ExpertItem;

import java.nio.ByteBuffer;

/**
 * Picks up a direction after a TCP gap. When the gap only cut records whose headers were seen, their number is known
 * and the sequence number advances by it. When it also hid whole records, the record layer scans for a header and the
 * candidate is confirmed by authenticating it: with the explicit nonce (TLS 1.2 AES-GCM, which the JDK and OpenSSL set
 * to the sequence number) first, then with sequence numbers near the one the lost bytes suggest (lost bytes / average
 * record size of the direction), then (TLS 1.3) with the next key generation in case a KeyUpdate was lost. The lost
 * application data is reported as a plaintext gap: the lost ciphertext less the overhead of each lost record (exact for
 * TLS 1.2; for TLS 1.3 exact unless records carried padding or were not application data).
 */
final class Resync {

    /** Sequence numbers tried for one candidate record. */
    static final int MAX_TRIES = 4096;
    /** Candidates refused in a row before a direction is given up (left undecrypted). */
    static final int MAX_REFUSED = 8;
    /** Most application data in one record (RFC 8446 section 5.1). */
    private static final long MAX_DATA = 1 << 14;

    private final TlsConnection c;

    Resync(TlsConnection c) {
        this.c = c;
    }

    /** A gap cut {@code r.lostRecords()} records whose headers were seen: the sequence number skips them. */
    void skipLost(Side side, TlsRecord r) {
        if (side.read == null || r.lostRecords() == 0) {
            noteUndecrypted(side, r.lostRecords());
            return;
        }
        side.read.sequence(side.read.sequence() + r.lostRecords());
        side.lostSinceOpen += r.lostRecords();
        long plain = Math.max(0, r.lostBefore() - (long) r.lostRecords() * side.recordOverhead());
        c.facts.recordsUndecrypted += r.lostRecords();
        lost(side, r, r.lostRecords(), plain, false);
    }

    /**
     * A record found by scanning after a gap: true if it is taken (its sequence number recovered, or the direction is
     * not decrypted anyway), false if it does not authenticate at any plausible sequence number.
     */
    boolean recover(Side side, TlsRecord r) {
        RecordProtection read = side.read;
        int perRecord = side.recordOverhead();
        long most = Math.min(r.lostBefore() / perRecord + 1, MAX_TRIES);
        if (read == null) {
            protectedFromHere(side, r, most, perRecord);
            return true; // nothing (else) to decrypt: the record is only counted
        }
        long base = read.sequence();
        long found = -1;
        if (c.suite != null && c.suite.explicitNonce() && r.fragment().length >= 8) {
            long nonce = ByteBuffer.wrap(r.fragment(), 0, 8).getLong();
            if (nonce >= base && nonce - base <= most && read.openAt(r.type(), r.version(), r.fragment(), nonce) != null) {
                found = nonce - base;
            }
        }
        long average = side.protectedRecords == 0 ? perRecord + 512 : Math.max(perRecord, side.protectedBytes / side.protectedRecords);
        long guess = Math.min(most, r.lostBefore() / average);
        for (long d = 0; found < 0 && d <= most; d++) {
            for (long k : new long[] {guess + d, guess - d - 1}) {
                if (k >= 0 && k <= most && read.openAt(r.type(), r.version(), r.fragment(), base + k) != null) {
                    found = k;
                    break;
                }
            }
        }
        if (found >= 0) {
            read.sequence(base + found);
            side.refusedCandidates = 0;
            c.facts.recordsUndecrypted += found;
            lost(side, r, found, Math.max(0, r.lostBefore() - found * perRecord), true);
            return true;
        }
        if (c.tls13 && side.applicationPhase && side.trafficSecret != null && nextGeneration(side, r, most)) {
            return true;
        }
        if (c.tls13 && !side.applicationPhase && side.application != null) {
            for (long k = 0; k <= most; k++) {
                if (side.application.openAt(r.type(), r.version(), r.fragment(), k) != null) {
                    c.enterApplication(side); // the handshake's end was lost in the gap
                    side.read.sequence(k);
                    side.refusedCandidates = 0;
                    lost(side, r, -1, Math.max(0, r.lostBefore() - (k + 1) * perRecord), true);
                    return true;
                }
            }
        }
        if (++side.refusedCandidates < MAX_REFUSED) {
            return false;
        }
        side.read = null;
        c.facts.reason("sequence number not recovered after a gap in the capture");
        c.note(ExpertItem.TLS_RESYNC_FAILED, r.lastPacket(), r.streamOffset(), side, "after a gap of " + r.lostBefore()
                + " bytes no TLS record authenticates at any plausible sequence number: the rest of this direction is not decrypted");
        return true;
    }

    /**
     * TLS 1.2, a side not yet protected: the record found may be the first protected one after a lost
     * ChangeCipherSpec ({@link HandshakeHandler#changeCipherSpecLost}); if so, the loss is noted, and application data
     * among the lost bytes (records beyond the Finished) is a plaintext gap.
     */
    private void protectedFromHere(Side side, TlsRecord r, long most, int perRecord) {
        long seq = c.changeCipherSpecLost(side, r, most);
        if (seq < 0) {
            return;
        }
        side.refusedCandidates = 0;
        c.facts.recordsUndecrypted += seq;
        c.note(ExpertItem.TLS_RESUMED_AFTER_GAP, r.lastPacket(), r.streamOffset(), side, "TLS stream resumes after "
                + r.lostBefore() + " bytes lost, the ChangeCipherSpec among them" + (seq > 0 ? " and " + seq + " protected record(s)" : "")
                + ": protected from here on; next record found by scanning, sequence number recovered as " + seq);
        if (seq > 1) { // the first protected record is the Finished (12 bytes of verify_data in a 4-byte header)
            long plain = Math.max(0, r.lostBefore() - (5 + 1) - seq * perRecord - (4 + 12));
            c.listener.plaintextGap(side.isA, plain, side.gapReason + ", " + seq + " TLS record(s) lost", side.gapPacket);
        }
    }

    /** TLS 1.3: tries the next application secret (a KeyUpdate lost in the gap) from sequence number 0. */
    private boolean nextGeneration(Side side, TlsRecord r, long most) {
        Hkdf hkdf = new Hkdf(c.suite.mac());
        byte[] next = hkdf.nextTrafficSecret(side.trafficSecret);
        RecordProtection p = RecordProtection.tls13(c.suite, next);
        for (long k = 0; k <= most; k++) {
            if (p.openAt(r.type(), r.version(), r.fragment(), k) != null) {
                side.trafficSecret = next;
                side.keyGeneration++;
                side.read = p;
                p.sequence(k);
                side.refusedCandidates = 0;
                c.note(ExpertItem.TLS_KEY_UPDATE_LOST, r.lastPacket(), r.streamOffset(), side, "a KeyUpdate was lost in the gap: "
                        + "decrypting again with traffic keys of generation " + side.keyGeneration + " from sequence number " + k);
                // the lost bytes hold the KeyUpdate record (a 5-byte message) and application records, taken to be
                // full (2^14 bytes of data) but for the last: bulk data is what spans records
                long perRecord = side.recordOverhead();
                long rest = Math.max(0, r.lostBefore() - (perRecord + 5));
                long records = (rest + perRecord + MAX_DATA - 1) / (perRecord + MAX_DATA);
                c.facts.recordsUndecrypted += records + 1 + k;
                lost(side, r, -1, Math.max(0, rest - records * perRecord), true);
                return true;
            }
        }
        return false;
    }

    private void lost(Side side, TlsRecord r, long records, long plain, boolean scanned) {
        if (records != 0 && (SideRecords.HEADER_INVALID.equals(side.gapReason) || SideRecords.CUT_AT_END.equals(side.gapReason))) {
            c.facts.reason("records lost after " + side.gapReason); // else the default: records lost to gaps
        }
        String how = scanned ? "; next record found by scanning, sequence number recovered as " + side.read.sequence() : "";
        c.note(ExpertItem.TLS_RESUMED_AFTER_GAP, r.lastPacket(), r.streamOffset(), side, "TLS stream resumes after " + r.lostBefore()
                + " bytes lost (" + (records < 0 ? "records" : records + " record(s)") + ", about " + plain + " bytes of data)" + how);
        if (side.applicationPhase || !c.tls13 && side.protectedNow) {
            c.listener.plaintextGap(side.isA, plain, side.gapReason + ", " + (records < 0 ? "" : records + " ") + "TLS record(s) lost",
                    side.gapPacket);
        }
    }

    private void noteUndecrypted(Side side, int records) {
        if (side.protectedNow && records > 0) {
            c.facts.recordsUndecrypted += records;
        }
    }
}
