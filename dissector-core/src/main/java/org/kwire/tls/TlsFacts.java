package org.kwire.tls;

import java.util.List;

/**
 * What one TLS connection's handshake and records showed, at one moment (a snapshot; the connection sends a new one
 * when something changes). Never holds a secret.
 *
 * @param version                  negotiated protocol version ({@code TLSv1.2}, {@code TLSv1.3}), null before the
 *                                 ServerHello
 * @param cipherSuite              negotiated suite's IANA name, null before the ServerHello
 * @param serverName               SNI host name the client asked for, null if none
 * @param alpnOffered              application protocols the client offered
 * @param alpn                     the protocol the server chose, null if none (in TLS 1.3 only known when decrypted)
 * @param serverCertificate        the server's leaf certificate, null if not seen (TLS 1.3 without keys: encrypted)
 * @param serverCertificateChain   certificates the server sent (0 if not seen)
 * @param clientCertificateRequested the server asked for a client certificate (mTLS); false if not seen
 * @param clientCertificate        the client's leaf certificate, null if it sent none or it was not seen
 * @param resumed                  the session was resumed (abbreviated TLS 1.2 handshake, or TLS 1.3 PSK)
 * @param handshake                {@code complete} (both Finished seen or application data flowed), {@code failed}
 *                                 (a fatal alert before it completed), {@code incomplete}
 * @param alerts                   alerts in capture order
 * @param decryption               {@code decrypted}, {@code partly} (some records could not be), {@code not_decrypted}
 * @param decryptionReason         why not (or not all), null when everything was decrypted
 * @param keySource                which secret decrypted it: {@code CLIENT_RANDOM}, {@code RSA Session-ID},
 *                                 {@code TLS 1.3 traffic secrets}, {@code PMS_CLIENT_RANDOM}, {@code RSA},
 *                                 {@code resumed session}; null if none
 * @param applicationBytesFromClient application data decrypted from the client, bytes
 * @param applicationBytesFromServer application data decrypted from the server, bytes
 * @param recordsFromClient        TLS records from the client
 * @param recordsFromServer        TLS records from the server
 * @param recordsUndecrypted       protected records that could not be decrypted (no key, failed authentication,
 *                                 lost to a gap)
 */
public record TlsFacts(String version, String cipherSuite, String serverName, List<String> alpnOffered, String alpn,
                       CertificateInfo serverCertificate, int serverCertificateChain, boolean clientCertificateRequested,
                       CertificateInfo clientCertificate, boolean resumed, String handshake, List<TlsAlert> alerts,
                       String decryption, String decryptionReason, String keySource, long applicationBytesFromClient,
                       long applicationBytesFromServer, long recordsFromClient, long recordsFromServer,
                       long recordsUndecrypted) {

    /** The decryption reason of a connection that never sent a protected record (e.g. its handshake failed first). */
    public static final String NOTHING_PROTECTED = "nothing was encrypted (no protected record)";
}
