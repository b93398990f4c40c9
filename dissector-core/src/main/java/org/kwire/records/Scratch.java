package org.kwire.records;

import org.kwire.frame.FrameBytes;

/**
 * Byte arrays the decompressions of one thread reuse, so that decoding batch after batch allocates nothing once the
 * arrays are large enough: per nesting depth the output array (its contents valid until the next decompression at
 * that depth on the thread: a payload's records are decoded before the next payload of its level is decompressed),
 * the copy of a compressed payload the checked path needs in one array (snappy, or a payload the fast paths gave up
 * on), an lz4 block that straddles two slices, and the records of an uncompressed batch not in one array
 * ({@link RecordScan}). Arrays over {@link #KEEP} bytes are not kept, so what stays allocated is bounded.
 */
final class Scratch {

    /** Largest array kept for reuse. */
    static final int KEEP = 8 << 20;
    /** Nesting depths whose output arrays are kept: v2 batches and legacy wrappers (0), wrappers inside them (1). */
    private static final int DEPTHS = 2;
    private static final ThreadLocal<Scratch> THREAD = ThreadLocal.withInitial(Scratch::new);

    private final byte[][] outputs = new byte[DEPTHS][];
    private byte[] input;
    private byte[] block;
    private byte[] records;

    private Scratch() {
    }

    /** The current thread's arrays. */
    static Scratch get() {
        return THREAD.get();
    }

    /** An output array for {@code depth} of at least {@code size} bytes: the kept one if it is large enough. */
    byte[] output(int depth, int size) {
        byte[] kept = depth < DEPTHS ? outputs[depth] : null;
        return kept != null && kept.length >= size ? kept : new byte[size];
    }

    /** Keeps {@code array} as {@code depth}'s output array, unless it is too large. */
    void keepOutput(int depth, byte[] array) {
        if (depth < DEPTHS && array.length <= KEEP) {
            outputs[depth] = array;
        }
    }

    /** An array of at least {@code size} bytes for the records of an uncompressed batch ({@link RecordScan}). */
    byte[] records(int size) {
        if (records != null && records.length >= size) {
            return records;
        }
        byte[] a = new byte[size];
        if (size <= KEEP) {
            records = a;
        }
        return a;
    }

    /** An array of at least {@code size} bytes for one compressed block that straddles two slices (reused). */
    byte[] block(int size) {
        if (block == null || block.length < size) {
            block = new byte[size];
        }
        return block;
    }

    /** {@code src[offset, offset + length)} copied into an array at index 0 (the kept one if it is large enough). */
    byte[] input(FrameBytes src, int offset, int length) {
        byte[] in = input != null && input.length >= length ? input : new byte[length];
        if (in.length <= KEEP) {
            input = in;
        }
        src.get(offset, in, 0, length);
        return in;
    }
}
