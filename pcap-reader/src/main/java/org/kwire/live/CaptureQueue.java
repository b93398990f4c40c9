package org.kwire.live;

import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bounded hand-over from the capture thread (one producer, which must never wait) to the analysis thread (one
 * consumer). Packets are queued whole while their captured bytes fit in {@code maxBytes}; beyond that a packet is
 * queued with only its first {@link #HEADER_BYTES} bytes (enough for its link, IP and TCP headers) and marked
 * {@link Entry#headersOnly()}, so that the analysis can drop its whole connection (and say so) instead of silently
 * missing bytes in the middle of it. Only when even {@code maxEntries} entries wait is a packet lost here, counted by
 * {@link #lost()} (the analysis then sees a gap in its connection, as after a kernel drop).
 */
final class CaptureQueue {

    /** Bytes kept of a packet queued without its payload: Ethernet, two VLAN tags, IPv6 with options, TCP options. */
    static final int HEADER_BYTES = 160;

    /**
     * One queued packet.
     *
     * @param packet      the packet (only its first bytes if {@code headersOnly})
     * @param headersOnly true if its payload was left out for lack of room
     */
    record Entry(Packet packet, boolean headersOnly) {
    }

    /** Marks the end of the capture (after the last packet). */
    private static final Entry END = new Entry(null, false);

    private final ArrayBlockingQueue<Entry> queue;
    private final long maxBytes;
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong peakBytes = new AtomicLong();
    private volatile long headersOnly;
    private volatile long lost;

    /**
     * @param maxBytes   captured bytes queued at most (whole packets)
     * @param maxEntries packets queued at most, whole or headers only (one entry is kept for the end marker)
     */
    CaptureQueue(long maxBytes, int maxEntries) {
        this.maxBytes = maxBytes;
        this.queue = new ArrayBlockingQueue<>(maxEntries + 1);
    }

    /** Queues a packet (capture thread only): whole if its bytes fit, else headers only, else lost. Never waits. */
    void offer(Packet p) {
        int n = p.capturedLength();
        long now = bytes.get();
        if (now + n <= maxBytes && queue.remainingCapacity() > 1) {
            bytes.addAndGet(n);
            peakBytes.accumulateAndGet(now + n, Math::max);
            queue.add(new Entry(p, false));
            return;
        }
        if (queue.remainingCapacity() > 1) {
            byte[] head = new byte[Math.min(n, HEADER_BYTES)];
            p.data().get(p.data().position(), head);
            queue.add(new Entry(new Packet(p.number(), p.timestampNanos(), p.linkType(), p.originalLength(),
                    ByteBuffer.wrap(head), p.interfaceId()), true));
            headersOnly = headersOnly + 1; // one writer
            return;
        }
        lost = lost + 1;
    }

    /** Marks the end of the capture (capture thread only, after its last {@link #offer}). */
    void end() {
        queue.add(END); // a place is always kept for it
    }

    /**
     * The next entry (analysis thread only), waiting up to {@code timeoutMillis}; null if none came in time.
     *
     * @return the entry, {@link #isEnd end} after the last packet, or null on timeout
     * @throws InterruptedException if interrupted while waiting
     */
    Entry poll(long timeoutMillis) throws InterruptedException {
        Entry e = queue.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (e != null && e.packet() != null && !e.headersOnly()) {
            bytes.addAndGet(-e.packet().capturedLength());
        }
        return e;
    }

    /** True for the entry that follows the last packet. */
    static boolean isEnd(Entry e) {
        return e == END;
    }

    /** Captured bytes waiting now. */
    long bytes() {
        return bytes.get();
    }

    /** Most captured bytes that waited at once. */
    long peakBytes() {
        return peakBytes.get();
    }

    /** Packets waiting now. */
    int size() {
        return queue.size();
    }

    /** Packets queued with their headers only, so far. */
    long headersOnly() {
        return headersOnly;
    }

    /** Packets lost because even the entries were exhausted, so far. */
    long lost() {
        return lost;
    }
}
