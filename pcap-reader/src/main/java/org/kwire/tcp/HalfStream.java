package org.kwire.tcp;

import org.kwire.expert.ExpertItem;
import org.kwire.stream.GapCause;

import org.kwire.net.TcpSegment;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

/**
 * One direction of a TCP connection: turns segments into in-order bytes (RFC 9293 sequence space; sequence numbers
 * unwrapped to 64 bits). Each stream byte is taken from the first segment that carried it: later copies
 * (retransmissions, overlaps) are dropped, and where their captured bytes differ from the first copy an expert note
 * says so (compared against the held segments and the last {@link #RECENT_CHUNKS} delivered ones). Segments ahead of
 * the next expected byte are copied and held until the bytes before them arrive, the receiver acknowledges past them
 * (the capture missed them), the hold limit is reached, or the stream ends; the missing bytes become a gap of known
 * size. Bytes the snaplen cut become a gap with reason {@code snaplen}.
 */
final class HalfStream {

    /** Delivered chunks kept (by reference, no copy) to compare retransmissions with. */
    static final int RECENT_CHUNKS = 16;

    private final boolean fromA;
    private final TcpStreamHandler handler;
    private final long maxHeldBytes;
    /** Disjoint pieces, all at or after {@link #nextSeq}, by unwrapped sequence number. */
    private final TreeMap<Long, Piece> held = new TreeMap<>();
    /** The last delivered chunks with their sequence numbers. */
    private final RecentChunks recent = new RecentChunks();
    private boolean started;
    private long isn = -1;
    private long firstSeq;
    private long nextSeq;
    private long heldBytes;
    private long retransmissions;
    private boolean hasData;
    private long highestAck = -1;
    private long finSeq = -1;
    /** True once this direction sent a FIN or a RST: what it sends after is no part of the connection. */
    private boolean closed;
    /** Where this direction's bytes end (unwrapped): its FIN's, or its RST's sequence number; -1 if unknown. */
    private long endSeq = -1;

    HalfStream(boolean fromA, TcpStreamHandler handler, long maxHeldBytes) {
        this.fromA = fromA;
        this.handler = handler;
        this.maxHeldBytes = maxHeldBytes;
    }

    /** True once any payload was seen in this direction. */
    boolean hasData() {
        return hasData;
    }

    /** The sequence number of this direction's SYN, or -1 if none was seen. */
    long isn() {
        return isn;
    }

    /** Segments (or parts of segments) dropped because their bytes had been seen before. */
    long retransmissions() {
        return retransmissions;
    }

    /** This direction's state (sequence numbers of 32 bits, packets as received), or null if it never started. */
    HalfState snapshot() {
        if (!started) {
            return null;
        }
        java.util.List<HalfState.Held> out = new java.util.ArrayList<>();
        held.forEach((rel, p) -> {
            byte[] data = new byte[p.data().remaining()];
            p.data().get(p.data().position(), data);
            out.add(new HalfState.Held(rel & 0xffffffffL, data, p.missing(), p.timestampNanos(), p.packet()));
        });
        return new HalfState(nextSeq & 0xffffffffL, highestAck < 0 ? -1 : highestAck & 0xffffffffL,
                finSeq < 0 ? -1 : finSeq & 0xffffffffL, java.util.List.copyOf(out));
    }

    /**
     * Starts this direction from the state another reassembly of it left ({@link #snapshot()}), the packets of its
     * held segments moved by {@code packetOffset}; before any segment.
     */
    void restore(HalfState state, long packetOffset) {
        start(state.nextSeq());
        hasData = true;
        highestAck = state.highestAck() < 0 ? -1 : unwrap(state.highestAck());
        finSeq = state.finSeq() < 0 ? -1 : unwrap(state.finSeq());
        for (HalfState.Held h : state.held()) {
            hold(unwrap(h.seq()), new Piece(java.nio.ByteBuffer.wrap(h.data()), h.missing(), h.timestampNanos(),
                    h.packet() + packetOffset));
        }
    }

    /** The sequence number (32 bits) of the next byte expected, or -1 before the first. */
    long nextSeq() {
        return started ? nextSeq & 0xffffffffL : -1;
    }

    /** True if segments are held out of order. */
    boolean holding() {
        return !held.isEmpty();
    }

