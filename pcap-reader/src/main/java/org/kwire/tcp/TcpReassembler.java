package org.kwire.tcp;

import org.kwire.net.Endpoint;
import org.kwire.net.TcpSegment;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Per-connection, per-direction TCP reassembly (RFC 9293 sequence space) into ordered byte streams ({@link HalfStream}).
 * A connection is a 4-tuple from its SYN (or first packet) until RST, FIN from both sides, a new SYN on the same
 * 4-tuple once data or a FIN was seen or with another initial sequence number (port reuse: a new connection starts),
 * {@link ReassemblyLimits#idleTimeoutNanos()} of capture time without a packet, or {@link #end}. A connection can also
 * be {@link #shed}: its analysis dropped on purpose (a live capture whose analysis fell behind). Memory is bounded by
 * {@link ReassemblyLimits}. Not thread-safe: feed it from one thread.
 */
public final class TcpReassembler {

    private final Function<TcpConnection, TcpStreamHandler> handlers;
    private final ReassemblyLimits limits;
    /** Open connections, least recently active first; each entry's time is its last packet's. */
    private final OrderedTuples<State> open = new OrderedTuples<>();
    /** 4-tuples whose connection closed, oldest first, with the capture time it closed. */
    private final OrderedTuples<Void> closed = new OrderedTuples<>();
    /** 4-tuples whose connection was shed, least recently active first, with the capture time of their last packet. */
    private final OrderedTuples<Void> shed = new OrderedTuples<>();
    /** The 4-tuple of the segment at hand (set for each segment, never stored). */
    private final FourTuple probe = new FourTuple();
    private long shedConnections;
    private long shedSegments;
    private int streams;
    private long retransmissions;
    private long idleEnded;

    private final class State {
        final TcpConnection connection;
        final TcpStreamHandler handler;
        final HalfStream fromA;
        final HalfStream fromB;
        /** True if endpoint A is the lower endpoint of the connection's {@link FourTuple}. */
        final boolean aIsLow;
        boolean finA;
        boolean finB;

        State(TcpConnection c, boolean aIsLow) {
            connection = c;
            this.aIsLow = aIsLow;
            handler = Objects.requireNonNull(handlers.apply(c), "handler");
            fromA = new HalfStream(true, handler, limits.maxHeldBytes());
            fromB = new HalfStream(false, handler, limits.maxHeldBytes());
        }

        /** True if a segment whose source is (or is not) the lower endpoint was sent by A. */
        boolean fromA(boolean srcLow) {
            return srcLow == aIsLow || probe.sameEnds();
        }

        void end(long packet) {
            fromA.end(packet);
            fromB.end(packet);
            retransmissions += fromA.retransmissions() + fromB.retransmissions();
            handler.onEnd(packet);
        }
    }

    /**
     * @param handlers creates the handler of each new connection
     * @param limits   memory bounds
     */
    public TcpReassembler(Function<TcpConnection, TcpStreamHandler> handlers, ReassemblyLimits limits) {
        this.handlers = handlers;
        this.limits = limits;
    }

    /** Connections seen so far. */
    public int connections() {
        return streams;
    }

    /** Connections open now. */
    public int openConnections() {
        return open.size();
    }

    /** Connections ended because they were idle longer than the limit. */
    public long idleEnded() {
        return idleEnded;
    }

    /** Retransmitted segments (or parts) dropped, counted when their connection ends. */
    public long retransmissions() {
        return retransmissions;
    }

    /** Connections whose analysis was {@link #shed}. */
    public long shedConnections() {
        return shedConnections;
    }

    /** Segments not analyzed because their connection was {@link #shed}. */
    public long shedSegments() {
        return shedSegments;
    }

    /**
     * Drops the analysis of the segment's connection (a live capture that fell behind): its handler is told
     * ({@link TcpStreamHandler#onShed}) instead of seeing the rest of its streams, and this and later segments of the
     * 4-tuple are dropped, counted, until a SYN starts a new connection on it or it is idle for the idle timeout.
     */
    public void shed(TcpSegment s) {
        long now = s.packet().timestampNanos();
        endIdle(now, s.packet().number());
        probe.set(s);
        shedSegments++;
        OrderedTuples.Entry<Void> known = shed.get(probe);
        if (known != null) {
            known.nanos = now;
            shed.moveToEnd(known);
            return;
        }
        shed.add(probe, null, now);
        shedConnections++;
        OrderedTuples.Entry<State> e = open.remove(probe);
        if (e != null) {
            State st = e.value;
            retransmissions += st.fromA.retransmissions() + st.fromB.retransmissions();
            st.handler.onShed(s.packet().number());
        }
        if (shed.size() > limits.maxClosed()) {
            shed.remove(shed.first());
        }
    }

    /** Feeds one segment, in capture order (a decoder's view may be reused once this returns). */
    public void accept(TcpSegment s) {
        long now = s.packet().timestampNanos();
        long packet = s.packet().number();
        endIdle(now, packet);
        boolean srcLow = probe.set(s);
        boolean synOnly = s.has(TcpSegment.SYN) && !s.has(TcpSegment.ACK);
        if (!shed.isEmpty()) {
            OrderedTuples.Entry<Void> dropped = shed.get(probe);
            if (dropped != null) {
                if (!synOnly) {
                    dropped.nanos = now;
                    shed.moveToEnd(dropped);
                    shedSegments++;
                    return;
                }
                shed.remove(dropped); // a new connection on the 4-tuple: analyzed again
            }
        }
        OrderedTuples.Entry<State> e = open.get(probe);
        if (e != null && synOnly && isReuse(e.value, s, srcLow)) {
            e.value.end(packet);
            open.remove(e);
            e = null;
        }
        if (e == null) {
            if (!s.has(TcpSegment.SYN) && closed.get(probe) != null) {
                return; // the last ACK, FIN or retransmission of a connection that already ended
            }
            closed.remove(probe);
            boolean syn = s.has(TcpSegment.SYN);
            boolean fromResponder = syn && s.has(TcpSegment.ACK); // SYN+ACK: the sender is the server
            Endpoint a = fromResponder ? s.dst() : s.src();
            Endpoint b = fromResponder ? s.src() : s.dst();
            e = open.add(probe, new State(new TcpConnection(streams++, a, b, syn), fromResponder != srcLow), now);
        } else {
            open.moveToEnd(e);
            e.nanos = now;
        }
        State st = e.value;
        boolean fromA = st.fromA(srcLow);
        HalfStream self = fromA ? st.fromA : st.fromB;
        HalfStream peer = fromA ? st.fromB : st.fromA;
        st.handler.onSegment(fromA, s);
        if (s.has(TcpSegment.ACK)) {
            peer.acknowledged(s.ack(), packet);
        }
        self.segment(s);
        if (s.has(TcpSegment.FIN)) {
            st.finA |= fromA;
            st.finB |= !fromA;
        }
        if (s.has(TcpSegment.RST) || (st.finA && st.finB)) {
            st.end(packet);
            open.remove(e);
            OrderedTuples.Entry<Void> c = closed.get(probe);
            if (c != null) {
                c.nanos = now;
            } else {
                closed.add(probe, null, now);
            }
            if (closed.size() > limits.maxClosed()) {
                closed.remove(closed.first());
            }
        }
    }

    /** A SYN on an open 4-tuple starts a new connection if the old one carried data or a FIN, or had another ISN. */
    private static boolean isReuse(State st, TcpSegment syn, boolean srcLow) {
        HalfStream initiator = st.fromA(srcLow) ? st.fromA : st.fromB;
        return st.finA || st.finB || st.fromA.hasData() || st.fromB.hasData()
                || (initiator.isn() >= 0 && initiator.isn() != syn.seq());
    }

    /** Ends connections idle for longer than the limit and forgets closed 4-tuples as old. */
    private void endIdle(long now, long packet) {
        long limit = now - limits.idleTimeoutNanos();
        for (OrderedTuples.Entry<State> e; (e = open.first()) != null && e.nanos < limit; ) {
            open.remove(e);
            idleEnded++;
            e.value.end(packet);
        }
        for (OrderedTuples.Entry<Void> e; (e = closed.first()) != null && e.nanos < limit; ) {
            closed.remove(e);
        }
        for (OrderedTuples.Entry<Void> e; (e = shed.first()) != null && e.nanos < limit; ) {
            shed.remove(e);
        }
    }

    /** Ends every open connection (end of capture), in stream order. */
    public void end(long lastPacket) {
        List<State> states = open.values();
        states.sort((x, y) -> Integer.compare(x.connection.stream(), y.connection.stream()));
        for (State st : states) {
            HalfState a = st.fromA.snapshot();
            HalfState b = st.fromB.snapshot();
            if (a != null) {
                st.handler.onEndState(true, a);
            }
            if (b != null) {
                st.handler.onEndState(false, b);
            }
            st.end(lastPacket);
        }
        open.clear();
        closed.clear();
    }
}
