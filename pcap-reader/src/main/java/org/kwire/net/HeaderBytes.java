package org.kwire.net;

import java.nio.ByteBuffer;

/**
 * The header bytes of one packet copied into an array of the decoder's own, read big-endian by the buffer's indices:
 * one bulk read of the buffer per packet instead of one per field. A {@link ByteBuffer}'s {@code get}s are virtual
 * calls through its memory-access checks, which the quick JIT the launcher runs ({@code -XX:TieredStopAtLevel=1})
 * does not inline; this class is final, its reads plain array reads. The first {@link #FIRST} bytes are copied at
 * {@link #load}; a read past them (headers longer than that: IP or TCP options, IPv6 extension headers) copies the
 * rest of the range. Reads must lie in the range loaded (the decoder checks lengths before it reads). Not
 * thread-safe: one per decoder.
 */
final class HeaderBytes {

    /** Bytes copied at first: Ethernet-sized IPv4 and IPv6 headers with TCP's, options included, fit. */
    static final int FIRST = 128;

    private byte[] bytes = new byte[FIRST];
    /** Index in the buffer of {@code bytes[0]}. */
    private int base;
    /** End of the range loaded, as an index in the buffer. */
    private int end;
    /** End of what is copied, as an index in the buffer. */
    private int copied;
    private ByteBuffer buffer;

    /** Copies the start of {@code b}'s bytes {@code [from, to)} (indices in {@code b}). */
    void load(ByteBuffer b, int from, int to) {
        buffer = b;
        base = from;
        end = to;
        copied = from + Math.min(to - from, FIRST);
        b.get(from, bytes, 0, copied - from);
    }

    /** The unsigned byte at buffer index {@code i}. */
    int u8(int i) {
        if (i >= copied) {
            copyAll();
        }
        return bytes[i - base] & 0xff;
    }

    /** The unsigned 16-bit number at buffer index {@code i}. */
    int u16(int i) {
        return u8(i) << 8 | u8(i + 1);
    }

    /** The 32-bit number at buffer index {@code i}. */
    int i32(int i) {
        if (i + 4 > copied) {
            copyAll();
        }
        int o = i - base;
        return bytes[o] << 24 | (bytes[o + 1] & 0xff) << 16 | (bytes[o + 2] & 0xff) << 8 | bytes[o + 3] & 0xff;
    }

    /** The 64-bit number at buffer index {@code i}. */
    long i64(int i) {
        return (long) i32(i) << 32 | i32(i + 4) & 0xffffffffL;
    }

    /** Copies the whole range loaded (a header past the first bytes: rare). */
    private void copyAll() {
        if (bytes.length < end - base) {
            bytes = new byte[end - base];
        }
        buffer.get(base, bytes, 0, end - base);
        copied = end;
    }
}