    private long unwrap(long seq32) {
        return nextSeq + (int) (seq32 - (nextSeq & 0xffffffffL));
    }

    void segment(TcpSegment s) {
        int len = s.wireLength();
        long seq = s.seq();
        if (s.has(TcpSegment.SYN) && !hasData) {
            isn = seq;
            seq = (seq + 1) & 0xffffffffL; // the SYN takes one sequence number; data (TCP Fast Open) follows it
            start(seq);
        }
        if (len == 0) {
            fin(s, seq);
            return;
        }
        if (!started) {
            start(seq);
        }
        hasData = true;
        long rel = unwrap(seq);
        if (rel == nextSeq && held.isEmpty()) { // in order, nothing held: the common case, delivered as it is
            deliver(s.payloadBuffer(), s.payloadOffset(), s.payloadLength(), s.missingPayload(), s.packet().timestampNanos(),
                    s.packet().number());
        } else {
            accept(rel, new Piece(s.payload(), s.missingPayload(), s.packet().timestampNanos(), s.packet().number()));
        }
        fin(s, seq);
    }

    private void start(long seq) {
        nextSeq = seq;
        firstSeq = seq;
        started = true;
    }

    private void fin(TcpSegment s, long seq) {
        if (s.has(TcpSegment.FIN)) {
            closed = true;
            if (started) {
                finSeq = unwrap(seq) + s.wireLength();
                endSeq = finSeq;
            }
        }
    }

    /** This direction sent a RST: it sends nothing after it (its sequence number bounds the bytes still to come). */
    void reset(TcpSegment s) {
        if (!closed && started) {
            endSeq = unwrap(s.seq());
        }
        closed = true;
    }

    /**
     * True if no more bytes can belong to this direction: it closed (FIN or RST) and every byte before its end was
     * captured (nothing held, no hole before the FIN).
     */
    boolean complete() {
        return closed && held.isEmpty() && (endSeq < 0 || nextSeq >= endSeq);
    }

    /**
     * True if a segment that arrives after the connection ended still has a place in this direction: its bytes lie
     * in the sequence space the stream had (after its first byte, before its FIN or RST; anywhere ahead if this
     * direction did not close, e.g. the peer of a RST's sender with data in flight).
     */
    boolean placeable(TcpSegment s) {
        if (!started) {
            return !closed;
        }
        long rel = unwrap(s.seq());
        long end = rel + s.wireLength();
        return rel >= firstSeq && (closed ? endSeq >= 0 && end <= endSeq : end > firstSeq);
    }

    /**
     * What this direction carried, to tell segments of its 4-tuple that come once the connection is forgotten:
     * {@code {first, end}} as 32-bit sequence numbers of the bytes delivered (equal if none), or null if it never
     * started (no SYN, no byte seen).
     */
    long[] span() {
        return started ? new long[] {firstSeq & 0xffffffffL, nextSeq & 0xffffffffL} : null;
    }

    /** Offset in this direction's stream of a segment's first byte (negative if before it), or -1 if it never started. */
    long offset(TcpSegment s) {
        return started ? unwrap(s.seq()) - firstSeq : -1;
    }

    private void accept(long rel, Piece p) {
        long end = rel + p.length();
        if (end == nextSeq && p.length() <= 1) {
            return; // a keep-alive probe: one old byte, often garbage (RFC 9293 section 3.8.4)
        }
        if (end <= nextSeq) {
            retransmissions++;
            compareDelivered(rel, p);
            return;
        }
        if (rel < nextSeq) {
            retransmissions++;
            compareDelivered(rel, p.sub(0, nextSeq - rel));
            p = p.sub(nextSeq - rel, p.length());
            rel = nextSeq;
        }
        // split [rel, end) around the held pieces: held bytes were seen first and stay
        long at = rel;
        while (at < end) {
            Map.Entry<Long, Piece> h = held.floorEntry(at);
            if (h != null && h.getKey() + h.getValue().length() > at) {
                long stop = Math.min(end, h.getKey() + h.getValue().length());
                retransmissions++;
                compare(at, p.sub(at - rel, stop - rel), h.getValue().sub(at - h.getKey(), stop - h.getKey()));
                at = stop;
                continue;
            }
            Long nextHeld = held.higherKey(at);
            long stop = nextHeld == null ? end : Math.min(end, nextHeld);
            Piece part = p.sub(at - rel, stop - rel);
            if (at == nextSeq) {
                deliver(part);
            } else {
                hold(at, part);
            }
            at = stop;
        }
        drain();
        if (heldBytes > maxHeldBytes) {
            skipTo(held.firstKey(), p.packet());
            drain();
        }
    }

