package org.kwire.tcp;

import org.kwire.net.TcpSegment;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.TreeMap;

/**
 * One direction of a TCP connection: turns segments into in-order bytes. Sequence numbers are unwrapped to 64 bits;
 * segments ahead of the next expected byte are copied and held until the bytes before them arrive, the receiver
 * acknowledges past them (the capture missed them), the hold limit is reached, or the stream ends.
 */
final class HalfStream {

    private final boolean fromA;
    private final TcpStreamHandler handler;
    private final long maxHeldBytes;
    private final TreeMap<Long, Held> held = new TreeMap<>();
    private boolean started;
    private long nextSeq;
    private long heldBytes;
    private long retransmissions;
    private boolean hasData;

    private record Held(ByteBuffer data, int missing, long timestampNanos, long packet) {
        long length() {
            return data.remaining() + (long) missing;
        }
    }

    HalfStream(boolean fromA, TcpStreamHandler handler, long maxHeldBytes) {
        this.fromA = fromA;
        this.handler = handler;
        this.maxHeldBytes = maxHeldBytes;
    }

    /** True once any payload was seen in this direction. */
    boolean hasData() {
        return hasData;
    }

    /** Exact or partial retransmissions dropped so far. */
    long retransmissions() {
        return retransmissions;
    }

    private long unwrap(long seq32) {
        return nextSeq + (int) (seq32 - (nextSeq & 0xffffffffL));
    }

    void segment(TcpSegment s) {
        if (s.has(TcpSegment.SYN)) {
            nextSeq = s.seq() + 1;
            started = true;
            return;
        }
        int len = s.wireLength();
        if (len == 0) {
            return;
        }
        if (!started) {
            nextSeq = s.seq();
            started = true;
        }
        hasData = true;
        long rel = unwrap(s.seq());
        long packet = s.packet().number();
        long ts = s.packet().timestampNanos();
        if (rel + len <= nextSeq) {
            retransmissions++;
            return;
        }
        ByteBuffer data = s.payload();
        int missing = s.missingPayload();
        if (rel < nextSeq) {
            int trim = (int) (nextSeq - rel);
            int fromData = Math.min(trim, data.remaining());
            data = data.slice(data.position() + fromData, data.remaining() - fromData);
            missing -= trim - fromData;
            rel = nextSeq;
            retransmissions++;
        }
        if (rel == nextSeq) {
            deliver(data, missing, ts, packet);
            drain();
        } else {
            hold(rel, data, missing, ts, packet);
        }
    }

    /** The peer acknowledged up to {@code ack}: bytes before a held segment that it acknowledged were lost by the capture. */
    void acknowledged(long ack32, long packet) {
        if (!started || held.isEmpty()) {
            return;
        }
        long ack = unwrap(ack32);
        if (ack > nextSeq) {
            skipTo(Math.min(ack, held.firstKey()), packet);
            drain();
        }
    }

    /** End of stream: held segments are delivered with the gaps before them. */
    void end(long packet) {
        while (!held.isEmpty()) {
            skipTo(held.firstKey(), packet);
            drain();
        }
    }

    private void hold(long rel, ByteBuffer data, int missing, long ts, long packet) {
        Held existing = held.get(rel);
        if (existing != null && existing.length() >= data.remaining() + (long) missing) {
            retransmissions++;
            return;
        }
        ByteBuffer copy = ByteBuffer.allocate(data.remaining()).put(data.duplicate()).flip();
        Held h = new Held(copy, missing, ts, packet);
        Held old = held.put(rel, h);
        heldBytes += copy.remaining() - (old == null ? 0 : old.data.remaining());
        if (heldBytes > maxHeldBytes) {
            skipTo(held.firstKey(), packet);
            drain();
        }
    }

    private void skipTo(long seq, long packet) {
        if (seq > nextSeq) {
            handler.onGap(fromA, seq - nextSeq, "missing segments", packet);
            nextSeq = seq;
        }
    }

    private void drain() {
        while (!held.isEmpty()) {
            Map.Entry<Long, Held> e = held.firstEntry();
            long rel = e.getKey();
            Held h = e.getValue();
            if (rel > nextSeq) {
                return;
            }
            held.pollFirstEntry();
            heldBytes -= h.data.remaining();
            long end = rel + h.length();
            if (end <= nextSeq) {
                retransmissions++;
                continue;
            }
            int trim = (int) (nextSeq - rel);
            ByteBuffer data = h.data;
            int fromData = Math.min(trim, data.remaining());
            data = data.slice(fromData, data.remaining() - fromData);
            deliver(data, h.missing - (trim - fromData), h.timestampNanos, h.packet);
        }
    }

    private void deliver(ByteBuffer data, int missing, long ts, long packet) {
        if (data.hasRemaining()) {
            nextSeq += data.remaining();
            handler.onData(fromA, data, ts, packet);
        }
        if (missing > 0) {
            nextSeq += missing;
            handler.onGap(fromA, missing, "snaplen", packet);
        }
    }
}
