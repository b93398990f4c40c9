/**
 * The TLS stage: TLS record streams of one TCP connection in, the application data they carry (decrypted when a key
 * log holds the secrets), plus what the handshakes say, out. No capture or TCP types appear here: a connection is fed
 * the in-order bytes of each direction with the capture frame number and timestamp of the packet that carried them,
 * and gaps of known size, exactly as the TCP reassembly delivers them.
 *
 * <h2>What it holds per connection ({@link org.kwire.tls.TlsConnection})</h2>
 * <ul>
 *   <li>per direction: the record layer ({@link org.kwire.tls.RecordLayer}: at most one record in progress, bounded by
 *       the largest legal record, 2^14 + 2048 bytes, and by what its content type and the connection's negotiated
 *       version and suite allow, {@link org.kwire.tls.RecordLimits}), the handshake message in progress
 *       ({@link org.kwire.tls.HandshakeBuffer}: at most {@link org.kwire.tls.HandshakeBuffer#MAX_MESSAGE} bytes) and the
 *       read state ({@link org.kwire.tls.RecordProtection}: AEAD key, IV, sequence number);</li>
 *   <li>the handshake facts (version, cipher suite, SNI, ALPN, certificates, alerts) as they are learned;</li>
 *   <li>nothing of the application data: each decrypted record is handed on at once.</li>
 * </ul>
 * Secrets come from a {@link org.kwire.tls.KeyLog} (NSS key log lines from files or pcapng Decryption Secrets Blocks,
 * shared by every connection) and from sessions learned on earlier connections ({@link org.kwire.tls.SessionCache},
 * bounded), used to decrypt resumed TLS 1.2 sessions. Secrets are never put into facts, notes or exceptions.
 *
 * <h2>What it emits ({@link org.kwire.tls.TlsListener})</h2>
 * <ul>
 *   <li>application data per direction, in order, each chunk with the capture frame number and timestamp of the
 *       packet that completed its record;</li>
 *   <li>gaps: plaintext bytes lost (a TCP gap, an undecryptable record) with the estimate's basis in the reason;</li>
 *   <li>expert notes (the {@code tls.*} items of {@link org.kwire.expert.ExpertItem}), each once per
 *       cause and connection;</li>
 *   <li>{@link org.kwire.tls.TlsFacts} snapshots when the facts change (handshake done, alert, end).</li>
 * </ul>
 * Cryptography is the JDK's: {@code AES/GCM/NoPadding} and {@code ChaCha20-Poly1305} ciphers, {@code HmacSHA256} and
 * {@code HmacSHA384} for HKDF (RFC 5869, RFC 8446 section 7.1) and the TLS 1.2 PRF (RFC 5246 section 5), X.509 through
 * {@code java.security.cert.CertificateFactory}. Rules: RFC 8446 (TLS 1.3), RFC 5246 (TLS 1.2), RFC 5288 and RFC 7905
 * (AEAD suites), RFC 7627 (extended master secret), RFC 5077 (tickets), NSS key log format (RFC 9850).
 *
 * <h2>Errors, threads</h2>
 * Nothing is thrown on the traffic: bad records, failed authentication and lost keys are {@code tls.*} notes, and
 * bytes that cannot be decrypted are gaps. Only reading a key log file throws ({@link java.io.IOException} naming the
 * file, never its contents); lines it does not understand are named by line number, never quoted. A
 * {@link org.kwire.tls.TlsConnection} is one connection's, fed by one thread, its listener called on that thread; the
 * {@link org.kwire.tls.KeyLog} and {@link org.kwire.tls.SessionCache}, shared by the connections of an analysis, are
 * thread-safe.
 *
 * <h2>API status</h2>
 * Internal: may change without notice (the stream stage uses it; the front door exposes none of its types).
 */
package org.kwire.tls;
