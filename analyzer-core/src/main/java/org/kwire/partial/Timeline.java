package org.kwire.partial;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The packet times of one slice, in the form a merge needs to number the frames of several slices as one analysis of
 * their files merged by timestamp would: for each packet, in the slice's own order, the largest timestamp read so far
 * (epoch ns). Merging files by timestamp ({@code mergecap}, kwire's {@code MergedSource}) takes the earliest head of
 * the files each time; a file whose timestamps step back is taken in its own order, and where its head is below the
 * largest timestamp it had, it is still taken before any file whose head is above that largest timestamp. So the
 * merged order is that of (largest timestamp so far, file given later first, packet number): a packet of slice k whose
 * running maximum is t has, in the merged capture, the number of its own position plus, for each other slice j, the
 * packets of j whose running maximum is below t (or at most t, if j was given after k).
 * <p>
 * Kept as unsigned LEB128 varints of the steps of the running maximum (never negative), with the TCP connections'
 * first packets; serialized deflated, in base64 ({@link #encode}). About 1-3 bytes per packet before deflating.
 */
public final class Timeline {

    private final Growing steps = new Growing();
    private final Growing starts = new Growing();
    private long packets;
    private long max = Long.MIN_VALUE;
    private long firstMax;
    private long streams;
    private long lastStart;

    /** A packet read, with its timestamp (epoch ns). */
    public void packet(long timestampNanos) {
        long next = packets == 0 ? timestampNanos : Math.max(max, timestampNanos);
        if (packets == 0) {
            firstMax = next;
        } else {
            steps.varint(next - max);
        }
        max = next;
        packets++;
    }

    /** The packet just read started a TCP connection (the next stream number). */
    public void connectionStarted() {
        starts.varint(packets - lastStart);
        lastStart = packets;
        streams++;
    }

    /** Packets read. */
    public long packets() {
        return packets;
    }

    /** TCP connections started. */
    public long streams() {
        return streams;
    }

    /** The running maximum of every packet, index 0 for packet 1. */
    public long[] maxima() {
        long[] out = new long[(int) packets];
        if (packets == 0) {
            return out;
        }
        byte[] b = steps.bytes();
        int[] at = {0};
        out[0] = firstMax;
        for (int i = 1; i < out.length; i++) {
            out[i] = out[i - 1] + read(b, at);
        }
        return out;
    }

    /** The packet number of each connection's first packet, index 0 for stream 0. */
    public long[] streamStarts() {
        long[] out = new long[(int) streams];
        byte[] b = starts.bytes();
        int[] at = {0};
        long p = 0;
        for (int i = 0; i < out.length; i++) {
            p += read(b, at);
            out[i] = p;
        }
        return out;
    }

    /** The serialized form: {@code packets streams firstMax} then the steps and the starts, deflated, base64. */
    public Encoded encode() {
        byte[] s = steps.bytes();
        byte[] t = starts.bytes();
        byte[] all = Arrays.copyOf(s, s.length + t.length);
        System.arraycopy(t, 0, all, s.length, t.length);
        Deflater d = new Deflater(Deflater.BEST_SPEED);
        d.setInput(all);
        d.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream(all.length / 2 + 64);
        byte[] buf = new byte[65536];
        while (!d.finished()) {
            out.write(buf, 0, d.deflate(buf));
        }
        d.end();
        return new Encoded(packets, streams, packets == 0 ? 0 : firstMax, s.length, Base64.getEncoder().encodeToString(out.toByteArray()));
    }

    /**
     * A timeline as a partial holds it.
     *
     * @param packets      packets of the slice
     * @param streams      TCP connections of the slice
     * @param firstNanos   timestamp of its first packet, epoch ns (0 if none)
     * @param stepBytes    bytes of the varint steps before the varint stream starts, once inflated
     * @param data         steps then stream starts, deflated (RFC 1951 in zlib's wrapping), base64
     */
    public record Encoded(long packets, long streams, long firstNanos, int stepBytes, String data) {

        /**
         * The timeline back, checked against what its counts declare as it is inflated: never more than 10 bytes per
         * varint the counts declare (inflating stops there: a deflated bomb costs no more than its claim), exactly
         * {@code packets - 1} steps in {@code stepBytes} bytes then {@code streams} connection starts, each varint in
         * its shortest form, the running maximum within 64 bits, every start within the packets.
         *
         * @throws IllegalArgumentException if it does not hold that, in one sentence saying what it holds instead
         */
        public Timeline decode() {
            long steps = Math.max(0, packets - 1);
            if (packets < 0 || streams < 0 || stepBytes < 0 || (packets == 0 && streams > 0)) {
                throw new IllegalArgumentException("negative counts, or connections without packets");
            }
            if (steps + streams > (Integer.MAX_VALUE - 16) / 10) {
                throw new IllegalArgumentException("more packets and connections than one timeline holds");
            }
            Timeline t = new Timeline();
            t.packets = packets;
            t.streams = streams;
            t.firstMax = firstNanos;
            Check check = new Check(10 * (steps + streams), stepBytes, firstNanos, packets);
            Inflater inf = new Inflater();
            try {
                inf.setInput(Base64.getDecoder().decode(data));
                byte[] buf = new byte[65536];
                while (!inf.finished()) {
                    int n = inf.inflate(buf);
                    if (n == 0 && !inf.finished() && (inf.needsInput() || inf.needsDictionary())) { // (an empty
                        // slice's timeline inflates to nothing and finishes on the first call)
                        throw new IllegalArgumentException("timeline data cut short");
                    }
                    check.bytes(buf, n, t);
                }
            } catch (DataFormatException e) {
                throw new IllegalArgumentException("timeline data is not deflated: " + e.getMessage(), e);
            } finally {
                inf.end();
            }
            check.end(steps, streams);
            return t;
        }
    }

    /** What {@link Encoded#decode} checks while the timeline inflates. */
    private static final class Check {
        private final long most;
        private final long stepBytes;
        private final long packets;
        private long at;
        private long value;
        private int shift;
        private long steps;
        private long starts;
        private long max;
        private long start;

        Check(long most, long stepBytes, long first, long packets) {
            this.most = most;
            this.stepBytes = stepBytes;
            this.max = first;
            this.packets = packets;
        }

        void bytes(byte[] b, int n, Timeline t) {
            if (at + n > most) {
                throw new IllegalArgumentException("timeline data inflates past the " + most + " bytes its counts allow");
            }
            for (int i = 0; i < n; i++, at++) {
                if (at == stepBytes && shift != 0) {
                    throw new IllegalArgumentException("timeline steps end inside a varint");
                }
                int x = b[i] & 0xff;
                if (shift == 63 && x > 1 || x == 0 && shift > 0) {
                    throw new IllegalArgumentException("timeline varint too long or not in its shortest form");
                }
                value |= (long) (x & 0x7f) << shift;
                shift += 7;
                if (x < 0x80) {
                    varint(at < stepBytes);
                }
            }
            int steps = (int) Math.max(0, Math.min(n, stepBytes - (at - n)));
            t.steps.append(b, 0, steps);
            t.starts.append(b, steps, n - steps);
        }

        private void varint(boolean step) {
            if (value < 0) {
                throw new IllegalArgumentException("timeline varint past 63 bits");
            }
            if (step) {
                steps++;
                if (max > Long.MAX_VALUE - value) {
                    throw new IllegalArgumentException("timeline timestamps past 64 bits");
                }
                max += value;
            } else {
                starts++;
                start += value;
                if (start < 1 || start > packets) {
                    throw new IllegalArgumentException("a connection starting at packet " + start + " of " + packets);
                }
            }
            value = 0;
            shift = 0;
        }

        void end(long wantSteps, long wantStarts) {
            if (shift != 0 || at < stepBytes || steps != wantSteps || starts != wantStarts) {
                throw new IllegalArgumentException("timeline data holds " + steps + " steps and " + starts
                        + " connection starts in " + at + " bytes, not the " + wantSteps + " steps (in " + stepBytes
                        + " bytes) and " + wantStarts + " starts its counts declare");
            }
        }
    }

    private static long read(byte[] b, int[] at) {
        long v = 0;
        int shift = 0;
        while (true) {
            int x = b[at[0]++] & 0xff;
            v |= (long) (x & 0x7f) << shift;
            if (x < 0x80) {
                return v;
            }
            shift += 7;
        }
    }

    /** A growable byte array of varints. */
    private static final class Growing {
        private byte[] b = new byte[256];
        private int n;

        void varint(long v) {
            if (n + 10 > b.length) {
                b = Arrays.copyOf(b, b.length * 2);
            }
            while ((v & ~0x7fL) != 0) {
                b[n++] = (byte) (v & 0x7f | 0x80);
                v >>>= 7;
            }
            b[n++] = (byte) v;
        }

        void append(byte[] src, int off, int len) {
            if (n + len > b.length) {
                b = Arrays.copyOf(b, Math.max(b.length * 2, n + len));
            }
            System.arraycopy(src, off, b, n, len);
            n += len;
        }

        byte[] bytes() {
            return Arrays.copyOf(b, n);
        }
    }
}
