package org.kwire.report;

import org.kwire.tls.KeyLog;
import org.kwire.tls.TlsAlert;
import org.kwire.tls.TlsFacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects the latest {@link TlsFacts} of every TLS connection into the report's {@code tls} section, and says in
 * warnings which connections could not be decrypted and why. Memory: one small entry per TLS connection.
 */
public final class TlsAccumulator {

    /** TLS connections listed one by one; further ones are only counted. */
    public static final int MAX_LISTED = 10_000;

    private final Map<Integer, TlsConnectionStats> connections = new TreeMap<>();
    private KeyLog keyLog = new KeyLog();

    /** The key log of this analysis (its sources and problems are reported, never its secrets). */
    public synchronized void keyLog(KeyLog keyLog) {
        this.keyLog = keyLog;
    }

    /** The facts of a connection, replacing earlier ones of the same stream. */
    public synchronized void add(int stream, String client, String broker, TlsFacts facts) {
        connections.put(stream, TlsConnectionStats.of(stream, client, broker, facts));
    }

    /** The section so far. */
    public synchronized TlsSummary build() {
        long decrypted = 0;
        long partly = 0;
        long failed = 0;
        Map<String, Long> versions = new TreeMap<>();
        Map<String, Long> suites = new TreeMap<>();
        Map<String, Long> alerts = new TreeMap<>();
        List<TlsConnectionStats> listed = new ArrayList<>();
        for (TlsConnectionStats c : connections.values()) {
            decrypted += c.decryption().equals("decrypted") ? 1 : 0;
            partly += c.decryption().equals("partly") ? 1 : 0;
            failed += c.handshake().equals("failed") ? 1 : 0;
            if (c.version() != null) {
                versions.merge(c.version(), 1L, Long::sum);
            }
            if (c.cipherSuite() != null) {
                suites.merge(c.cipherSuite(), 1L, Long::sum);
            }
            for (TlsAlert a : c.alerts()) {
                alerts.merge(a.sender() + " " + (a.description() == null ? "encrypted" : a.description()), 1L, Long::sum);
            }
            if (listed.size() < MAX_LISTED) {
                listed.add(c);
            }
        }
        long n = connections.size();
        return new TlsSummary(n, decrypted, partly, n - decrypted - partly, failed, versions, suites, alerts,
                new TlsSummary.KeyLogSummary(keyLog.sources(), keyLog.lines(), keyLog.problems()), List.copyOf(listed),
                n - listed.size());
    }

    /**
     * One line per reason some TLS connections were not (or not wholly) decrypted, e.g. {@code "7 TLS connection(s)
     * not decrypted: no key log given (--tls-keylog FILE, or a pcapng with Decryption Secrets Blocks)"}, then the key
     * log's problems.
     */
    public synchronized List<String> warnings() {
        Map<String, Long> reasons = new TreeMap<>();
        for (TlsConnectionStats c : connections.values()) {
            if (!c.decryption().equals("decrypted") && !TlsFacts.NOTHING_PROTECTED.equals(c.decryptionReason())) {
                String how = c.decryption().equals("partly") ? "partly decrypted" : "not decrypted";
                reasons.merge(how + ": " + c.decryptionReason(), 1L, Long::sum);
            }
        }
        List<String> out = new ArrayList<>();
        reasons.forEach((reason, count) -> out.add(count + " TLS connection(s) " + reason
                + (reason.endsWith("no key log given") ? " (--tls-keylog FILE, or a pcapng with Decryption Secrets Blocks)" : "")));
        out.addAll(keyLog.problems());
        return out;
    }
}
