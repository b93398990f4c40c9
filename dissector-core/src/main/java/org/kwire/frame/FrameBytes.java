package org.kwire.frame;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * The bytes of one Kafka frame (or of any byte range read by absolute index, such as a decompressed payload) as an
 * ordered list of slices, without joining them: a frame that spans TCP segments is the segments' own buffers.
 * <p>
 * <b>Shape.</b> Absolute indexes {@code 0 .. length()} run through the slices in order: slice {@code k} holds the
 * indexes {@code start(k) .. start(k + 1)}, at its own indexes {@code 0 .. limit()}. A frame's index 0 is its size
 * prefix. A value made {@link #of(ByteBuffer)} one buffer has that buffer as its only slice, with the buffer's own
 * absolute indexes ({@code 0 .. limit()}).
 * <p>
 * <b>Who owns the buffers, how long they are valid.</b> The slices are views of buffers the source of the bytes
 * handed in ({@code org.kwire.stream.StreamInput#data}: "must stay valid after the call"); nothing here copies or
 * changes them, and a value stays valid for as long as it is referenced — across threads, so the record-batch
 * workers may read a frame after the feeding thread has moved on. Readers never change a slice's position or limit
 * (absolute reads only), so any number of threads may read one value at once. Which sources give buffers that stay
 * valid, and which copy because they reuse theirs, is listed in {@code org.kwire.stream.StreamInput}.
 * <p>
 * <b>Reading.</b> Fixed-width big-endian reads ({@link #getInt} ...) that straddle a slice boundary are assembled byte
 * by byte; bulk consumers go slice by slice ({@link #sliceAt}, {@link #slice}, {@link #start}) or through
 * {@link #stream}. Only {@link #contiguous()} joins (once, cached), for consumers that need one array (e.g.
 * {@code kwire dissect}'s tree of a frame); the analysis path does not call it.
 */
public final class FrameBytes {

    private final ByteBuffer[] slices;
    /** {@code starts[k]}: absolute index of slice k's first byte; {@code starts[slices.length]} the length. */
    private final int[] starts;
    private volatile ByteBuffer joined;

    private FrameBytes(ByteBuffer[] slices, int[] starts) {
        this.slices = slices;
        this.starts = starts;
    }

    /** One buffer's bytes {@code 0 .. limit()}, by its own absolute indexes (position ignored, not copied). */
    public static FrameBytes of(ByteBuffer bytes) {
        return new FrameBytes(new ByteBuffer[]{bytes}, new int[]{0, bytes.limit()});
    }

    /**
     * The slices in order, each contributing its bytes {@code position() .. limit()} (a buffer at position 0 is taken
     * as it is, others are sliced; nothing is copied).
     *
     * @throws IllegalArgumentException if there are none
     */
    public static FrameBytes of(List<ByteBuffer> pieces) {
        if (pieces.isEmpty()) {
            throw new IllegalArgumentException("no slices");
        }
        if (pieces.size() == 1) {
            return of(pieces.get(0).slice());
        }
        ByteBuffer[] s = new ByteBuffer[pieces.size()];
        int[] at = new int[s.length + 1];
        for (int k = 0; k < s.length; k++) {
            ByteBuffer p = pieces.get(k);
            s[k] = p.position() == 0 ? p : p.slice();
            at[k + 1] = at[k] + s[k].limit();
        }
        return new FrameBytes(s, at);
    }

    /** Bytes in all, indexes {@code 0 .. length()}. */
    public int length() {
        return starts[slices.length];
    }

    /** Number of slices (1 for a frame wholly inside one segment). */
    public int slices() {
        return slices.length;
    }

    /** Slice {@code k}: its bytes at its indexes {@code 0 .. limit()}; read with absolute reads only. */
    public ByteBuffer slice(int k) {
        return slices[k];
    }

    /** Absolute index of slice {@code k}'s first byte; {@code start(slices())} is {@link #length()}. */
    public int start(int k) {
        return starts[k];
    }

    /** The slice holding absolute index {@code index} (0 ≤ index &lt; length). */
    public int sliceAt(int index) {
        if (slices.length == 1) {
            return 0;
        }
        int k = Arrays.binarySearch(starts, 0, slices.length, index);
        return k >= 0 ? k : -k - 2;
    }

    public byte get(int index) {
        if (slices.length == 1) {
            return slices[0].get(index);
        }
        int k = sliceAt(index);
        return slices[k].get(index - starts[k]);
    }

    public short getShort(int index) {
        int k = sliceAt(index);
        int at = index - starts[k];
        return at + 2 <= slices[k].limit() ? slices[k].getShort(at) : (short) assemble(index, 2);
    }

    public int getInt(int index) {
        int k = sliceAt(index);
        int at = index - starts[k];
        return at + 4 <= slices[k].limit() ? slices[k].getInt(at) : (int) assemble(index, 4);
    }

    public long getLong(int index) {
        int k = sliceAt(index);
        int at = index - starts[k];
        return at + 8 <= slices[k].limit() ? slices[k].getLong(at) : assemble(index, 8);
    }

    /** {@code n} bytes big-endian from {@code index}, across slices. */
    private long assemble(int index, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = v << 8 | get(index + i) & 0xff;
        }
        return v;
    }

    /** Copies {@code n} bytes from {@code index} into {@code dst[off, off + n)}. */
    public void get(int index, byte[] dst, int off, int n) {
        int k = sliceAt(index);
        while (n > 0) {
            int at = index - starts[k];
            int m = Math.min(n, slices[k].limit() - at);
            slices[k].get(at, dst, off, m);
            index += m;
            off += m;
            n -= m;
            k++;
        }
    }

    /**
     * The bytes {@code [from, from + length)} as one buffer, if they lie inside one slice (a view, no copy); else
     * null.
     */
    public ByteBuffer within(int from, int length) {
        int k = sliceAt(from);
        int at = from - starts[k];
        return at + length <= slices[k].limit() ? slices[k].slice(at, length) : null;
    }

    /**
     * The first {@code n} bytes (all, if fewer) in one buffer at indexes 0 .. limit(): the first slice when they lie in
     * it (it may hold more), else a copy of just those bytes into a small array (a frame whose first segment ends
     * inside its header).
     */
    public ByteBuffer head(int n) {
        int m = Math.min(n, length());
        if (starts[1] >= m) {
            return slices[0];
        }
        byte[] b = new byte[m];
        get(0, b, 0, m);
        return ByteBuffer.wrap(b);
    }

    /** The bytes {@code [from, from + length)} read as one stream, slice after slice (no copy made up front). */
    public InputStream stream(int from, int length) {
        return new SliceStream(this, from, length);
    }

    /**
     * All the bytes in one buffer (indexes 0 .. limit()): the only slice itself, or a join of the slices made once and
     * kept (a copy of the frame: for consumers that need one array, not for the analysis path).
     */
    public ByteBuffer contiguous() {
        if (slices.length == 1) {
            return slices[0];
        }
        ByteBuffer j = joined;
        if (j == null) {
            byte[] all = new byte[length()];
            get(0, all, 0, all.length);
            j = ByteBuffer.wrap(all);
            joined = j;
        }
        return j;
    }

    /** Reads slices in order; {@link #read(byte[], int, int)} copies straight out of the slice it is in. */
    private static final class SliceStream extends InputStream {
        private final FrameBytes bytes;
        private int pos;
        private final int end;

        SliceStream(FrameBytes bytes, int from, int length) {
            this.bytes = bytes;
            this.pos = from;
            this.end = from + length;
        }

        @Override
        public int read() {
            return pos < end ? bytes.get(pos++) & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (pos >= end) {
                return -1;
            }
            int k = bytes.sliceAt(pos);
            int n = Math.min(Math.min(len, end - pos), bytes.starts[k + 1] - pos);
            bytes.slices[k].get(pos - bytes.starts[k], b, off, n);
            pos += n;
            return n;
        }

        @Override
        public int available() {
            return end - pos;
        }

        @Override
        public long skip(long n) {
            int m = (int) Math.max(0, Math.min(n, end - pos));
            pos += m;
            return m;
        }
    }
}
