package org.kwire.tcp;

import java.nio.ByteBuffer;

/**
 * A run of stream bytes: {@code data} captured, then {@code missing} bytes the snaplen cut, carried by one packet.
 *
 * @param data           captured bytes, position to limit
 * @param missing        bytes after them that were on the wire but not captured
 * @param timestampNanos capture time of the packet, epoch ns
 * @param packet         its capture frame number
 */
record Piece(ByteBuffer data, int missing, long timestampNanos, long packet) {

    /** Stream bytes covered: captured plus missing. */
    long length() {
        return data.remaining() + (long) missing;
    }

    /** The bytes {@code [from, to)} of this piece (offsets into it), sharing its buffer. */
    Piece sub(long from, long to) {
        int captured = data.remaining();
        int dFrom = (int) Math.min(from, captured);
        int dTo = (int) Math.min(to, captured);
        ByteBuffer d = data.slice(data.position() + dFrom, dTo - dFrom);
        return new Piece(d, (int) ((to - from) - (dTo - dFrom)), timestampNanos, packet);
    }

    /** The same bytes copied into a buffer of their own (held pieces must not pin the capture's buffers). */
    Piece copy() {
        ByteBuffer c = ByteBuffer.allocate(data.remaining()).put(data.duplicate()).flip();
        return new Piece(c, missing, timestampNanos, packet);
    }

    /**
     * Offset of the first captured byte that differs between this piece and {@code other} where both cover the same
     * stream bytes from their starts, or -1 if they agree (bytes the snaplen cut are unknown and never differ).
     */
    long firstDifference(Piece other) {
        int n = Math.min(data.remaining(), other.data.remaining());
        return data.slice(data.position(), n).mismatch(other.data.slice(other.data.position(), n));
    }
}
