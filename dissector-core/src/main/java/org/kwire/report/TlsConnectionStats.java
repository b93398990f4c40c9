package org.kwire.report;

import org.kwire.tls.CertificateInfo;
import org.kwire.tls.TlsAlert;
import org.kwire.tls.TlsFacts;

import java.util.List;

/**
 * One TLS connection in the report's {@code tls} section: where it was and what its handshake and records showed
 * ({@link TlsFacts}; fields documented there and in {@code docs/report.schema.json}). Never holds a secret.
 */
public record TlsConnectionStats(int stream, String client, String broker, String version, String cipherSuite,
                                 String serverName, List<String> alpnOffered, String alpn, CertificateInfo serverCertificate,
                                 int serverCertificateChain, boolean clientCertificateRequested,
                                 CertificateInfo clientCertificate, boolean resumed, String handshake, List<TlsAlert> alerts,
                                 String decryption, String decryptionReason, String keySource,
                                 long applicationBytesFromClient, long applicationBytesFromBroker, long recordsFromClient,
                                 long recordsFromBroker, long recordsUndecrypted) {

    /** The facts of the connection {@code stream} between {@code client} and {@code broker}. */
    static TlsConnectionStats of(int stream, String client, String broker, TlsFacts f) {
        return new TlsConnectionStats(stream, client, broker, f.version(), f.cipherSuite(), f.serverName(), f.alpnOffered(),
                f.alpn(), f.serverCertificate(), f.serverCertificateChain(), f.clientCertificateRequested(),
                f.clientCertificate(), f.resumed(), f.handshake(), f.alerts(), f.decryption(), f.decryptionReason(),
                f.keySource(), f.applicationBytesFromClient(), f.applicationBytesFromServer(), f.recordsFromClient(),
                f.recordsFromServer(), f.recordsUndecrypted());
    }
}
