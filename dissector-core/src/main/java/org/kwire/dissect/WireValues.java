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
