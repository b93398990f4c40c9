package org.kwire.stream;

import org.kwire.tls.KeyLog;
import org.kwire.tls.SessionCache;

/**
 * The TLS secrets of one analysis: the key log (files given with {@code --tls-keylog}, plus the Decryption Secrets
 * Blocks of pcapng inputs, added as they are read) and the TLS 1.2 sessions learned from decrypted connections.
 *
 * @param keyLog   NSS key log secrets, shared by every connection
 * @param sessions sessions learned for resumption
 */
public record TlsKeys(KeyLog keyLog, SessionCache sessions) {

    /** No key log yet (pcapng secrets may still be added). */
    public static TlsKeys none() {
        return new TlsKeys(new KeyLog(), new SessionCache());
    }

    /** These key log secrets, and no sessions learned yet. */
    public static TlsKeys of(KeyLog keyLog) {
        return new TlsKeys(keyLog, new SessionCache());
    }
}
