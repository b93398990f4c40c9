package org.kwire.pcap;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.ZipException;

/**
 * A capture read from a stream: a gzip-compressed file, decompressed on the fly by {@link java.util.zip.GZIPInputStream},
 * or standard input.
 * Every read returns a fresh buffer, so packets stay valid after later reads. Compressed data that is cut short or
 * corrupt ends the input like a truncated file, and {@link #damage()} says why.
 */
final class StreamByteInput implements ByteInput {

    private final InputStream in;
    private final String what;
    private long pos;
    private String damage;

    /**
     * @param in   the decompressed bytes
     * @param what how to name the compression in messages, e.g. {@code "gzip"}
     */
    StreamByteInput(InputStream in, String what) {
        this.in = in;
        this.what = what;
    }

    @Override
    public ByteBuffer read(int n) throws IOException {
        if (damage != null) {
            return ByteBuffer.allocate(0);
        }
        try {
            byte[] b = in.readNBytes(n); // grows as data arrives: a corrupt length does not allocate up front
            pos += b.length;
            return ByteBuffer.wrap(b);
        } catch (EOFException | ZipException e) {
            fail(e);
            return ByteBuffer.allocate(0);
        }
    }

    @Override
    public long skip(long n) throws IOException {
        long done = 0;
        try {
            while (done < n && damage == null) {
                long k = in.skip(n - done);
                if (k <= 0) {
                    if (in.read() < 0) {
                        break;
                    }
                    k = 1;
                }
                done += k;
            }
        } catch (EOFException | ZipException e) {
            fail(e);
        }
        pos += done;
        return done;
    }

    private void fail(IOException e) {
        damage = what + " data damaged after " + pos + " decompressed bytes: " + CaptureFiles.describe(e);
    }

    @Override
    public long position() {
        return pos;
    }

    @Override
    public String damage() {
        return damage;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
