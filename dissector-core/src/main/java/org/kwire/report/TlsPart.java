package org.kwire.report;

import org.kwire.tls.TlsAlert;
import org.kwire.tls.TlsFacts;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The mergeable state of the report's {@code tls} section ({@link TlsSummary}): the last facts of every TLS connection
 * by its (provisional) stream, and what was read from key logs. Merging keeps every connection; key log sources and
 * problems are listed once each, and the secrets of sources both parts read (the same {@code --tls-keylog} file given
 * to every slice) are counted once.
 *
 * @param sessions       TLS connections by stream; alert frames provisional
 * @param keyLogSources  key log files and pcapng Decryption Secrets Blocks read, in order
 * @param keyLogSecrets  secrets taken from them
 * @param keyLogProblems lines not understood (never their content)
 */
public record TlsPart(Map<Integer, TlsConnectionStats> sessions, List<String> keyLogSources, long keyLogSecrets,
                      List<String> keyLogProblems) {

    TlsPart merge(TlsPart o) {
        Map<Integer, TlsConnectionStats> s = new TreeMap<>(sessions);
        s.putAll(o.sessions);
        LinkedHashSet<String> sources = new LinkedHashSet<>(keyLogSources);
        boolean same = sources.containsAll(o.keyLogSources);
        sources.addAll(o.keyLogSources);
        LinkedHashSet<String> problems = new LinkedHashSet<>(keyLogProblems);
        problems.addAll(o.keyLogProblems);
        long secrets = same ? Math.max(keyLogSecrets, o.keyLogSecrets) : keyLogSecrets + o.keyLogSecrets;
        return new TlsPart(s, List.copyOf(sources), secrets, List.copyOf(problems));
    }

    /** This part with its streams and alert frames mapped. */
    TlsPart map(java.util.function.LongUnaryOperator frames, java.util.function.IntUnaryOperator streams) {
        Map<Integer, TlsConnectionStats> s = new TreeMap<>();
        sessions.forEach((stream, c) -> s.put(streams.applyAsInt(stream), renumber(c, frames, streams)));
        return new TlsPart(s, keyLogSources, keyLogSecrets, keyLogProblems);
    }

    private static TlsConnectionStats renumber(TlsConnectionStats c, java.util.function.LongUnaryOperator frames,
                                               java.util.function.IntUnaryOperator streams) {
        List<TlsAlert> alerts = c.alerts().stream().map(a -> new TlsAlert(a.sender(), a.level(), a.description(),
                a.frame() <= 0 ? a.frame() : frames.applyAsLong(a.frame()), a.encrypted())).toList();
        return new TlsConnectionStats(streams.applyAsInt(c.stream()), c.client(), c.broker(), c.version(), c.cipherSuite(),
                c.serverName(), c.alpnOffered(), c.alpn(), c.serverCertificate(), c.serverCertificateChain(),
                c.clientCertificateRequested(), c.clientCertificate(), c.resumed(), c.handshake(), alerts, c.decryption(),
                c.decryptionReason(), c.keySource(), c.applicationBytesFromClient(), c.applicationBytesFromBroker(),
                c.recordsFromClient(), c.recordsFromBroker(), c.recordsUndecrypted());
    }

    /** The section, streams and frames renumbered, ascending stream. */
    TlsSummary toSummary(FrameNumbering n) {
        Map<Integer, TlsConnectionStats> byStream = new TreeMap<>();
        sessions.values().forEach(c -> byStream.put(n.stream(c.stream()), renumber(c, n::frame, n::stream)));
        long decrypted = 0;
        long partly = 0;
        long failed = 0;
        Map<String, Long> versions = new TreeMap<>();
        Map<String, Long> suites = new TreeMap<>();
        Map<String, Long> alerts = new TreeMap<>();
        List<TlsConnectionStats> listed = new ArrayList<>();
        for (TlsConnectionStats c : byStream.values()) {
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
            if (listed.size() < TlsAccumulator.MAX_LISTED) {
                listed.add(c);
            }
        }
        long count = byStream.size();
        return new TlsSummary(count, decrypted, partly, count - decrypted - partly, failed, versions, suites, alerts,
                new TlsSummary.KeyLogSummary(keyLogSources, keyLogSecrets, keyLogProblems), List.copyOf(listed),
                count - listed.size());
    }

    /**
     * One line per reason some TLS connections were not (or not wholly) decrypted, e.g. {@code "7 TLS connection(s)
     * not decrypted: no key log given (--tls-keylog FILE, or a pcapng with Decryption Secrets Blocks)"}, then the key
     * log's problems.
     */
    public List<String> warnings() {
        Map<String, Long> reasons = new TreeMap<>();
        for (TlsConnectionStats c : sessions.values()) {
            if (!c.decryption().equals("decrypted") && !TlsFacts.NOTHING_PROTECTED.equals(c.decryptionReason())) {
                String how = c.decryption().equals("partly") ? "partly decrypted" : "not decrypted";
                reasons.merge(how + ": " + c.decryptionReason(), 1L, Long::sum);
            }
        }
        List<String> out = new ArrayList<>();
        reasons.forEach((reason, count) -> out.add(count + " TLS connection(s) " + reason
                + (reason.endsWith("no key log given") ? " (--tls-keylog FILE, or a pcapng with Decryption Secrets Blocks)" : "")));
        out.addAll(keyLogProblems);
        return out;
    }
}
