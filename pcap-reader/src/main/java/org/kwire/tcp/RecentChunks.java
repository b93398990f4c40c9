package org.kwire.tcp;

import java.nio.ByteBuffer;

/**
 * The last chunks one direction delivered, by reference (no copy), to compare retransmitted bytes with: a ring of
 * {@link #CAPACITY} entries in arrays, so that remembering a chunk allocates nothing. A chunk is a range of the buffer
 * that held it (the packet's bytes, or a held copy), its stream position and the bytes the snaplen cut after it.
 */
final class RecentChunks {

    /** Chunks kept. */
    static final int CAPACITY = HalfStream.RECENT_CHUNKS;

    private final long[] seq = new long[CAPACITY];
    private final ByteBuffer[] data = new ByteBuffer[CAPACITY];
    private final int[] position = new int[CAPACITY];
    private final int[] length = new int[CAPACITY];
    private final int[] missing = new int[CAPACITY];
    private final long[] timestampNanos = new long[CAPACITY];
    private final long[] packet = new long[CAPACITY];
    /** Index of the oldest chunk. */
    private int oldest;
    private int size;

    /**
     * Remembers a delivered chunk, {@code bytes} bytes of {@code buffer} from {@code offset}, at unwrapped sequence
     * number {@code at}; forgets the oldest beyond capacity.
     */
    void add(long at, ByteBuffer buffer, int offset, int bytes, int missingAfter, long timestamp, long packetNumber) {
        int i = (oldest + size) % CAPACITY;
        if (size == CAPACITY) {
            oldest = (oldest + 1) % CAPACITY;
        } else {
            size++;
        }
        seq[i] = at;
        data[i] = buffer;
        position[i] = offset;
        length[i] = bytes;
        missing[i] = missingAfter;
        timestampNanos[i] = timestamp;
        packet[i] = packetNumber;
    }

    /** Chunks kept. */
    int size() {
        return size;
    }

    /** Unwrapped sequence number of the {@code k}-th chunk, oldest first. */
    long seq(int k) {
        return seq[(oldest + k) % CAPACITY];
    }

    /** The {@code k}-th chunk, oldest first, as a piece (a new slice of its bytes). */
    Piece piece(int k) {
        int i = (oldest + k) % CAPACITY;
        return new Piece(data[i].slice(position[i], length[i]), missing[i], timestampNanos[i], packet[i]);
    }

    /** Stream bytes the {@code k}-th chunk covers: captured plus missing. */
    long length(int k) {
        int i = (oldest + k) % CAPACITY;
        return length[i] + (long) missing[i];
    }
}
