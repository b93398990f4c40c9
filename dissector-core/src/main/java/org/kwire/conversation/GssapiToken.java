package org.kwire.conversation;

import java.nio.ByteBuffer;

/**
 * Recognises the initial context token of GSS-API (RFC 2743 section 3.1, "Mechanism-Independent Token Format"): the
 * DER tag {@code 0x60} (APPLICATION 0, constructed), a DER length covering the rest of the token, then the mechanism's
 * OID ({@code 06 09 2a 86 48 86 f7 12 01 02 02} for Kerberos V5, RFC 4121 section 4.1). Kafka clients before
 * SaslHandshake (0.9, KIP-12; still accepted by brokers, KIP-43) open a SASL/GSSAPI connection with this token as
 * a bare size-prefixed frame; read as a request header it would be api_key 0x6082 = 24706.
 */
public final class GssapiToken {

    /** Bytes needed to judge: size prefix, tag, a DER length of up to 4 bytes, the OID tag. */
    public static final int SNIFF_BYTES = 4 + 1 + 4 + 1;

    private GssapiToken() {
    }

    /**
     * True if a size-prefixed frame starting at {@code offset} is a GSS-API initial context token: its size prefix
     * equals the token's DER length plus the tag and length bytes, and the inner token starts with an OID.
     *
     * @param b      bytes (absolute indexes); not modified
     * @param offset index of the frame's 4-byte size prefix
     * @param limit  end (exclusive) of the bytes at hand; nothing past it is read
     */
    public static boolean startsAt(ByteBuffer b, int offset, int limit) {
        if (limit - offset < 4 + 2 || (b.get(offset + 4) & 0xff) != 0x60) {
            return false;
        }
        long size = b.getInt(offset) & 0xffffffffL;
        int first = b.get(offset + 5) & 0xff;
        int lengthBytes = first < 0x80 ? 0 : first - 0x80;
        if (lengthBytes > 4 || (first >= 0x80 && lengthBytes == 0) || limit - offset < 4 + 2 + lengthBytes + 1) {
            return false;
        }
        long length = first < 0x80 ? first : 0;
        for (int i = 0; i < lengthBytes; i++) {
            length = (length << 8) | (b.get(offset + 6 + i) & 0xff);
        }
        return size == 2 + lengthBytes + length && length >= 2 && b.get(offset + 6 + lengthBytes) == 0x06;
    }
}