    /** The peer acknowledged up to {@code ack}: bytes before a held segment that it acknowledged were lost by the capture. */
    void acknowledged(long ack32, long packet) {
        if (!started) {
            return;
        }
        long ack = unwrap(ack32);
        highestAck = Math.max(highestAck, ack);
        if (!held.isEmpty() && ack > nextSeq) {
            skipTo(Math.min(ack, held.firstKey()), packet);
            drain();
        }
    }

    /**
     * End of stream: held segments are delivered with the gaps before them, and bytes lost at the end (before a FIN
     * that was captured, or acknowledged by the peer) become a gap.
     */
    void end(long packet) {
        if (started && finSeq >= 0 && held.isEmpty() && nextSeq == finSeq) {
            handler.onFin(fromA, packet);
        }
        while (!held.isEmpty()) {
            skipTo(held.firstKey(), packet);
            drain();
        }
        if (started && finSeq >= 0) {
            skipTo(finSeq, packet); // with its FIN seen, the stream ends at the FIN
        } else if (started && highestAck > nextSeq) {
            // without, the peer's highest ACK may also count a FIN the capture missed (one sequence number)
            handler.onEndGap(fromA, highestAck - nextSeq, packet);
            nextSeq = highestAck;
        }
    }

    private void hold(long rel, Piece p) {
        Piece c = p.copy();
        held.put(rel, c);
        heldBytes += c.data().remaining();
    }

    private void skipTo(long seq, long packet) {
        if (seq > nextSeq) {
            handler.onGap(fromA, seq - nextSeq, GapCause.MISSING_SEGMENTS, packet);
            nextSeq = seq;
        }
    }

    private void drain() {
        while (!held.isEmpty() && held.firstKey() == nextSeq) {
            Piece h = held.pollFirstEntry().getValue();
            heldBytes -= h.data().remaining();
            deliver(h);
        }
    }

    private void deliver(Piece p) {
        ByteBuffer data = p.data();
        deliver(data, data.position(), data.remaining(), p.missing(), p.timestampNanos(), p.packet());
    }

    /**
     * Hands on the next in-order bytes: {@code length} bytes of {@code buffer} from {@code offset} (a range: no
     * allocation here), then {@code missing} bytes the snaplen cut.
     */
    private void deliver(ByteBuffer buffer, int offset, int length, int missing, long timestampNanos, long packet) {
        if (length > 0) {
            recent.add(nextSeq, buffer, offset, length, missing, timestampNanos, packet);
            handler.onSequence(fromA, nextSeq & 0xffffffffL);
            handler.onData(fromA, buffer, offset, length, timestampNanos, packet);
        }
        nextSeq += length + (long) missing;
        if (missing > 0) {
            handler.onGap(fromA, missing, GapCause.SNAPLEN, packet);
        }
    }

    /** Compares bytes at {@code [rel, rel + p.length())}, all already delivered, with the delivered copies still kept. */
    private void compareDelivered(long rel, Piece p) {
        long end = rel + p.length();
        for (int k = 0; k < recent.size(); k++) {
            long at = recent.seq(k);
            long from = Math.max(rel, at);
            long to = Math.min(end, at + recent.length(k));
            if (from < to && compare(from, p.sub(from - rel, to - rel), recent.piece(k).sub(from - at, to - at))) {
                return;
            }
        }
    }

    /** Notes if {@code later} (at {@code rel}) differs from {@code first}; true if it did. */
    private boolean compare(long rel, Piece later, Piece first) {
        long d = later.firstDifference(first);
        if (d < 0) {
            return false;
        }
        handler.onNote(fromA, later.packet(), ExpertItem.TCP_RETRANSMISSION_DIFFERS, "retransmitted data differs from the first copy (frame " + first.packet()
                + ") at stream byte " + (rel + d - firstSeq) + "; the first copy is kept");
        return true;
    }
}
