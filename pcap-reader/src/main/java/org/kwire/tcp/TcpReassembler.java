package org.kwire.tcp;

import org.kwire.net.Endpoint;
import org.kwire.net.TcpSegment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Per-connection, per-direction TCP reassembly (RFC 9293 sequence space) into ordered byte streams. Out-of-order
 * segments are held until they fit, exact and partial retransmissions are dropped (the first copy wins), data the
 * capture missed becomes a gap of known size. A connection ends on RST, on FIN from both sides, when a new SYN reuses
 * its 4-tuple, or at {@link #end()}.
 */
public final class TcpReassembler {

    /** Default bytes held out of order per direction before the missing bytes are declared lost. */
    public static final long DEFAULT_MAX_HELD = 4L << 20;

    private final Function<TcpConnection, TcpStreamHandler> handlers;
    private final long maxHeldBytes;
    private final Map<Key, State> open = new HashMap<>();
    /** 4-tuples whose connection ended, so that their last ACKs do not open a new connection (until a new SYN). */
    private final Map<Key, Boolean> closed = new HashMap<>();
    private int streams;
    private long retransmissions;

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

        State(TcpConnection c) {
            connection = c;
            handler = Objects.requireNonNull(handlers.apply(c), "handler");
            fromA = new HalfStream(true, handler, maxHeldBytes);
            fromB = new HalfStream(false, handler, maxHeldBytes);
        }

        void end(long packet) {
            fromA.end(packet);
            fromB.end(packet);
            retransmissions += fromA.retransmissions() + fromB.retransmissions();
            handler.onEnd(packet);
        }
    }

    /**
     * @param handlers     creates the handler of each new connection
     * @param maxHeldBytes bytes held out of order per direction before declaring a gap
     */
    public TcpReassembler(Function<TcpConnection, TcpStreamHandler> handlers, long maxHeldBytes) {
        this.handlers = handlers;
        this.maxHeldBytes = maxHeldBytes;
    }

    /** Connections seen so far. */
    public int connections() {
        return streams;
    }

    /** Retransmitted segments dropped (counted when their connection ends). */
    public long retransmissions() {
        return retransmissions;
    }

    /** Feeds one segment, in capture order. */
    public void accept(TcpSegment s) {
        Key key = Key.of(s.src(), s.dst());
        State st = open.get(key);
        boolean synOnly = s.has(TcpSegment.SYN) && !s.has(TcpSegment.ACK);
        if (st != null && synOnly && (st.finA || st.finB || st.fromA.hasData())) {
            // a new handshake on a 4-tuple in use: port reuse
            st.end(s.packet().number());
            open.remove(key);
            st = null;
        }
        if (st == null) {
            if (!s.has(TcpSegment.SYN) && s.wireLength() == 0 && closed.containsKey(key)) {
                return; // the last ACK or FIN of a connection that already ended
            }
            closed.remove(key);
            boolean syn = s.has(TcpSegment.SYN);
            boolean fromResponder = syn && s.has(TcpSegment.ACK); // SYN+ACK: the sender is the server
            Endpoint a = fromResponder ? s.dst() : s.src();
            Endpoint b = fromResponder ? s.src() : s.dst();
            st = new State(new TcpConnection(streams++, a, b, syn));
            open.put(key, st);
        }
        boolean fromA = st.connection.a().equals(s.src());
        HalfStream self = fromA ? st.fromA : st.fromB;
        HalfStream peer = fromA ? st.fromB : st.fromA;
        if (s.has(TcpSegment.ACK)) {
            peer.acknowledged(s.ack(), s.packet().number());
        }
        self.segment(s);
        if (s.has(TcpSegment.FIN)) {
            if (fromA) {
                st.finA = true;
            } else {
                st.finB = true;
            }
        }
        if (s.has(TcpSegment.RST) || (st.finA && st.finB)) {
            st.end(s.packet().number());
            open.remove(key);
            closed.put(key, Boolean.TRUE);
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
