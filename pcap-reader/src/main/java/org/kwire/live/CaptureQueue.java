package org.kwire.live;

import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The bounded hand-over from the capture thread (one producer, which must never wait) to the analysis thread (one
 * consumer). Packets are queued whole while their captured bytes fit in {@code maxBytes}; beyond that a packet is
 * queued with only its first {@link #HEADER_BYTES} bytes (enough for its link, IP and TCP headers) and marked
 * {@link Entry#headersOnly()}, so that the analysis can drop its whole connection (and say so) instead of silently
 * missing bytes in the middle of it. Only when even {@code maxEntries} entries wait is a packet lost here, counted by
 * {@link #lost()} (the analysis then sees a gap in its connection, as after a kernel drop).
 *
 * <p>Lock-free: the capture thread runs at a higher priority than the analysis ({@link CapturePriority}), and a lock
 * shared with the analysis thread would make it wait whenever the busy host preempted the analysis thread holding it
 * (priority inversion). Entries go through a {@link ConcurrentLinkedQueue}; the analysis thread, finding none,
 * parks, and the capture thread unparks it when it queues one.
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

    private final ConcurrentLinkedQueue<Entry> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();
    private final int maxEntries;
    private final long maxBytes;
    /** The analysis thread while it is parked waiting for an entry, else null. */
    private volatile Thread waiter;
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
        this.maxEntries = maxEntries;
    }

    /** Queues a packet (capture thread only): whole if its bytes fit, else headers only, else lost. Never waits. */
    void offer(Packet p) {
        int n = p.capturedLength();
        long now = bytes.get();
        if (now + n <= maxBytes && size.get() < maxEntries) {
            bytes.addAndGet(n);
            peakBytes.accumulateAndGet(now + n, Math::max);
            put(new Entry(p, false));
            return;
        }
        if (size.get() < maxEntries) {
            byte[] head = new byte[Math.min(n, HEADER_BYTES)];
            p.data().get(p.data().position(), head);
            put(new Entry(new Packet(p.number(), p.timestampNanos(), p.linkType(), p.originalLength(),
                    ByteBuffer.wrap(head), p.interfaceId()), true));
            headersOnly = headersOnly + 1; // one writer
            return;
        }
        lost = lost + 1;
    }

    /** Marks the end of the capture (capture thread only, after its last {@link #offer}). */
    void end() {
        put(END); // beyond maxEntries if need be: it holds no packet
    }

    private void put(Entry e) {
        size.incrementAndGet();
        queue.offer(e);
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
    }

    /**
     * The next entry (analysis thread only), waiting up to {@code timeoutMillis}; null if none came in time.
     *
     * @return the entry, {@link #isEnd end} after the last packet, or null on timeout
     * @throws InterruptedException if interrupted while waiting
     */
    Entry poll(long timeoutMillis) throws InterruptedException {
        Entry e = queue.poll();
        if (e == null) {
            long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
            waiter = Thread.currentThread(); // set before looking again: an entry queued from now on unparks this thread
            try {
                while ((e = queue.poll()) == null) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return null;
                    }
                    LockSupport.parkNanos(this, left);
                    if (Thread.interrupted()) {
                        throw new InterruptedException();
                    }
                }
            } finally {
                waiter = null;
            }
        }
        size.decrementAndGet();
        if (e.packet() != null && !e.headersOnly()) {
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
        return size.get();
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
