package org.kwire.partial;

import org.kwire.stream.GapCause;

import org.kwire.conversation.ConversationListener;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.partial.ConnectionWatch.Mode;
import org.kwire.stream.ConnectionObserver;
import org.kwire.summary.ExchangeSink;
import org.kwire.tcp.ForwardingStreamHandler;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Keeps a slice's boundary state ({@link Boundary#tail()}, {@link Boundary#head()}): what the stream stage of each TCP
 * connection received at the slice's edges, and leaves out of the slice's report what that produced, so that a merge
 * can produce it once, joined across the boundary ({@link Stitcher}).
 * <ul>
 * <li><b>Head</b>: a connection whose first packet is not a SYN may continue one of the previous file. Its pieces are
 * kept, and its conversation's events left out of the report (not of the tracker), until a response to a request of
 * this slice begins where its handler could be resumed ({@link TcpStreamHandler#resumeOffsets()}): Kafka answers in
 * order, so by then whatever the previous file left pending is answered, and from there on the slice's analysis is
 * the one of the files together.</li>
 * <li><b>Tail</b>: for a connection still open at the end, the pieces from where its handler could last be resumed:
 * per direction the frame in progress, and the client's from its oldest pending request; the events its end produces
 * (requests unmatched, frames incomplete) are left out: the merge decides whether it goes on.</li>
 * </ul>
 * A TLS connection is never at rest: its edges are kept whole ({@link TlsEdges}) and the merge decrypts a later file's
 * bytes of it with the state of the earlier file's handshake. A connection that is not Kafka is let go: its events
 * pass, nothing is kept. Memory: at most {@code cap}
 * bytes per connection; past it, the connection is let go too and counted in a {@link #warnings() warning} (where the
 * start of a head was already left out of the report, that part of it is lost to the report, and said so).
 */
public final class BoundaryRecorder {

    /** Default {@code --boundary-bytes}: bytes kept per connection at most. */
    public static final long DEFAULT_CAP = 16L << 20;
    /** Bytes after which a connection not (yet) found to be Kafka is let go: the stream stage decides within 64 KiB. */
    private static final long UNDECIDED = 160L << 10;

    private final long cap;
    private final Map<Integer, ConnectionWatch> watches = new HashMap<>();
    /** Per connection, its TCP facts below the stream stage ({@link TcpLog}). */
    private final Map<Integer, TcpLog> logs = new HashMap<>();
    /** The TLS connections, whose edges are kept whole (never at rest): {@link TlsEdges}. */
    final TlsEdges tls = new TlsEdges();
    /** The conversation events left out that the tracker has not delivered yet (by identity). */
    private final Set<Object> hidden = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
    private boolean inputEnded;
    private long overCap;
    private long lostHeads;
    private long largest;

    /** @param cap bytes kept per connection at most ({@code --boundary-bytes}) */
    public BoundaryRecorder(long cap) {
        this.cap = cap;
    }

    /** The slice's TLS key log ({@link TlsEdges#secretsFromCapture}); returns this recorder. */
    public BoundaryRecorder keyLog(org.kwire.tls.KeyLog keyLog) {
        tls.keyLog(keyLog);
        return this;
    }

    /** Watches one connection's stream stage ({@code inner}); its events pass on. */
    public TcpStreamHandler wrap(TcpConnection tcp, TcpStreamHandler inner) {
        ConnectionWatch w = new ConnectionWatch(tcp);
        watches.put(tcp.stream(), w);
        TcpStreamHandler handler = new ForwardingStreamHandler(inner) {
            @Override
            public void onSequence(boolean fromA, long seq) {
                int side = fromA ? 0 : 1;
                if (inputEnded) { // the end flushing held segments: the tail keeps the reassembly's state instead
                    super.onSequence(fromA, seq);
                    return;
                }
                w.sequence(side, seq);
                super.onSequence(fromA, seq);
            }

            @Override
            public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
                data(w, this, fromA, data, data.position(), data.remaining(), timestampNanos, packet,
                        () -> super.onData(fromA, data, timestampNanos, packet));
            }

            @Override
            public void onData(boolean fromA, ByteBuffer buffer, int offset, int length, long timestampNanos, long packet) {
                data(w, this, fromA, buffer, offset, length, timestampNanos, packet,
                        () -> super.onData(fromA, buffer, offset, length, timestampNanos, packet));
            }

            @Override
            public void onGap(boolean fromA, long bytes, GapCause cause, long packet) {
                int side = fromA ? 0 : 1;
                if (!inputEnded) { // at the input's end: a gap one analysis of the files together may not declare
                    keep(w, Piece.event("gap", fromA, packet, bytes, cause.label()));
                    w.advance(side, bytes);
                }
                super.onGap(fromA, bytes, cause, packet);
                after(w, this);
            }

            @Override
            public void onEndGap(boolean fromA, long bytes, long packet) {
                if (!inputEnded) { // at the input's end: bytes acknowledged that the next file may still bring
                    keep(w, Piece.event("end_gap", fromA, packet, bytes, null));
                }
                super.onEndGap(fromA, bytes, packet);
                after(w, this);
            }

            @Override
            public void onNote(boolean fromA, long packet, ExpertItem item, String text) {
                keep(w, Piece.note(fromA, packet, item, text));
                super.onNote(fromA, packet, item, text);
            }

            @Override
            public void onEnd(long packet) {
                if (!inputEnded) {
                    keep(w, Piece.event("end", true, packet, 0, null));
                }
                super.onEnd(packet);
                w.ended = !inputEnded;
            }

            @Override
            public void onShed(long packet) {
                w.loose();
                super.onShed(packet);
            }

            @Override
            public void onSegment(boolean fromA, org.kwire.net.TcpSegment s) {
                tls.leftHead(w, () -> logs.get(w.tcp.stream()).segment(w, fromA, s));
                super.onSegment(fromA, s);
            }

            @Override
            public void onEndState(boolean fromA, org.kwire.tcp.HalfState state) {
                logs.get(w.tcp.stream()).ends[fromA ? 0 : 1] = state;
                super.onEndState(fromA, state);
            }
        };
        logs.put(tcp.stream(), new TcpLog(handler));
        return handler;
    }

    /**
     * After an event of the stream stage {@code h}: where it could be resumed, the watch drops the pieces before (see
     * {@link ConnectionWatch#after}); never once the input ended, since what the end of the input makes of a
     * connection (gaps given up on, frames ended) is no state of one analysis of the files together.
     */
    private void after(ConnectionWatch w, TcpStreamHandler h) {
        if (!inputEnded && w.mode != Mode.HEAD) { // a head ends between segments only (TcpLog.segment)
            w.after(h);
        }
    }

    /**
     * A data event: handed on to the stage ({@code pass}), and kept. A live connection's bytes are copied only once the
     * stage has taken them and said where it could be resumed: the part before that point is never kept (most of a
     * connection's bytes, which come to rest at once, are not copied at all); a head's are kept whole.
     */
    private void data(ConnectionWatch w, TcpStreamHandler h, boolean fromA, ByteBuffer buffer, int offset, int length,
                      long timestampNanos, long packet, Runnable pass) {
        if (inputEnded) { // held segments flushed at the input's end: the tail keeps the reassembly's state instead
            pass.run();
            after(w, h);
            return;
        }
        int side = fromA ? 0 : 1;
        long start = w.received[side];
        long seq = w.next[side];
        tls.sniff(w.tcp.stream(), fromA, w.synSeen, buffer, offset, length); // TLS: kept past UNDECIDED, up to the cap
        if (w.mode != Mode.LIVE) { // a head's kept whole, before the stage sees it (over the cap, it is let go first)
            keep(w, Piece.data(fromA, buffer, offset, length, timestampNanos, packet, seq));
            w.advance(side, length);
            pass.run();
            after(w, h);
            return;
        }
        w.advance(side, length);
        pass.run();
        int skip = 0;
        long[] at = w.mode == Mode.LIVE ? h.resumeOffsets() : null;
        if (at != null && at[side] > start && at[0] >= w.from[0] && at[1] >= w.from[1]) {
            skip = (int) Math.min(length, at[side] - start);
            w.dropBefore(side, start + skip); // this direction's pieces all lie before the chunk
        }
        if (skip < length) {
            keep(w, Piece.data(fromA, buffer, offset + skip, length - skip, timestampNanos, packet,
                    seq < 0 ? seq : (seq + skip) & 0xffffffffL));
        }
        after(w, h);
    }

    /** Told once a packet started the connection: a first packet other than a SYN without ACK makes it a head. */
    void started(int stream, boolean syn) {
        ConnectionWatch w = watches.get(stream);
        if (w != null && !syn && w.mode == Mode.LIVE && w.pieces.isEmpty()) {
            w.mode = Mode.HEAD; // a SYN-ACK first: its SYN was in the previous file
        }
        if (w != null && w.mode != Mode.HEAD) {
            logs.get(stream).segments.clear(); // kept in case it was a head: it is not
        }
    }

    /** Call before ending the pipeline: what the end of the input produces on connections still open is left out. */
    void inputEnded() {
        watches.forEach((s, w) -> tls.leftHead(w, () -> logs.get(s).endHead(w)));
        inputEnded = true;
    }

    private void keep(ConnectionWatch w, Piece p) {
        if (w.mode == Mode.LOOSE) {
            return;
        }
        w.pieces.add(p);
        w.weight += p.weight();
        largest = Math.max(largest, w.weight);
        if (!w.kafka && !tls.isTls(w.tcp.stream()) && w.weight > UNDECIDED) {
            w.loose();
        } else if (w.weight > cap) {
            overCap++;
            if (w.mode == Mode.HEAD) {
                lostHeads++;
            }
            w.loose();
            tls.letGo(w.tcp.stream()); // a TLS head's Kafka registration held, made now
        }
    }

    /** True if the events of this connection are left out of the slice's report now. */
    boolean leftOut(int stream) {
        ConnectionWatch w = watches.get(stream);
        return w != null && (w.mode == Mode.HEAD || w.mode == Mode.LIVE && inputEnded && !w.ended);
    }

    /**
     * The conversation listener of the slice's analysis: every event goes on to {@code tracker}; those this boundary
     * keeps for the merge are named for {@link #sink} to leave out.
     */
    public ConversationListener listener(ConversationListener tracker) {
        return BoundaryGate.listener(this, hidden, tracker);
    }

    /** The tracker's sinks (report, events), without what it made of the events this boundary keeps for the merge. */
    public ExchangeSink sink(List<ExchangeSink> inner) {
        return BoundaryGate.sink(hidden, List.copyOf(inner));
    }

    /**
     * The connection observer of the slice's analysis: a connection found to be Kafka is registered whatever its
     * edges hold (the merge's entry for it joins this one); one found not to be Kafka (nor TLS) is let go.
     */
    public ConnectionObserver observer(ConnectionObserver inner) {
        return BoundaryGate.observer(this, inner);
    }

    /** The slice's traffic census, without the TLS connections whose edges the merge replays ({@link TlsEdges#census}). */
    public ConnectionObserver census(ConnectionObserver census) {
        return TlsEdges.census(this, census);
    }

    /** The watch of a connection, or null. */
    ConnectionWatch watch(int stream) {
        return watches.get(stream);
    }

    /**
     * A connection that is not Kafka (nor TLS) is let go (its events pass from now on), unless what its end produces
     * is left out (its tail replays it): returns whether the event passes.
     */
    boolean letGo(int stream) {
        ConnectionWatch w = watches.get(stream);
        if (w == null) {
            return true;
        }
        if (w.mode == Mode.LIVE && inputEnded && !w.ended) {
            return false;
        }
        w.loose();
        tls.letGo(stream);
        return true;
    }

    /** The tail edges (connections open at the end), ascending stream; call after the pipeline ended. */
    public List<Boundary.Edge> tail() {
        List<Boundary.Edge> out = new ArrayList<>();
        new TreeMap<>(watches).forEach((s, w) -> {
            if (w.mode == Mode.LIVE && !w.ended) {
                out.add(w.edge(List.copyOf(w.pieces), !w.rested, false).withTcp(logs.get(s).tail()).withApis(w.apis()));
            }
        });
        return out;
    }

    /** The head edges (connections seen without their SYN), ascending stream; call after the pipeline ended. */
    public List<Boundary.Edge> head() {
        List<Boundary.Edge> out = new ArrayList<>();
        new TreeMap<>(watches).forEach((s, w) -> {
            if (w.head != null || w.mode == Mode.HEAD) {
                out.add(logs.get(s).headEdge(w));
            }
        });
        return out;
    }

    /** The slice's warning about connections whose boundary state was over the cap, if any. */
    public List<ExpertNote> warnings() {
        if (overCap == 0) {
            return List.of();
        }
        return List.of(new ExpertNote(ExpertItem.CAPTURE_BOUNDARY_OVER_LIMIT, 0, -1, "", overCap + " TCP connection(s) "
                + "held more than " + cap + " bytes of boundary state (--boundary-bytes): their state is not carried into the next file"
                + (lostHeads > 0 ? ", and the start of " + lostHeads + " of them is missing from the report" : "")
                + "; where they cross a file boundary the merged report may differ from one analysis of the files together"));
    }

    /** The most bytes one connection's boundary state held at any time (for measurements). */
    public long largest() {
        return largest;
    }
}
