package org.kwire.tcp;

import org.kwire.net.TcpSegment;

/**
 * A TCP connection's 4-tuple as raw numbers (addresses as two longs each, as {@link TcpSegment} holds them), its two
 * endpoints in a fixed order (the lower first, by address then port, unsigned), so that both directions of a
 * connection give the same key. {@link TcpReassembler} keeps one probe that it {@link #set}s from each segment to look
 * connections up without allocating, and stores {@link #copy() copies}; a stored key never changes.
 */
final class FourTuple {

    private boolean ipv6;
    private long lowHigh;
    private long lowLow;
    private int lowPort;
    private long highHigh;
    private long highLow;
    private int highPort;
    private int hash;

    /**
     * Makes this the 4-tuple of {@code s}.
     *
     * @return true if the segment's source is the lower endpoint (also when both endpoints are the same)
     */
    boolean set(TcpSegment s) {
        int c = Long.compareUnsigned(s.srcAddressHigh(), s.dstAddressHigh());
        if (c == 0) {
            c = Long.compareUnsigned(s.srcAddressLow(), s.dstAddressLow());
        }
        if (c == 0) {
            c = Integer.compare(s.srcPort(), s.dstPort());
        }
        boolean srcLow = c <= 0;
        ipv6 = s.ipv6();
        if (srcLow) {
            ends(s.srcAddressHigh(), s.srcAddressLow(), s.srcPort(), s.dstAddressHigh(), s.dstAddressLow(), s.dstPort());
        } else {
            ends(s.dstAddressHigh(), s.dstAddressLow(), s.dstPort(), s.srcAddressHigh(), s.srcAddressLow(), s.srcPort());
        }
        return srcLow;
    }

    private void ends(long lh, long ll, int lp, long hh, long hl, int hp) {
        lowHigh = lh;
        lowLow = ll;
        lowPort = lp;
        highHigh = hh;
        highLow = hl;
        highPort = hp;
        int h = Long.hashCode(lh);
        h = 31 * h + Long.hashCode(ll);
        h = 31 * h + Long.hashCode(hh);
        h = 31 * h + Long.hashCode(hl);
        hash = 31 * h + (lp << 16 | hp);
    }

    /** True if both endpoints are the same (a connection to itself): then every segment is from A. */
    boolean sameEnds() {
        return lowHigh == highHigh && lowLow == highLow && lowPort == highPort;
    }

    /** A key of its own with this one's values. */
    FourTuple copy() {
        FourTuple c = new FourTuple();
        c.ipv6 = ipv6;
        c.lowHigh = lowHigh;
        c.lowLow = lowLow;
        c.lowPort = lowPort;
        c.highHigh = highHigh;
        c.highLow = highLow;
        c.highPort = highPort;
        c.hash = hash;
        return c;
    }

    /** True if {@code t} is the same 4-tuple (what {@link OrderedTuples} compares with: no call through Object). */
    boolean same(FourTuple t) {
        return t.hash == hash && t.lowLow == lowLow && t.highLow == highLow && t.lowPort == lowPort
                && t.highPort == highPort && t.lowHigh == lowHigh && t.highHigh == highHigh && t.ipv6 == ipv6;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FourTuple t && same(t);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
