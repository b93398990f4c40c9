package org.kwire.tcp;

import java.util.Objects;

/** One connection {@link TcpReassembler} follows: its handler and its two directions, from its first packet to its end. */
final class State {
    final TcpConnection connection;
    final TcpStreamHandler handler;
    final HalfStream fromA;
    final HalfStream fromB;
    /** True if endpoint A is the lower endpoint of the connection's {@link FourTuple}. */
    final boolean aIsLow;
    boolean finA;
    boolean finB;
    /** Capture frame number of the FIN or RST that closed it, once it did. */
    long closedAt = -1;
    /** Set once payload came after it closed that had no place in it. */
    AfterClose.Ended late;

    State(TcpConnection c, boolean aIsLow, java.util.function.Function<TcpConnection, TcpStreamHandler> handlers,
          long maxHeldBytes) {
        connection = c;
        this.aIsLow = aIsLow;
        handler = Objects.requireNonNull(handlers.apply(c), "handler");
        fromA = new HalfStream(true, handler, maxHeldBytes);
        fromB = new HalfStream(false, handler, maxHeldBytes);
    }

    /** True if a segment whose source is (or is not) the lower endpoint was sent by A (both, if the ends are one). */
    boolean fromA(boolean srcLow, boolean sameEnds) {
        return srcLow == aIsLow || sameEnds;
    }

    /** True once no more bytes can belong to either direction. */
    boolean complete() {
        return fromA.complete() && fromB.complete();
    }

    /** What the connection leaves behind once ended, for the segments that still come on its 4-tuple. */
    AfterClose.Ended ended() {
        AfterClose.Ended e = new AfterClose.Ended(connection, aIsLow, fromA.span(), fromB.span());
        e.late = late != null;
        return e;
    }

    /** Ends both directions and the handler; returns the retransmissions dropped. */
    long end(long packet) {
        fromA.end(packet);
        fromB.end(packet);
        handler.onEnd(packet);
        return fromA.retransmissions() + fromB.retransmissions();
    }
}
