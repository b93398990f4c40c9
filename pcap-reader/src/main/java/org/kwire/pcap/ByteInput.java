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

    /** Skips up to {@code n} bytes; returns how many were skipped. */
    long skip(long n) throws IOException;

    /** Bytes consumed so far. */
    long position();

    /** Why the input ended early although the file was readable (e.g. corrupt gzip data), or null. */
    default String damage() {
        return null;
    }
}
