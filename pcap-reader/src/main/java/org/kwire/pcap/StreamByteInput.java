package org.kwire.pcap;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * A capture read from a stream: a gzip-compressed file or stream, decompressed on the fly ({@link GzipInput}), or
 * standard input. Every read returns a fresh buffer, so packets stay valid after later reads. Compressed data that is
 * cut short or damaged ends the input like a truncated file, with every byte before the damage, and {@link #damage()}
 * says where.
 */
final class StreamByteInput implements ByteInput {

    private final InputStream in;
    private final GzipInput gzip;
    private long pos;

    /**
     * @param in   the bytes of the capture (decompressed)
     * @param gzip the gzip data {@code in} decompresses, for its damage; null for a stream that is not compressed
     */
    StreamByteInput(InputStream in, GzipInput gzip) {
        this.in = in;
        this.gzip = gzip;
    }

    @Override
    public ByteBuffer read(int n) throws IOException {
        byte[] b = in.readNBytes(n); // grows as data arrives: a corrupt length does not allocate up front
        pos += b.length;
        return ByteBuffer.wrap(b);
    }

    @Override
    public long skip(long n) throws IOException {
        long done = 0;
        while (done < n) {
            long k = in.skip(n - done);
            if (k <= 0) {
                if (in.read() < 0) {
                    break;
                }
                k = 1;
            }
            done += k;
        }
        pos += done;
        return done;
    }

    @Override
    public long position() {
        return pos;
    }

    @Override
    public String damage() {
        return gzip == null ? null : gzip.damage();
    }

    @Override
    public boolean endedEarly() {
        return gzip != null && gzip.endedEarly();
    }

    @Override
    public String damageBeyond() throws IOException {
        return gzip == null ? null : gzip.damageInTheRest();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
