package org.kwire.report;

import org.kwire.tls.KeyLog;
import org.kwire.tls.TlsFacts;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects the latest {@link TlsFacts} of every TLS connection into the report's {@code tls} section ({@link TlsPart},
 * which also says in warnings which connections could not be decrypted and why). Memory: one small entry per TLS
 * connection.
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

    /** The mergeable state so far. */
    public synchronized TlsPart part() {
        return new TlsPart(new TreeMap<>(connections), keyLog.sources(), keyLog.lines(), keyLog.problems());
    }

    /** The warnings of {@link TlsPart#warnings()} so far. */
    public synchronized List<String> warnings() {
        return part().warnings();
    }
}
