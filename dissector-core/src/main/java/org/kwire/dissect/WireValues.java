package org.kwire.dissect;

import org.kwire.frame.FrameBytes;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Conversions of raw field bytes to the values visitors show. */
public final class WireValues {

    private WireValues() {
    }

    /** {@code length} bytes at {@code offset} decoded as UTF-8 (malformed sequences become U+FFFD). */
    public static String utf8(ByteBuffer frame, int offset, int length) {
        byte[] b = new byte[length];
        frame.get(offset, b);
        return new String(b, StandardCharsets.UTF_8);
    }

    /** {@link #utf8(ByteBuffer, int, int)} of bytes that may span slices. */
    public static String utf8(FrameBytes frame, int offset, int length) {
        byte[] b = new byte[length];
        frame.get(offset, b, 0, length);
        return new String(b, StandardCharsets.UTF_8);
    }

    /**
     * The length (1-4) of the valid UTF-8 sequence that starts at {@code b[i]}, or 0 if none does there (a stray
     * continuation byte, a sequence cut short, an overlong form, a surrogate, beyond U+10FFFF: RFC 3629 section 4).
     */
    public static int utf8SequenceLength(byte[] b, int i) {
        int c = b[i] & 0xff;
        if (c < 0x80) {
            return 1;
        }
        int n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
        if (n == 0 || i + n > b.length) {
            return 0;
        }
        int second = b[i + 1] & 0xff;
        int low = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
        int high = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
        if (second < low || second > high) {
            return 0;
        }
        for (int k = 2; k < n; k++) {
            if ((b[i + k] & 0xc0) != 0x80) {
                return 0;
            }
        }
        return n;
    }

    /**
     * The {@code length} bytes at {@code offset} if they are not valid UTF-8 ({@code decoded}, their decoding, then
     * shows U+FFFD for what is invalid), else null: for {@code FieldNode#setInvalidUtf8}.
     */
    public static byte[] invalidUtf8(ByteBuffer frame, int offset, int length, String decoded) {
        if (decoded == null || decoded.indexOf('\uFFFD') < 0) {
            return null;
        }
        byte[] raw = copy(frame, offset, length);
        return validUtf8(raw) ? null : raw;
    }

    /** True if {@code b} is valid UTF-8 throughout. */
    public static boolean validUtf8(byte[] b) {
        for (int i = 0, n; i < b.length; i += n) {
            if ((n = utf8SequenceLength(b, i)) == 0) {
                return false;
            }
        }
        return true;
    }

    /** A copy of {@code length} bytes at {@code offset}. */
    public static byte[] copy(ByteBuffer frame, int offset, int length) {
        byte[] b = new byte[length];
        frame.get(offset, b);
        return b;
    }

    /**
     * A uuid as Kafka prints it ({@code org.apache.kafka.common.Uuid#toString}, as {@code kafka-topics} shows topic
     * ids): URL-safe base64 of the 16 bytes, without padding, e.g. {@code AAAAAAAAAAAAAAAAAAAAAA} for the zero uuid.
     */
    public static String kafkaUuid(long mostSignificant, long leastSignificant) {
        ByteBuffer b = ByteBuffer.allocate(16).putLong(mostSignificant).putLong(leastSignificant);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
    }
}
