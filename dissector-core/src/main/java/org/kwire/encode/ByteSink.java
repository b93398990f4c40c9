package org.kwire.encode;

import java.nio.ByteBuffer;
import java.util.Arrays;

/** A growable big-endian byte buffer with Kafka's primitive writers. */
final class ByteSink {

    private byte[] buf = new byte[256];
    private int size;

    int size() {
        return size;
    }

    private void ensure(int n) {
        if (size + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
        }
    }

    void int8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
    }

    void int16(int v) {
        int8(v >> 8);
        int8(v);
    }

    void int32(int v) {
        int16(v >> 16);
        int16(v);
    }

    void int64(long v) {
        int32((int) (v >> 32));
        int32((int) v);
    }

    /** Unsigned LEB128 varint (Kafka's UNSIGNED_VARINT). */
    void uvarint(long v) {
        while ((v & ~0x7fL) != 0) {
            int8((int) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        int8((int) v);
    }

    void bytes(byte[] b) {
        ensure(b.length);
        System.arraycopy(b, 0, buf, size, b.length);
        size += b.length;
    }

    void append(ByteSink other) {
        ensure(other.size);
        System.arraycopy(other.buf, 0, buf, size, other.size);
        size += other.size;
    }

    /** Overwrites 4 bytes at {@code at} with {@code v}. */
    void patchInt32(int at, int v) {
        ByteBuffer.wrap(buf).putInt(at, v);
    }

    byte[] toArray() {
        return Arrays.copyOf(buf, size);
    }
}
