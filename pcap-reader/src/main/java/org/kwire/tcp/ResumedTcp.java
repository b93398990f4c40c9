package org.kwire.tcp;

import org.kwire.net.TcpSegment;

/**
 * The reassembly of one TCP connection, fed its segments one by one as {@link TcpReassembler} feeds them, optionally
 * started from the state an earlier reassembly left it in ({@link HalfState}). A merge of partial analyses uses it to
 * reassemble again the segments a later file holds of a connection that an earlier file left open, from where the
 * earlier file's reassembly stopped: segments held out of order there are delivered, and gaps declared, where and as
 * one reassembly of the files together delivers and declares them (at the acknowledgment past a hole, at the hold
 * limit, at the end). Not thread-safe.
 */
public final class ResumedTcp {

    private final TcpStreamHandler handler;
    private final HalfStream fromA;
    private final HalfStream fromB;
    private boolean finA;
    private boolean finB;
    private boolean ended;

    /**
     * @param handler      receives the connection's streams
     * @param maxHeldBytes bytes held out of order per direction at most ({@link ReassemblyLimits#maxHeldBytes()})
     */
    public ResumedTcp(TcpStreamHandler handler, long maxHeldBytes) {
        this.handler = handler;
        this.fromA = new HalfStream(true, handler, maxHeldBytes);
        this.fromB = new HalfStream(false, handler, maxHeldBytes);
    }

    /**
     * Starts direction {@code a} (from endpoint A) or B where another reassembly left it, before any segment; the
     * packets of its held segments moved by {@code packetOffset}.
     */
    public void resume(boolean a, HalfState state, long packetOffset) {
        (a ? fromA : fromB).restore(state, packetOffset);
    }

    /** One segment sent by A ({@code a}) or B, in capture order; ignored once the connection ended. */
    public void segment(boolean a, TcpSegment s) {
        if (ended) {
            return;
        }
        HalfStream self = a ? fromA : fromB;
        HalfStream peer = a ? fromB : fromA;
        if (s.has(TcpSegment.ACK)) {
            peer.acknowledged(s.ack(), s.packet().number());
        }
        self.segment(s);
        if (s.has(TcpSegment.FIN)) {
            finA |= a;
            finB |= !a;
        }
        if (s.has(TcpSegment.RST) || (finA && finB)) {
            end(s.packet().number());
        }
    }

    /** The sequence number (32 bits) of the next byte expected from A ({@code a}) or B, -1 if none yet. */
    public long nextSeq(boolean a) {
        return (a ? fromA : fromB).nextSeq();
    }

    /** True if segments of either direction are held out of order. */
    public boolean holding() {
        return fromA.holding() || fromB.holding();
    }

    /** True once the connection ended (closed, reset, or {@link #end}). */
    public boolean ended() {
        return ended;
    }

    /** Ends the connection (end of the input): held segments delivered after their gaps, then the handler's end. */
    public void end(long packet) {
        if (ended) {
            return;
        }
        ended = true;
        fromA.end(packet);
        fromB.end(packet);
        handler.onEnd(packet);
    }
}
