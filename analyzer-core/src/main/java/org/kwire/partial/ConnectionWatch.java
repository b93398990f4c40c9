package org.kwire.partial;

import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link BoundaryRecorder} knows of one TCP connection of a slice: whether its events are left out (a head), pass
 * (live) or pass with nothing kept (let go), and the stream stage's input kept from where the stage could last be
 * resumed (per direction, {@link #from}).
 */
final class ConnectionWatch {

    /** HEAD: seen without its SYN, no response to a request of its own begun yet; LIVE: counted; LOOSE: let go. */
    enum Mode { HEAD, LIVE, LOOSE }

    final TcpConnection tcp;
    Mode mode;
    final boolean synSeen;
    /** True if A is the Kafka client, false if B is, null until the connection is found to be Kafka. */
    Boolean clientIsA;
    boolean kafka;
    /** A response matched a request of this slice. */
    boolean matched;
    /** It could be resumed at least once (a tail's pieces do not go back to its start, but to that point). */
    boolean rested;
    /** It ended before the slice's input did. */
    boolean ended;
    /** Pieces of the head (HEAD), or from where the stage could last be resumed (LIVE). */
    final List<Piece> pieces = new ArrayList<>();
    /** Per direction (A, B): the sequence number of the next data byte, -1 until known. */
    final long[] next = {-1, -1};
    /** Per direction (A, B): the TCP sequence number of the first byte the slice handed on, -1 until known. */
    final long[] first = {-1, -1};
    /**
     * Per direction (A, B): the stream stage's offset after the last byte or gap handed on before the input ended
     * (the offsets its notes give count from the slice's first byte).
     */
    final long[] received = {0, 0};
    /** Per direction (A, B): the stream offset of the first byte {@link #pieces} hold (bytes and gaps before). */
    final long[] from = {0, 0};
    /** Bytes {@link #pieces} hold, about. */
    long weight;
    /** The connection's handler, as last seen ({@link #after}): for the APIs its conversation saw at the end. */
    TcpStreamHandler handler;
    /** The head's pieces, once it ended. */
    List<Piece> head;

    ConnectionWatch(TcpConnection tcp) {
        this.tcp = tcp;
        this.synSeen = tcp.synSeen();
        this.mode = tcp.synSeen() ? Mode.LIVE : Mode.HEAD;
    }

    /**
     * After an event of the stream stage {@code h}. A head ends once a response to a request of this slice started
     * (Kafka answers in order: whatever the previous file left pending is answered) where the stage could be resumed;
     * requests of this slice may still be pending and frames in progress (the slice's own analysis goes on with them,
     * exactly as one analysis of the files together: same frame boundaries, same requests pending). Wherever
     * the stage could be resumed ({@link TcpStreamHandler#resumeOffsets()}: the frame in progress of each direction,
     * the oldest pending request's for the client's), the pieces before that point are dropped: a tail holds the
     * bytes from there.
     */
    void after(TcpStreamHandler h) {
        handler = h;
        if (mode == Mode.LOOSE) {
            return;
        }
        long[] at = h.resumeOffsets();
        if (mode == Mode.HEAD) {
            if (at == null || !matched && !h.answering()) {
                return;
            }
            head = List.copyOf(pieces);
            mode = Mode.LIVE;
        }
        if (at != null && at[0] >= from[0] && at[1] >= from[1]) {
            trim(at);
            rested = true;
        }
    }

    /** Drops the pieces before stream offsets {@code at} (per direction, A and B): they start there from now on. */
    private void trim(long[] at) {
        if (at[0] == from[0] && at[1] == from[1]) {
            return;
        }
        long[] offset = from.clone();
        List<Piece> kept = new ArrayList<>(pieces.size());
        weight = 0;
        for (Piece p : pieces) {
            int side = p.fromA() ? 0 : 1;
            long length = p.kind().equals("data") ? p.data().length : p.kind().equals("gap") ? p.bytes() : 0;
            long start = offset[side];
            offset[side] += length;
            if (start + length <= at[side] && (length > 0 || start < at[side])) {
                continue; // wholly before the point (an event without bytes: at it, or before)
            }
            if (start < at[side] && p.kind().equals("data")) {
                p = p.skip((int) (at[side] - start));
            } else if (start < at[side]) {
                p = Piece.event(p.kind(), p.fromA(), p.packet(), start + length - at[side], p.text());
            }
            kept.add(p);
            weight += p.weight();
        }
        pieces.clear();
        pieces.addAll(kept);
        from[0] = at[0];
        from[1] = at[1];
    }

    /**
     * Drops every piece of direction {@code side} (0: A's, 1: B's), all before stream offset {@code at}, from where the
     * direction's pieces start from now on: what {@link #trim} does on that direction when the stage could be resumed
     * at {@code at}, inside or at the end of bytes it just took (which are then kept from there only).
     */
    void dropBefore(int side, long at) {
        weight = 0;
        pieces.removeIf(p -> (p.fromA() ? 0 : 1) == side);
        pieces.forEach(p -> weight += p.weight());
        from[side] = at;
    }

    /** The next byte of direction {@code side} (0: A's, 1: B's) has TCP sequence number {@code seq}. */
    void sequence(int side, long seq) {
        if (first[side] < 0) {
            first[side] = seq;
        }
        next[side] = seq;
    }

    /** {@code bytes} more of direction {@code side} were handed to the stage (data, or a gap). */
    void advance(int side, long bytes) {
        received[side] += bytes;
        if (next[side] >= 0) {
            next[side] = (next[side] + bytes) & 0xffffffffL;
        }
    }

    /** Lets the connection go: its events pass from now on, nothing more is kept. */
    void loose() {
        mode = Mode.LOOSE;
        pieces.clear();
        weight = 0;
    }

    Boundary.Edge edge(List<Piece> kept, boolean fromStart, boolean through) {
        return new Boundary.Edge(tcp.stream(), tcp.a().toString(), tcp.b().toString(), synSeen, clientIsA, fromStart,
                through, List.of(next[0], next[1]), List.of(first[0], first[1]), List.of(received[0], received[1]), kept,
                null, null, null);
    }

    /** The APIs the connection's conversation saw in the slice (a tail's, for the merge's joined conversation). */
    List<Long> apis() {
        long[] a = handler == null ? new long[0] : handler.apisSeen();
        return a.length == 0 ? null : java.util.Arrays.stream(a).boxed().toList();
    }
}
