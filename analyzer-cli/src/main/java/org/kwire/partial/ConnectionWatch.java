package org.kwire.partial;

import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link BoundaryRecorder} knows of one TCP connection of a slice: whether its events are left out (a head), pass
 * (live) or pass with nothing kept (let go), and the stream stage's input kept since it was last at rest.
 */
final class ConnectionWatch {

    /** HEAD: seen without its SYN, not yet at rest after an exchange of its own; LIVE: counted; LOOSE: let go. */
    enum Mode { HEAD, LIVE, LOOSE }

    final TcpConnection tcp;
    Mode mode;
    final boolean synSeen;
    /** True if A is the Kafka client, false if B is, null until the connection is found to be Kafka. */
    Boolean clientIsA;
    boolean kafka;
    /** A response matched a request of this slice. */
    boolean matched;
    /** It came to rest at least once (a tail's pieces do not go back to its start). */
    boolean rested;
    /** It ended before the slice's input did. */
    boolean ended;
    /** Pieces of the head (HEAD), or since the last rest (LIVE). */
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
    /** Bytes {@link #pieces} hold, about. */
    long weight;
    /** The head's pieces, once it came to rest. */
    List<Piece> head;

    ConnectionWatch(TcpConnection tcp) {
        this.tcp = tcp;
        this.synSeen = tcp.synSeen();
        this.mode = tcp.synSeen() ? Mode.LIVE : Mode.HEAD;
    }

    /** After an event of the stream stage {@code h}: at rest, a head ends (after an exchange of its own), a tail restarts. */
    void after(TcpStreamHandler h) {
        if (mode == Mode.LOOSE || !h.atRest()) {
            return;
        }
        if (mode == Mode.HEAD) {
            if (!matched) {
                return;
            }
            head = List.copyOf(pieces);
            mode = Mode.LIVE;
        }
        rested = true;
        pieces.clear();
        weight = 0;
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
                null);
    }
}
