package org.kwire.partial;

import org.kwire.tcp.TcpStreamHandler;

/**
 * One connection being joined across file boundaries by {@link Stitcher}: its handler's endpoint A and the client (null
 * until known), and per direction of the handler the TCP sequence number of the next byte (-1: unknown) and the stream
 * offset of that byte in the connection (bytes and gaps since its first byte, as one analysis counts the offsets of
 * its notes). Not thread-safe: one per replayed connection.
 */
final class JoinedConnection {
    final String a;
    String client;
    final long[] next = {-1, -1};
    final long[] offset;
    /** Where the handler's offsets start in the connection (its notes are moved by that). */
    final long[] start;

    JoinedConnection(String a, String client, long[] start) {
        this.a = a;
        this.client = client;
        this.start = start.clone();
        this.offset = start.clone();
    }

    /** Where the offsets of the slice of head {@code h} start in the connection: client to broker, broker to client. */
    long[] base(Boundary.Edge h) {
        if (client == null) {
            client = Stitcher.client(h);
        }
        long[] out = new long[2];
        for (int side = 0; side < 2; side++) {
            int edgeSide = h.a().equals(a) ? side : 1 - side;
            long first = h.firstSeq() == null ? -1 : h.firstSeq().get(edgeSide);
            long base = offset[side] + (first >= 0 && next[side] >= 0 ? (int) (first - next[side]) : 0);
            out[toBroker(side) ? 0 : 1] = base;
        }
        return out;
    }

    /** True if the handler's direction {@code side} is the client's (A's when the client is not known). */
    boolean toBroker(int side) {
        return (side == 0) == (client == null || client.equals(a));
    }

    /** The shift of the handler's notes of direction client to broker ({@code toBroker}) or back. */
    long shift(boolean toBroker) {
        return start[toBroker == toBroker(0) ? 0 : 1];
    }

    /**
     * Hands an edge's pieces to the handler, their packets numbered from {@code frameOffset} (the slice's first frame in
     * the merged partial, less one). Where the sequence
     * number of the next byte of a direction is known, bytes before it are left out (retransmitted across the
     * boundary: the earlier file had them) and a jump past it is a gap; this follows the pieces.
     */
    void feed(TcpStreamHandler handler, Boundary.Edge e, long frameOffset) {
        boolean flip = !e.a().equals(a);
        for (Piece p : e.pieces()) {
            int side = p.fromA() != flip ? 0 : 1;
            long packet = frameOffset + p.packet();
            if (p.kind().equals("data") && p.seq() >= 0) {
                if (next[side] >= 0) {
                    int delta = (int) (p.seq() - next[side]);
                    if (delta < 0 && -delta >= p.data().length) {
                        continue;
                    } else if (delta < 0) {
                        p = p.skip(-delta);
                    } else if (delta > 0) {
                        handler.onGap(side == 0, delta, "missing segments", packet);
                        offset[side] += delta;
                    }
                }
                next[side] = (p.seq() + p.data().length) & 0xffffffffL;
            } else if (p.kind().equals("gap") && next[side] >= 0) {
                next[side] = (next[side] + p.bytes()) & 0xffffffffL;
            }
            offset[side] += p.kind().equals("data") ? p.data().length : p.kind().equals("gap") ? p.bytes() : 0;
            p.replay(handler, flip, packet);
        }
    }
}
