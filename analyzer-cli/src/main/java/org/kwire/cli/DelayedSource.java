package org.kwire.cli;

import org.kwire.pcap.ForwardingSource;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;

import java.io.IOException;
import java.util.ArrayDeque;

/**
 * A live packet source handed on with a delay: each packet once it is at least {@code delayNanos} old (by its capture
 * timestamp and the wall clock), or once a later packet arrives after that. Used by {@code kwire live --tls-keylog}: a
 * TLS client writes each secret to its key log only just after the handshake that made it, so the packets that follow
 * are analyzed once the secret is there. Packets are read ahead into a queue while they wait (at most
 * {@link #MAX_QUEUED_BYTES}); when the capture stops, the queued ones are handed out at once, so none is lost. Whether
 * a packet came with its headers only ({@link #headersOnly()}) travels with it.
 */
final class DelayedSource extends ForwardingSource {

    /** The delay kwire live gives a key log to be written, ns. */
    static final long KEY_LOG_DELAY_NANOS = 2_000_000_000L;
    /** Packet bytes waiting at most; beyond, the oldest go on at once. */
    static final long MAX_QUEUED_BYTES = 64L << 20;

    /** A packet waiting, and whether the source gave it with its headers only. */
    private record Waiting(Packet packet, boolean headersOnly) {
    }

    private final long delayNanos;
    private final ArrayDeque<Waiting> queue = new ArrayDeque<>();
    private long queuedBytes;
    private boolean ended;
    private boolean lastHeadersOnly;

    DelayedSource(PacketSource source, long delayNanos) {
        super(source);
        this.delayNanos = delayNanos;
    }

    @Override
    public Packet next() throws IOException {
        while (true) {
            Waiting head = queue.peek();
            if (head != null && (ended || queuedBytes > MAX_QUEUED_BYTES
                    || head.packet().timestampNanos() + delayNanos <= System.currentTimeMillis() * 1_000_000L)) {
                queue.poll();
                queuedBytes -= head.packet().data().remaining();
                lastHeadersOnly = head.headersOnly();
                return head.packet();
            }
            if (ended) {
                return null;
            }
            Packet p = source.next(); // waits for the next packet (or the end) while the head is too young
            if (p == null) {
                ended = true;
            } else {
                queue.add(new Waiting(p, source.headersOnly()));
                queuedBytes += p.data().remaining();
            }
        }
    }

    @Override
    public boolean headersOnly() {
        return lastHeadersOnly;
    }
}
