package org.kwire.tcp;

import org.kwire.net.Endpoint;
import org.kwire.net.TcpSegment;

import java.util.List;
import java.util.function.Function;

/**
 * Per-connection, per-direction TCP reassembly (RFC 9293 sequence space) into ordered byte streams ({@link HalfStream}).
 * A connection is a 4-tuple from its SYN (or first packet) until RST, FIN from both sides, a new SYN on the same
 * 4-tuple once data or a FIN was seen or with another initial sequence number (port reuse: a new connection starts),
 * {@link ReassemblyLimits#idleTimeoutNanos()} of capture time without a packet, or {@link #end}. A connection that closes
 * while bytes may still come for it (a hole before a FIN, a RST's peer with data in flight) is ended only once they
 * came, or after {@link #LINGER_NANOS} of capture time (its handler's end then names the packet that closed it); payload
 * that comes for an ended connection and has no place in it is counted and told ({@link DataAfterClose}), never
 * dropped silently. A connection can also
 * be {@link #shed}: its analysis dropped on purpose (a live capture whose analysis fell behind). Memory is bounded by
 * {@link ReassemblyLimits}. Not thread-safe: feed it from one thread.
 */
public final class TcpReassembler {

    /**
     * Capture time a connection that closed with bytes still possibly in flight waits for them (or less, with a
     * shorter idle timeout); a reordered capture or a response sent before the RST arrived comes well within it.
     */
    static final long LINGER_NANOS = 10_000_000_000L;
    /** Connections waiting so at most; past it the oldest ends. */
    static final int MAX_CLOSING = 4096;

    private final Function<TcpConnection, TcpStreamHandler> handlers;
    private final ReassemblyLimits limits;
    /** Open connections, least recently active first; each entry's time is its last packet's. */
    private final OrderedTuples<State> open = new OrderedTuples<>();
    /**
     * Connections that closed while bytes could still come for them (a hole before a FIN, or a RST's peer with data in
     * flight), oldest close first, with the capture time they closed: their handlers are not ended yet.
     */
    private final OrderedTuples<State> closing = new OrderedTuples<>();
    /** 4-tuples whose connection ended, oldest first, with the capture time it ended, and the payload after. */
    private final AfterClose closed;
    /** 4-tuples whose connection was shed, least recently active first, with the capture time of their last packet. */
    private final OrderedTuples<Void> shed = new OrderedTuples<>();
    /** The 4-tuple of the segment at hand (set for each segment, never stored). */
    private final FourTuple probe = new FourTuple();
    private long shedConnections;
    private long shedSegments;
    private int streams;
    private long retransmissions;
    private long idleEnded;

    /**
     * @param handlers creates the handler of each new connection
     * @param limits   memory bounds
     */
    public TcpReassembler(Function<TcpConnection, TcpStreamHandler> handlers, ReassemblyLimits limits) {
        this(handlers, limits, DataAfterClose.NONE);
    }

    /**
     * @param handlers   creates the handler of each new connection
     * @param limits     memory bounds
     * @param afterClose told of the payload that came after its connection ended and could not be placed
     */
    public TcpReassembler(Function<TcpConnection, TcpStreamHandler> handlers, ReassemblyLimits limits,
                          DataAfterClose afterClose) {
        this.handlers = handlers;
        this.limits = limits;
        this.closed = new AfterClose(limits.maxClosed(), afterClose);
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

    /** The payload that came after its connection ended and had no place in it: not analyzed ({@link DataAfterClose}). */
    public DataAfterClose.Counts dataAfterClose() {
        return closed.counts();
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
        if (e == null) {
            e = closing.remove(probe);
        }
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
            retransmissions += e.value.end(packet);
            open.remove(e);
            e = null;
        }
        if (e == null && !closing.isEmpty()) {
            OrderedTuples.Entry<State> c = closing.get(probe);
            if (c != null && !s.has(TcpSegment.SYN)) {
                linger(c, s, srcLow);
                return;
            }
            if (c != null) { // a new connection on the 4-tuple: the old one is over
                finish(c);
            }
        }
        if (e == null) {
            if (!s.has(TcpSegment.SYN)) {
                AfterClose.Ended ended = closed.get(probe);
                if (ended != null) { // the last ACK, FIN or retransmission of a connection that already ended
                    if (s.wireLength() > 0 && closed.retransmitted(ended, s, srcLow, probe.sameEnds())) {
                        retransmissions++;
                    }
                    return;
                }
            }
            closed.forget(probe);
            boolean syn = s.has(TcpSegment.SYN);
            boolean fromResponder = syn && s.has(TcpSegment.ACK); // SYN+ACK: the sender is the server
            Endpoint a = fromResponder ? s.dst() : s.src();
            Endpoint b = fromResponder ? s.src() : s.dst();
            e = open.add(probe, new State(new TcpConnection(streams++, a, b, syn), fromResponder != srcLow, handlers,
                    limits.maxHeldBytes()), now);
        } else {
            open.moveToEnd(e);
            e.nanos = now;
        }
        State st = e.value;
        boolean fromA = st.fromA(srcLow, probe.sameEnds());
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
        if (s.has(TcpSegment.RST)) {
            self.reset(s);
        }
        if (s.has(TcpSegment.RST) || (st.finA && st.finB)) {
            open.remove(e);
            st.closedAt = packet;
            if (st.complete()) {
                retransmissions += st.end(packet);
                closed.add(probe, st.ended(), now);
            } else { // bytes may still come: a hole before a FIN, or a RST's peer with data in flight
                closing.add(probe, st, now);
                if (closing.size() > MAX_CLOSING) {
                    finish(closing.first());
                }
            }
        }
    }

