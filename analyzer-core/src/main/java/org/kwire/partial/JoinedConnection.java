package org.kwire.partial;

import org.kwire.stream.GapCause;

import org.kwire.tcp.ForwardingStreamHandler;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.ResumedTcp;
import org.kwire.tcp.TcpStreamHandler;

import java.nio.ByteBuffer;

/**
 * One connection being joined across file boundaries by {@link Stitcher}: its handler's endpoint A and the client (null
 * until known), and per direction of the handler the TCP sequence number of the next byte (-1: unknown) and the stream
 * offset of that byte in the connection (bytes and gaps since its first byte, as one analysis counts the offsets of
 * its notes). Where edges carry their {@link TcpFacts}, a head's segments are reassembled again by TCP's own rules
 * ({@link ResumedTcp}), started from the state the tail's reassembly was in at the end of its slice. Not thread-safe:
 * one per replayed connection.
 */
final class JoinedConnection {
    final String a;
    String client;
    final long[] next = {-1, -1};
    final long[] offset;
    /** Where the handler's offsets start in the connection (its notes are moved by that). */
    final long[] start;
    /** The joined connection's reassembly, once a tail's state or a head's segments were fed; else null. */
    private ResumedTcp tcp;

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

    /** The handler's stream offset of connection offset {@code offset} of direction client to broker ({@code toBroker}) or back. */
    long local(long offset, boolean toBroker) {
        return offset - shift(toBroker);
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
        if (e.tcp() != null && !e.tcp().segments().isEmpty()) {
            reassemble(handler, e, frameOffset);
            return;
        }
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
                        handler.onGap(side == 0, delta, GapCause.MISSING_SEGMENTS, packet);
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

    /**
     * After a tail's pieces were fed: the joined reassembly starts where the tail's slice's reassembly stopped (its
     * held segments, next sequence number, highest acknowledgment), if the tail carries that state.
     */
    void resume(TcpStreamHandler handler, Boundary.Edge t, long frameOffset) {
        if (t.tcp() == null || t.tcp().ends().isEmpty()) {
            return;
        }
        tcp = new ResumedTcp(counted(handler), ReassemblyLimits.DEFAULT_MAX_HELD);
        boolean flip = !t.a().equals(a);
        for (int edgeSide = 0; edgeSide < 2; edgeSide++) {
            org.kwire.tcp.HalfState st = t.tcp().ends().get(edgeSide);
            if (st != null) {
                int side = flip ? 1 - edgeSide : edgeSide;
                tcp.resume(side == 0, st, frameOffset);
                next[side] = st.nextSeq();
            }
        }
    }

    /** A head's segments through the joined reassembly (a fresh one if nothing went before). */
    private void reassemble(TcpStreamHandler handler, Boundary.Edge h, long frameOffset) {
        if (tcp == null) {
            tcp = new ResumedTcp(counted(handler), ReassemblyLimits.DEFAULT_MAX_HELD);
        }
        boolean flip = !h.a().equals(a);
        org.kwire.net.Endpoint ea = Stitcher.endpoint(h.a());
        org.kwire.net.Endpoint eb = Stitcher.endpoint(h.b());
        for (TcpFacts.Segment g : h.tcp().segments()) {
            org.kwire.net.TcpSegment s = g.fromA() ? g.segment(ea, eb, frameOffset + g.packet())
                    : g.segment(eb, ea, frameOffset + g.packet());
            tcp.segment(g.fromA() != flip, s);
        }
        Piece last = h.pieces().isEmpty() ? null : h.pieces().get(h.pieces().size() - 1);
        if (!h.through() && last != null && last.kind().equals("end")) {
            tcp.end(frameOffset + last.packet()); // ended in its slice otherwise than by its segments (idle)
        }
    }

    /** Ends the connection at {@code packet} (the end of all input): its reassembly's end, then the handler's. */
    void end(TcpStreamHandler handler, long packet) {
        if (tcp != null) {
            tcp.end(packet);
        } else {
            handler.onEnd(packet);
        }
    }

    /** {@code handler}, with the sequence numbers and offsets of what the reassembly hands it followed. */
    private TcpStreamHandler counted(TcpStreamHandler handler) {
        return new ForwardingStreamHandler(handler) {
            @Override
            public void onSequence(boolean fromA, long seq) {
                next[fromA ? 0 : 1] = seq;
                super.onSequence(fromA, seq);
            }

            @Override
            public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
                moved(fromA, data.remaining());
                super.onData(fromA, data, timestampNanos, packet);
            }

            @Override
            public void onData(boolean fromA, ByteBuffer buffer, int offset, int length, long timestampNanos, long packet) {
                moved(fromA, length);
                super.onData(fromA, buffer, offset, length, timestampNanos, packet);
            }

            @Override
            public void onGap(boolean fromA, long bytes, GapCause cause, long packet) {
                moved(fromA, bytes);
                super.onGap(fromA, bytes, cause, packet);
            }
        };
    }

    private void moved(boolean fromA, long bytes) {
        int side = fromA ? 0 : 1;
        offset[side] += bytes;
        if (next[side] >= 0) {
            next[side] = (next[side] + bytes) & 0xffffffffL;
        }
    }
}
