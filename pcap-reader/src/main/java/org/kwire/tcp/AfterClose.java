package org.kwire.tcp;

import org.kwire.net.TcpSegment;

/**
 * The 4-tuples of connections that ended, and the payload that still comes on them. A segment on such a 4-tuple
 * whose bytes the connection already delivered is a retransmission (dropped, as while it was open); any other payload
 * could not be placed in the connection's streams: it is counted, the first one described, and told to the
 * {@link DataAfterClose} listener, never dropped silently. At most {@code max} 4-tuples are remembered, the oldest
 * forgotten first (a forgotten 4-tuple's segments start a connection of their own).
 */
final class AfterClose {

    /** What an ended connection leaves behind: who it was, and the sequence spans its two directions delivered. */
    static final class Ended {
        final TcpConnection connection;
        final boolean aIsLow;
        final long[] spanA;
        final long[] spanB;
        boolean late;

        Ended(TcpConnection connection, boolean aIsLow, long[] spanA, long[] spanB) {
            this.connection = connection;
            this.aIsLow = aIsLow;
            this.spanA = spanA;
            this.spanB = spanB;
        }
    }

    private final OrderedTuples<Ended> ended = new OrderedTuples<>();
    private final int max;
    private final DataAfterClose listener;
    private long segments;
    private long bytes;
    private long connections;
    private long firstPacket;
    private long firstOffset = -1;
    private String firstWhere = "";

    AfterClose(int max, DataAfterClose listener) {
        this.max = max;
        this.listener = listener;
    }

    /** Remembers the 4-tuple of {@code key} as that of a connection that ended at capture time {@code nanos}. */
    void add(FourTuple key, Ended e, long nanos) {
        OrderedTuples.Entry<Ended> old = ended.remove(key);
        if (old != null && old.value.late) {
            e.late = true;
        }
        ended.add(key, e, nanos);
        if (ended.size() > max) {
            ended.remove(ended.first());
        }
    }

    /** The ended connection of the probe's 4-tuple, or null. */
    Ended get(FourTuple probe) {
        OrderedTuples.Entry<Ended> e = ended.get(probe);
        return e == null ? null : e.value;
    }

    void forget(FourTuple probe) {
        ended.remove(probe);
    }

    /** Forgets the 4-tuples that ended before capture time {@code limit}. */
    void forgetBefore(long limit) {
        for (OrderedTuples.Entry<Ended> e; (e = ended.first()) != null && e.nanos < limit; ) {
            ended.remove(e);
        }
    }

    void clear() {
        ended.clear();
    }

    /**
     * A segment on the 4-tuple of an ended connection: true if it is a retransmission of bytes the connection
     * delivered; else, if it carries payload, that payload is counted as not analyzed.
     */
    boolean retransmitted(Ended e, TcpSegment s, boolean srcLow, boolean sameEnds) {
        boolean fromA = srcLow == e.aIsLow || sameEnds;
        long[] span = fromA ? e.spanA : e.spanB;
        int len = s.wireLength();
        if (span != null && ((s.seq() - span[0]) & 0xffffffffL) + len <= ((span[1] - span[0]) & 0xffffffffL)) {
            return true;
        }
        long offset = span == null ? -1 : (int) (s.seq() - span[0]);
        late(e, fromA, s, offset);
        return false;
    }

    /** Counts a segment's payload that could not be placed in the streams of the ended connection {@code e}. */
    void late(Ended e, boolean fromA, TcpSegment s, long offset) {
        if (s.wireLength() == 0) {
            return;
        }
        boolean first = !e.late;
        e.late = true;
        if (first) {
            connections++;
        }
        if (segments++ == 0) {
            firstPacket = s.packet().number();
            firstOffset = offset;
            TcpConnection c = e.connection;
            firstWhere = "stream " + c.stream() + " " + (fromA ? c.a() + " -> " + c.b() : c.b() + " -> " + c.a());
        }
        bytes += s.wireLength();
        listener.onDataAfterClose(e.connection, fromA, s.wireLength(), s.packet().number(), first);
    }

    DataAfterClose.Counts counts() {
        return new DataAfterClose.Counts(segments, bytes, connections, firstPacket, Math.max(-1, firstOffset), firstWhere);
    }
}
