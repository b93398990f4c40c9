package org.kwire.expert;

import java.util.Locale;

/**
 * What kind of thing an expert item is about, as Wireshark groups its expert info ({@code PI_MALFORMED},
 * {@code PI_SEQUENCE}, ... in epan/proto.h); written lower-case in notes ({@code warning [sequence] ...}).
 */
public enum ExpertGroup {
    /** Bytes that cannot be what the protocol says: a bad length, a header that does not fit. */
    MALFORMED,
    /** Data that ends before its structure does. */
    TRUNCATED,
    /** Bytes lost, reordered or retransmitted; frames that lost their partner. */
    SEQUENCE,
    /** Legal bytes that break a protocol rule or are worth knowing (a reused correlation_id, a SASL token). */
    PROTOCOL,
    /** Bytes kwire did not decode (no schema, over a limit). */
    UNDECODED,
    /** A stored checksum that does not match the bytes. */
    CHECKSUM,
    /** The capture itself: its file, its packets, the analysis that could not keep up. */
    CAPTURE,
    /** TLS decryption: keys, authentication, key updates. */
    DECRYPTION,
    /** A configured bound that left something out (e.g. {@code --max-nodes}). */
    LIMIT;

    /** Lower-case name, as written in notes. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
