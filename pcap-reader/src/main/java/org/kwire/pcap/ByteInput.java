package org.kwire.pcap;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** Sequential reads of a capture file's bytes, handing out buffers that stay valid while referenced. */
interface ByteInput extends Closeable {

    /**
     * The next {@code n} bytes (position 0, limit = bytes read, big-endian), fewer only at the end of the input.
     *
     * @throws IOException if the file cannot be read
     */
    ByteBuffer read(int n) throws IOException;

    /**
     * The next {@code n} bytes (fewer only at the end of the input) in a buffer that is valid only until the next call
     * of any method of this input: they lie from its position to its limit (which need not start at index 0), and its
     * byte order is the caller's to set. For headers read and forgotten, so that reading them allocates nothing; by
     * default the same as {@link #read}.
     *
     * @throws IOException if the file cannot be read
     */
    default ByteBuffer readTransient(int n) throws IOException {
        return read(n);
    }

    /** Skips up to {@code n} bytes; returns how many were skipped. */
    long skip(long n) throws IOException;

    /** Bytes consumed so far. */
    long position();

    /** Why the input ended early although the file was readable (e.g. corrupt gzip data), or null. */
    default String damage() {
        return null;
    }

    /** True if the input's damage ({@link #damage()}) ended it before its end; false if it was read to its end anyway. */
    default boolean endedEarly() {
        return damage() != null;
    }

    /**
     * Once reading stopped early at bytes that make no sense: damage of the input found in the rest of it (e.g. gzip
     * data that decompressed to wrong bytes before the inflater noticed), read only where that is bounded (a file);
     * null if none.
     *
     * @throws IOException if the file cannot be read
     */
    default String damageBeyond() throws IOException {
        return null;
    }
}
