package org.kwire.tcp;

import org.kwire.net.Endpoint;
import org.kwire.net.TcpSegment;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
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
    /** Open connections, least recently active first. */
    private final LinkedHashMap<Key, State> open = new LinkedHashMap<>(64, 0.75f, true);
    /** 4-tuples whose connection closed, oldest first, with the capture time it closed. */
    private final LinkedHashMap<Key, Long> closed = new LinkedHashMap<>();
    /** 4-tuples whose connection was shed, least recently active first, with the capture time of their last packet. */
    private final LinkedHashMap<Key, Long> shed = new LinkedHashMap<>(16, 0.75f, true);
    private long shedConnections;
    private long shedSegments;
    private int streams;
    private long retransmissions;
    private long idleEnded;

    private record Key(Endpoint low, Endpoint high) {
        static Key of(Endpoint x, Endpoint y) {
            return x.compareTo(y) <= 0 ? new Key(x, y) : new Key(y, x);
        }
    }

    private final class State {
        final TcpConnection connection;
        final TcpStreamHandler handler;
        final HalfStream fromA;
        final HalfStream fromB;
        boolean finA;
        boolean finB;
        long lastNanos;

        State(TcpConnection c) {
            connection = c;
            handler = Objects.requireNonNull(handlers.apply(c), "handler");
            fromA = new HalfStream(true, handler, limits.maxHeldBytes());
            fromB = new HalfStream(false, handler, limits.maxHeldBytes());
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
        Key key = Key.of(s.src(), s.dst());
        shedSegments++;
        if (shed.put(key, now) != null) {
            return;
        }
        shedConnections++;
        State st = open.remove(key);
        if (st != null) {
            retransmissions += st.fromA.retransmissions() + st.fromB.retransmissions();
            st.handler.onShed(s.packet().number());
        }
        if (shed.size() > limits.maxClosed()) {
            shed.remove(shed.keySet().iterator().next());
        }
    }

    /** Feeds one segment, in capture order. */
    public void accept(TcpSegment s) {
        long now = s.packet().timestampNanos();
        long packet = s.packet().number();
        endIdle(now, packet);
        Key key = Key.of(s.src(), s.dst());
        boolean synOnly = s.has(TcpSegment.SYN) && !s.has(TcpSegment.ACK);
        if (!shed.isEmpty() && shed.containsKey(key)) {
            if (!synOnly) {
                shed.put(key, now);
                shedSegments++;
                return;
            }
            shed.remove(key); // a new connection on the 4-tuple: analyzed again
        }
        State st = open.get(key);
        if (st != null && synOnly && isReuse(st, s)) {
            st.end(packet);
            open.remove(key);
            st = null;
        }
        if (st == null) {
            if (!s.has(TcpSegment.SYN) && closed.containsKey(key)) {
                return; // the last ACK, FIN or retransmission of a connection that already ended
            }
            closed.remove(key);
            boolean syn = s.has(TcpSegment.SYN);
            boolean fromResponder = syn && s.has(TcpSegment.ACK); // SYN+ACK: the sender is the server
            Endpoint a = fromResponder ? s.dst() : s.src();
            Endpoint b = fromResponder ? s.src() : s.dst();
            st = new State(new TcpConnection(streams++, a, b, syn));
            open.put(key, st);
        }
        st.lastNanos = now;
        boolean fromA = st.connection.a().equals(s.src());
        HalfStream self = fromA ? st.fromA : st.fromB;
        HalfStream peer = fromA ? st.fromB : st.fromA;
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
            open.remove(key);
            closed.put(key, now);
            if (closed.size() > limits.maxClosed()) {
                closed.remove(closed.keySet().iterator().next());
            }
        }
    }

    /** A SYN on an open 4-tuple starts a new connection if the old one carried data or a FIN, or had another ISN. */
    private static boolean isReuse(State st, TcpSegment syn) {
        HalfStream initiator = st.connection.a().equals(syn.src()) ? st.fromA : st.fromB;
        return st.finA || st.finB || st.fromA.hasData() || st.fromB.hasData()
                || (initiator.isn() >= 0 && initiator.isn() != syn.seq());
    }

    /** Ends connections idle for longer than the limit and forgets closed 4-tuples as old. */
    private void endIdle(long now, long packet) {
        long limit = now - limits.idleTimeoutNanos();
        for (Iterator<State> it = open.values().iterator(); it.hasNext(); ) {
            State st = it.next();
            if (st.lastNanos >= limit) {
                break;
            }
            it.remove();
            idleEnded++;
            st.end(packet);
        }
        for (Iterator<Long> it = closed.values().iterator(); it.hasNext() && it.next() < limit; ) {
            it.remove();
        }
        for (Iterator<Long> it = shed.values().iterator(); it.hasNext() && it.next() < limit; ) {
            it.remove();
        }
    }

    /** Ends every open connection (end of capture), in stream order. */
    public void end(long lastPacket) {
        List<State> states = new ArrayList<>(open.values());
        states.sort((x, y) -> Integer.compare(x.connection.stream(), y.connection.stream()));
        for (State st : states) {
            st.end(lastPacket);
        }
        open.clear();
        closed.clear();
    }
}
