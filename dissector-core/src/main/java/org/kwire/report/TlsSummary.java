package org.kwire.report;

import java.util.List;
import java.util.Map;

/**
 * The report's {@code tls} section: every TLS connection seen (on a broker port, or decrypted into Kafka), counted and
 * listed; described field by field in {@code docs/report.schema.json}.
 *
 * @param connections       TLS connections seen
 * @param decrypted         connections whose protected records were all decrypted
 * @param partlyDecrypted   connections of which some records were decrypted and some not
 * @param notDecrypted      connections of which nothing was decrypted (see each one's {@code decryption_reason})
 * @param handshakesFailed  connections whose handshake ended with a fatal alert
 * @param versions          connections by negotiated version
 * @param cipherSuites      connections by negotiated cipher suite
 * @param alerts            alerts by {@code "<sender> <description>"} ({@code "<sender> encrypted"} if not decrypted)
 * @param keyLog            the key log used: its sources, secrets taken and problems (never a secret)
 * @param sessions          the connections, ascending stream (the first {@link TlsAccumulator#MAX_LISTED})
 * @param sessionsOmitted   connections beyond those listed
 */
public record TlsSummary(long connections, long decrypted, long partlyDecrypted, long notDecrypted, long handshakesFailed,
                         Map<String, Long> versions, Map<String, Long> cipherSuites, Map<String, Long> alerts,
                         KeyLogSummary keyLog, List<TlsConnectionStats> sessions, long sessionsOmitted) {

    /**
     * What was read from key logs.
     *
     * @param sources  key log files and pcapng Decryption Secrets Blocks, in order read
     * @param secrets  secrets taken (lines understood)
     * @param problems lines not understood, by source and line number (never their content)
     */
    public record KeyLogSummary(List<String> sources, long secrets, List<String> problems) {
    }
}
