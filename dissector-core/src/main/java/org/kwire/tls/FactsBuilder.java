package org.kwire.tls;

import java.util.ArrayList;
import java.util.List;

/** The facts of one connection while they are learned; {@link #snapshot()} freezes them into {@link TlsFacts}. */
final class FactsBuilder {

    /** Alerts listed per connection; more are only counted in {@link #alertsOmitted}. */
    static final int MAX_ALERTS = 32;

    String version;
    String cipherSuite;
    String serverName;
    List<String> alpnOffered = List.of();
    String alpn;
    CertificateInfo serverCertificate;
    int serverCertificateChain;
    boolean clientCertificateRequested;
    CertificateInfo clientCertificate;
    boolean resumed;
    boolean complete;
    boolean failed;
    final List<TlsAlert> alerts = new ArrayList<>();
    int alertsOmitted;
    String decryptionReason;
    String keySource;
    long applicationFromClient;
    long applicationFromServer;
    long recordsFromClient;
    long recordsFromServer;
    long recordsUndecrypted;
    /** At least one protected record was opened. */
    boolean openedAny;
    /** Set when a listed fact changed since the last snapshot handed on. */
    boolean changed;

    void alert(TlsAlert a) {
        if (alerts.size() < MAX_ALERTS) {
            alerts.add(a);
        } else {
            alertsOmitted++;
        }
        if ("fatal".equals(a.level()) && !complete) {
            failed = true;
        }
        changed = true;
    }

    /** Records why decryption did not happen (or stopped); the first reason stays. */
    void reason(String why) {
        if (decryptionReason == null) {
            decryptionReason = why;
            changed = true;
        }
    }

    TlsFacts snapshot() {
        String decryption = !openedAny ? "not_decrypted"
                : recordsUndecrypted > 0 || decryptionReason != null ? "partly" : "decrypted";
        String reason = decryption.equals("decrypted") ? null
                : decryptionReason != null ? decryptionReason
                : openedAny ? "records lost to gaps in the capture" : TlsFacts.NOTHING_PROTECTED;
        return new TlsFacts(version, cipherSuite, serverName, alpnOffered, alpn, serverCertificate, serverCertificateChain,
                clientCertificateRequested, clientCertificate, resumed, complete ? "complete" : failed ? "failed" : "incomplete",
                List.copyOf(alerts), decryption, reason, keySource, applicationFromClient, applicationFromServer,
                recordsFromClient, recordsFromServer, recordsUndecrypted);
    }
}
