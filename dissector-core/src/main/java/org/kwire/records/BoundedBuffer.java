package org.kwire.records;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The output of one decompression: a byte array that grows by doubling but never beyond {@code limit} bytes, so a
 * decompression bomb costs at most the limit in heap. It may start in a reused array larger than the limit, of which
 * it uses only the first {@code limit} bytes.
 */
final class BoundedBuffer {

    private final int limit;
    private byte[] bytes;
    private int size;

    /**
     * @param limit    most bytes it may ever hold
     * @param sizeHint expected size in bytes (the first allocation, capped at the limit)
     */
    BoundedBuffer(int limit, long sizeHint) {
        this(limit, new byte[initialSize(limit, sizeHint)]);
    }

    /** A buffer writing into {@code bytes} (a reused array of any size) until it needs more room. */
    BoundedBuffer(int limit, byte[] bytes) {
        this.limit = limit;
        this.bytes = bytes;
    }

    /** The first allocation of a buffer: the size hint, at least 64 bytes, at most the limit. */
    static int initialSize(int limit, long sizeHint) {
        return (int) Math.min(limit, Math.max(sizeHint, 64));
    }

    /** Bytes it can hold without growing. */
    private int capacity() {
        return Math.min(bytes.length, limit);
    }

    /** The backing array: bytes 0 .. {@link #size()} are the output. */
    byte[] array() {
        return bytes;
    }

    int size() {
        return size;
    }

    /** Bytes it can take at {@link #size()} without growing. */
    int room() {
        return capacity() - size;
    }

    /** Grows (by doubling, within the limit) when full; the caller checked {@code fits(1)}. */
    void grow() {
        bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max(size + 1L, 2L * bytes.length)));
    }

    /** Forgets the output so far (a fast path gave up; the checked path starts again in the same array). */
    void clear() {
        size = 0;
    }

    /** True if {@code n} more bytes stay within the limit. */
    boolean fits(long n) {
        return n <= limit - size;
    }

    /** Makes room for {@code n} more bytes at {@link #size()}; refuses when that would pass the limit. */
    void reserve(long n) throws DecompressionException {
        if (!fits(n)) {
            throw DecompressionException.overLimit(limit);
        }
        if (size + n > bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(limit, Math.max(size + n, 2L * bytes.length)));
        }
    }

    /** Counts {@code n} bytes written into {@link #array()} at {@link #size()} after a {@link #reserve}. */
    void advance(int n) {
        size += n;
    }

    void append(byte[] src, int offset, int n) throws DecompressionException {
        reserve(n);
        System.arraycopy(src, offset, bytes, size, n);
        size += n;
    }

    /** Reads {@code in} to its end; refuses (and stops reading) as soon as it would pass the limit. */
    void drain(InputStream in) throws IOException, DecompressionException {
        while (true) {
            if (size == capacity()) {
                if (size == limit) {
                    if (in.read() >= 0) {
                        throw DecompressionException.overLimit(limit);
                    }
                    return;
                }
                reserve(1);
            }
            int n = in.read(bytes, size, capacity() - size);
            if (n < 0) {
                return;
            }
            size += n;
        }
    }
}
