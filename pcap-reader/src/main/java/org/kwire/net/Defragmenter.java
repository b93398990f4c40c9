package org.kwire.net;

import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reassembles IP fragments into datagrams: IPv4 by (source, destination, protocol, identification) as RFC 791 says,
 * IPv6 by (source, destination, identification) as RFC 8200 section 4.5 says. Where fragments overlap, the bytes that
 * arrived first win. A datagram is complete once its last fragment (More Fragments clear) and every byte before it
 * arrived. Memory is bounded: a datagram waits at most {@code timeoutNanos} of capture time (RFC 791 suggests at
 * least 15 s, Linux waits 30 s), at most {@link #MAX_DATAGRAMS} wait at once and at most {@link #MAX_HELD_BYTES} are
 * held; past a bound the oldest waiting datagram is given up. A fragment the snaplen cut leaves its datagram
 * incomplete. Nothing here throws on bad input.
 */
final class Defragmenter {

    /** Default time a datagram waits for its missing fragments, capture time: 30 s. */
    static final long DEFAULT_TIMEOUT_NANOS = 30_000_000_000L;
    /** Datagrams waiting for fragments at once. */
    static final int MAX_DATAGRAMS = 1024;
    /** Bytes held by waiting datagrams together. */
    static final long MAX_HELD_BYTES = 8L << 20;
    /** Largest datagram payload: IPv4's total length and IPv6's payload length are 16-bit. */
    static final int MAX_PAYLOAD = 65535;

    /**
     * Which datagram a fragment belongs to.
     *
     * @param src   source address (4 or 16 bytes) as two longs, high first; IPv4 in {@code srcLo}
     * @param dst   destination address likewise
     * @param ident identification (IPv4: 16 bits, with the protocol in bits 16-23 and bit 40 set; IPv6: 32 bits)
     */
    record Key(long srcHi, long srcLo, long dstHi, long dstLo, long ident) {

        /** The key of an IPv4 fragment whose header starts at {@code ip}. */
        static Key v4(ByteBuffer b, int ip) {
            long ident = (1L << 40) | ((b.get(ip + 9) & 0xffL) << 16) | (b.getShort(ip + 4) & 0xffffL);
            return new Key(0, b.getInt(ip + 12) & 0xffffffffL, 0, b.getInt(ip + 16) & 0xffffffffL, ident);
        }

        /** The key of an IPv6 fragment: header at {@code ip}, fragment header at {@code frag}. */
        static Key v6(ByteBuffer b, int ip, int frag) {
            return new Key(b.getLong(ip + 8), b.getLong(ip + 16), b.getLong(ip + 24), b.getLong(ip + 32),
                    b.getInt(frag + 4) & 0xffffffffL);
        }
    }

    /**
     * A reassembled datagram.
     *
     * @param payload  the bytes after the IP header (IPv4) or after the fragment header (IPv6), position 0
     * @param protocol the protocol (IPv4) or next header of the first fragment's fragment header (IPv6)
     */
    record Datagram(ByteBuffer payload, int protocol) {
    }

    private static final class Partial {
        final long firstNanos;
        final BitSet have = new BitSet();
        byte[] bytes = new byte[0];
        int total = -1;
        int protocol = -1;
        boolean cut;

        Partial(long firstNanos) {
            this.firstNanos = firstNanos;
        }
    }

    private final long timeoutNanos;
    private final Map<Key, Partial> waiting = new LinkedHashMap<>(); // oldest first
    private long heldBytes;
    private long reassembled;
    private long givenUp;

    /** @param timeoutNanos capture time a datagram waits for its missing fragments */
    Defragmenter(long timeoutNanos) {
        this.timeoutNanos = timeoutNanos;
    }

    /** Capture time a datagram waits for its missing fragments, ns. */
    long timeoutNanos() {
        return timeoutNanos;
    }

    /** Datagrams reassembled so far. */
    long reassembled() {
        return reassembled;
    }

    /** Datagrams given up so far (timeout, limits, cut by the snaplen, inconsistent) plus those still waiting. */
    long incomplete() {
        return givenUp + waiting.size();
    }

    /**
     * Adds a fragment.
     *
     * @param key      its datagram
     * @param offset   byte offset of its data in the datagram's payload (fragment offset × 8)
     * @param more     the More Fragments flag
     * @param data     its captured data, position to limit
     * @param cut      true if the snaplen cut some of its data
     * @param protocol protocol / next header it names
     * @param nowNanos its capture time, epoch ns
     * @return the complete datagram, or null while fragments are missing (or if it was given up)
     */
    Datagram offer(Key key, int offset, boolean more, ByteBuffer data, boolean cut, int protocol, long nowNanos) {
        expire(nowNanos);
        Partial d = waiting.get(key);
        if (d == null) {
            d = new Partial(nowNanos);
            waiting.put(key, d);
        }
        int end = offset + data.remaining();
        if (end > MAX_PAYLOAD || (d.total >= 0 && (end > d.total || (!more && end != d.total)))) {
            giveUp(key, d); // beyond the largest datagram, or inconsistent with its last fragment
            return null;
        }
        d.cut |= cut;
        if (offset == 0) {
            d.protocol = protocol;
        }
        if (!more) {
            d.total = end;
        }
        add(d, offset, data);
        while (heldBytes > MAX_HELD_BYTES || waiting.size() > MAX_DATAGRAMS) {
            Map.Entry<Key, Partial> oldest = waiting.entrySet().iterator().next();
            giveUp(oldest.getKey(), oldest.getValue());
        }
        if (d.total < 0 || d.have.nextClearBit(0) < d.total || !waiting.containsKey(key)) {
            return null;
        }
        waiting.remove(key);
        heldBytes -= d.bytes.length;
        if (d.cut || d.protocol < 0) {
            givenUp++;
            return null;
        }
        reassembled++;
        return new Datagram(ByteBuffer.wrap(d.bytes, 0, d.total).slice(), d.protocol);
    }

    /** Copies the bytes of {@code data} not already present: the first copy of a byte wins. */
    private void add(Partial d, int offset, ByteBuffer data) {
        int end = offset + data.remaining();
        if (end > d.bytes.length) {
            int size = Math.min(MAX_PAYLOAD, Math.max(end, d.bytes.length * 2));
            byte[] grown = new byte[size];
            System.arraycopy(d.bytes, 0, grown, 0, d.bytes.length);
            heldBytes += size - d.bytes.length;
            d.bytes = grown;
        }
        for (int i = d.have.nextClearBit(offset); i < end; ) {
            int stop = Math.min(end, d.have.nextSetBit(i) < 0 ? end : d.have.nextSetBit(i));
            data.get(data.position() + i - offset, d.bytes, i, stop - i);
            d.have.set(i, stop);
            i = d.have.nextClearBit(stop);
        }
    }

    private void expire(long nowNanos) {
        for (Iterator<Map.Entry<Key, Partial>> it = waiting.entrySet().iterator(); it.hasNext(); ) {
            Partial d = it.next().getValue();
            if (nowNanos - d.firstNanos <= timeoutNanos) {
                return;
            }
            it.remove();
            heldBytes -= d.bytes.length;
            givenUp++;
        }
    }

    private void giveUp(Key key, Partial d) {
        waiting.remove(key);
        heldBytes -= d.bytes.length;
        givenUp++;
    }
}
