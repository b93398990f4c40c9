package org.kwire.tls;

/**
 * How long a TLS record of a content type may be, from what its connection negotiated so far: a header declaring more
 * cannot be right (a damaged length, or bytes that only look like a header), and is treated as not a header.
 * <ul>
 *   <li>change_cipher_spec: exactly 1 byte, the value 1 (RFC 5246 section 7.1; RFC 8446 section 5, where it only
 *       appears for middlebox compatibility);</li>
 *   <li>a record not protected yet (the handshake was seen from its start): 2^14 bytes (RFC 8446 section 5.1,
 *       RFC 5246 section 6.2.1);</li>
 *   <li>a protected record (and any application_data, which is always protected): TLS 1.3 2^14 + 256 bytes
 *       (RFC 8446 section 5.2); TLS 1.2 with an AEAD suite kwire knows 2^14 (+ 1024 if a compression method was
 *       negotiated, RFC 5246 section 6.2.2) plus the suite's explicit nonce and tag (RFC 5288 section 3, RFC 7905
 *       section 2); otherwise 2^14 + 2048 (RFC 5246 section 6.2.3), the limit {@link RecordLayer} applies to any
 *       header.</li>
 * </ul>
 * Stateless; reads the connection's negotiated state.
 */
final class RecordLimits {

    static final int PLAINTEXT = 1 << 14;
    private static final int TLS13_PROTECTED = PLAINTEXT + 256;
    private static final int COMPRESSION_EXPANSION = 1024;

    private RecordLimits() {
    }

    /**
     * Why a header of {@code side} declaring a record of {@code type} and {@code length} bytes cannot be right, in
     * words for a note ("a ChangeCipherSpec of 16384 bytes, ..."), or null if it can be.
     */
    static String problem(TlsConnection c, Side side, int type, int length) {
        if (type == TlsRecord.CHANGE_CIPHER_SPEC) {
            return length == 1 ? null : "a ChangeCipherSpec record of " + length + " bytes, where it is always the 1 byte 0x01 "
                    + "(RFC 5246 section 7.1, RFC 8446 section 5)";
        }
        if (side.protectedNow || type == TlsRecord.APPLICATION_DATA) {
            if (c.tls13) {
                return length <= TLS13_PROTECTED ? null : "a protected record of " + length + " bytes, over the "
                        + TLS13_PROTECTED + " bytes of TLS 1.3 (RFC 8446 section 5.2)";
            }
            if (c.suite != null && c.suite.decryptable()) {
                int most = PLAINTEXT + (c.compression == 0 ? 0 : COMPRESSION_EXPANSION) + RecordProtection.TAG
                        + (c.suite.explicitNonce() ? 8 : 0);
                return length <= most ? null : "a protected record of " + length + " bytes, over the " + most + " bytes of "
                        + c.suite.name() + (c.compression == 0 ? " without compression" : "") + " (RFC 5246 section 6.2)";
            }
            return null; // the general limit, which every header passed
        }
        if (c.handshakeSeen() && length > PLAINTEXT) {
            return "a record of " + length + " bytes before encryption, over the " + PLAINTEXT
                    + " bytes TLS allows (RFC 8446 section 5.1, RFC 5246 section 6.2.1)";
        }
        return null;
    }
}
