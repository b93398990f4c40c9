package org.kwire.live;

import org.kwire.pcap.Packet;
import org.kwire.pcap.TappedSource;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapStat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.sql.Timestamp;

/**
 * The capture thread's work, and nothing else: raise its own scheduling priority and that of the JVM's pause threads
 * ({@link CapturePriority}), take each packet from libpcap (non-blocking pcap_dispatch of every packet waiting; a 1 ms
 * sleep only when none is), show it to the tap (the {@code -w} writer, which so saves every packet whole), queue it
 * for the analysis ({@link CaptureQueue}, which never waits), and read libpcap's statistics about once a second (from
 * this thread: a pcap handle is not shared between threads). Packets are numbered from 1.
 */
final class CaptureLoop implements Runnable {

    /** How often pcap_stats is read, ns. */
    private static final long STATS_EVERY_NANOS = 1_000_000_000L;
    /** Sleep when no packet is waiting, ms. */
    private static final int IDLE_MILLIS = 1;

    private final PcapHandle handle;
    private final String device;
    private final int linkType;
    private final CaptureQueue queue;
    private final TappedSource.Tap tap;
    private final int timeoutMillis;
    private volatile boolean stopped;
    private volatile long packets;
    private volatile long bytes;
    private volatile long kernelDropped;
    private volatile long interfaceDropped;
    private volatile String statsFailure;
    private volatile String priorityFailure;
    private volatile IOException failure;
    private long nextStats;
    private final CapturePriority priority = new CapturePriority();

    CaptureLoop(PcapHandle handle, String device, int linkType, CaptureQueue queue, TappedSource.Tap tap, int timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
        this.handle = handle;
        this.device = device;
        this.linkType = linkType;
        this.queue = queue;
        this.tap = tap;
    }

    void stop() {
        stopped = true;
    }

    @Override
    public void run() {
        priorityFailure = priority.raise();
        try {
            while (!stopped) {
                // every packet waiting (with TPACKET_V3: the ready blocks) in one native call, each through take()
                int n = handle.dispatch(-1, this::take);
                if (failure != null) {
                    break;
                }
                readStats(false);
                if (n == 0) {
                    Thread.sleep(IDLE_MILLIS);
                }
            }
            if (failure == null) {
                // the packets of a block libpcap has not handed over yet: it does once the buffer timeout expired
                Thread.sleep(timeoutMillis + 10L);
                handle.dispatch(-1, this::take);
            }
        } catch (NotOpenException e) {
            // the handle was closed
        } catch (PcapNativeException e) {
            failure = new IOException(device + ": capture failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            readStats(true);
            queue.end();
        }
    }

    /** One packet from libpcap (its callback, on this thread): numbered, shown to the tap, queued. */
    private void take(byte[] b) {
        if (failure != null) {
            return; // the tap failed: the rest of this batch is not taken
        }
        Timestamp t = handle.getTimestamp();
        long nanos = Math.floorDiv(t.getTime(), 1000L) * 1_000_000_000L + t.getNanos();
        Packet p = new Packet(packets + 1, nanos, linkType, handle.getOriginalLength(), ByteBuffer.wrap(b), 0);
        packets = packets + 1; // one writer; readers only read
        bytes = bytes + b.length;
        try {
            if (tap != null) {
                tap.see(p);
            }
        } catch (IOException e) {
            failure = e;
            stopped = true;
            return;
        }
        queue.offer(p);
    }

    private void readStats(boolean now) {
        long t = System.nanoTime();
        if (!now && t - nextStats < 0) {
            return;
        }
        nextStats = t + STATS_EVERY_NANOS;
        if (priorityFailure == null) {
            priority.raiseJvmThreads();
        }
        try {
            PcapStat s = handle.getStats();
            kernelDropped = s.getNumPacketsDropped();
            interfaceDropped = s.getNumPacketsDroppedByIf();
        } catch (PcapNativeException | NotOpenException e) {
            statsFailure = e.getMessage();
        }
    }

    /** The failure that ended the capture (a libpcap error, or the tap's), or null. */
    IOException failure() {
        return failure;
    }

    /** Why this thread's priority could not be raised ({@link CapturePriority}), or null. */
    String priorityFailure() {
        return priorityFailure;
    }

    /** Why pcap_stats could not be read, or null. */
    String statsFailure() {
        return statsFailure;
    }

    /** The counts so far (from any thread). */
    CaptureStats stats() {
        return new CaptureStats(packets, bytes, kernelDropped, interfaceDropped, queue.headersOnly(), queue.lost(),
                queue.bytes(), queue.size(), queue.peakBytes());
    }
}
