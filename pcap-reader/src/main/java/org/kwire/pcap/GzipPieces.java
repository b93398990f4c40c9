package org.kwire.pcap;

import java.io.IOException;
import java.io.InputStream;

/**
 * The compressed bytes of gzip data ({@link GzipInput}), read a piece at a time into one buffer, with the offset of
 * each byte in the data (for warnings that name where damage is), and the member header fields skipped. Not
 * thread-safe.
 */
final class GzipPieces {

    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final InputStream raw;
    /** The current piece: {@code buf[0, len)}, of which {@code buf[pos, len)} is not used yet. */
    final byte[] buf;
    int len;
    int pos;
    /** Offset in the compressed data of {@code buf[0]}. */
    long start;

    GzipPieces(InputStream raw, int piece) {
        this.raw = raw;
        this.buf = new byte[piece];
    }

    /** The next byte, or -1 at the end of the data. */
    int next() throws IOException {
        if (pos == len && !refill()) {
            return -1;
        }
        return buf[pos++] & 0xff;
    }

    /** Skips {@code n} bytes; false if the data ended first. */
    boolean skip(int n) throws IOException {
        for (int i = 0; i < n; i++) {
            if (next() < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Skips the rest of a member header after its flags (RFC 1952 section 2.3): modification time, extra flags and
     * operating system, then the extra field, file name, comment and header CRC its flags announce. False if the data
     * ended inside them.
     */
    boolean skipHeaderFields(int flags) throws IOException {
        boolean ok = skip(6);
        if (ok && (flags & FEXTRA) != 0) {
            int lo = next();
            int hi = next();
            ok = hi >= 0 && skip(lo | hi << 8);
        }
        for (int field : new int[] {FNAME, FCOMMENT}) {
            if (ok && (flags & field) != 0) {
                int c;
                while ((c = next()) > 0) {
                    // a zero-terminated name or comment, not kept
                }
                ok = c == 0;
            }
        }
        return ok && ((flags & FHCRC) == 0 || skip(2));
    }

    /** Reads the next piece once the last is used up; false at the end of the data. */
    boolean refill() throws IOException {
        start += len;
        len = 0;
        pos = 0;
        int n;
        while ((n = raw.read(buf, 0, buf.length)) == 0) {
            // a stream with nothing yet: read again
        }
        len = Math.max(n, 0);
        return n > 0;
    }

    /** Offset in the compressed data of the next byte not used. */
    long offset() {
        return start + pos;
    }

    void close() throws IOException {
        raw.close();
    }
}