    /**
     * A segment for a connection that closed while bytes could still come: what it carries within the connection's
     * sequence space is reassembled as if it were open (Wireshark does too), the rest is counted as data after close;
     * once nothing more can come, the connection ends.
     */
    private void linger(OrderedTuples.Entry<State> c, TcpSegment s, boolean srcLow) {
        State st = c.value;
        boolean fromA = st.fromA(srcLow, probe.sameEnds());
        HalfStream self = fromA ? st.fromA : st.fromB;
        HalfStream peer = fromA ? st.fromB : st.fromA;
        if (s.wireLength() > 0 && !self.placeable(s)) {
            if (st.late == null) {
                st.late = st.ended();
            }
            closed.late(st.late, fromA, s, self.offset(s));
            return;
        }
        if (s.has(TcpSegment.ACK)) {
            peer.acknowledged(s.ack(), s.packet().number());
        }
        self.segment(s);
        if (s.has(TcpSegment.RST)) {
            self.reset(s);
        }
        if (st.complete()) {
            finish(c);
        }
    }

    /** Ends a connection that closed earlier, at the packet that closed it. */
    private void finish(OrderedTuples.Entry<State> c) {
        closing.remove(c);
        State st = c.value;
        retransmissions += st.end(st.closedAt);
        closed.add(c.key, st.ended(), c.nanos);
    }

    /** A SYN on an open 4-tuple starts a new connection if the old one carried data or a FIN, or had another ISN. */
    private boolean isReuse(State st, TcpSegment syn, boolean srcLow) {
        HalfStream initiator = st.fromA(srcLow, probe.sameEnds()) ? st.fromA : st.fromB;
        return st.finA || st.finB || st.fromA.hasData() || st.fromB.hasData()
                || (initiator.isn() >= 0 && initiator.isn() != syn.seq());
    }

    /** Ends connections idle for longer than the limit and forgets closed 4-tuples as old. */
    private void endIdle(long now, long packet) {
        long limit = now - limits.idleTimeoutNanos();
        for (OrderedTuples.Entry<State> e; (e = open.first()) != null && e.nanos < limit; ) {
            open.remove(e);
            idleEnded++;
            retransmissions += e.value.end(packet);
        }
        long lingered = now - Math.min(LINGER_NANOS, limits.idleTimeoutNanos());
        for (OrderedTuples.Entry<State> e; (e = closing.first()) != null && e.nanos < lingered; ) {
            finish(e);
        }
        closed.forgetBefore(limit);
        for (OrderedTuples.Entry<Void> e; (e = shed.first()) != null && e.nanos < limit; ) {
            shed.remove(e);
        }
    }

    /**
     * Ends now the connections that closed (RST, FINs) and still wait for bytes in flight: at the end of the input
     * nothing more comes, and each ends at the packet that closed it. {@link #end} does this first; a caller that
     * must tell connections closed in the input from those the input's end cuts ({@code org.kwire.partial}) calls
     * it before.
     */
    public void endClosed() {
        while (!closing.isEmpty()) {
            finish(closing.first());
        }
    }

    /** Ends every open connection (end of capture), in stream order. */
    public void end(long lastPacket) {
        endClosed();
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
            retransmissions += st.end(lastPacket);
        }
        open.clear();
        closed.clear();
    }
}
