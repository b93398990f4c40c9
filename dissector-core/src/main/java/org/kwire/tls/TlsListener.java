package org.kwire.tls;

import org.kwire.expert.ExpertNote;

import java.nio.ByteBuffer;

/** Receives what a {@link TlsConnection} decrypts and learns. Directions are the connection's endpoints A and B. */
public interface TlsListener {

    /**
     * Application data, in order per direction.
     *
     * @param fromA          true for data sent by endpoint A
     * @param data           the plaintext of one record, position to limit; not reused
     * @param timestampNanos capture time of the packet that completed the record, epoch ns
     * @param packet         its capture frame number
     */
    void plaintext(boolean fromA, ByteBuffer data, long timestampNanos, long packet);

    /**
     * Application data lost: records cut by a TCP gap, or protected records that could not be decrypted after
     * decryption had started.
     *
     * @param bytes  plaintext bytes lost: exact when the lost records' lengths are known, else estimated from the
     *               ciphertext lost less each lost record's overhead (the reason says which)
     * @param reason e.g. {@code "missing segments"}
     * @param packet capture frame number after which they are missing
     */
    void plaintextGap(boolean fromA, long bytes, String reason, long packet);

    /** A problem or event worth an expert note. */
    void note(ExpertNote note);

    /** The connection's facts changed (handshake done, alert, decryption state, end). */
    void facts(TlsFacts facts);
}
