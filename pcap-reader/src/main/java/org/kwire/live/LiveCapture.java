package org.kwire.live;

import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;
import org.kwire.pcap.TappedSource;
import org.pcap4j.core.PcapHandle;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Packets captured live from a network interface through libpcap (pcap4j over JNA): nanosecond timestamps, a large
 * capture buffer handed over in blocks ({@link CaptureSettings}), an optional BPF filter. A thread of its own ({@link CaptureLoop}, started by {@link #start()}) does
 * nothing but take packets from libpcap and queue them ({@link CaptureQueue}), so that the analysis, reading them
 * through {@link #next()} on another thread, never makes the kernel drop packets: when it falls behind by more than
 * the queue holds, packets are queued without their payload ({@link #headersOnly()}) and their connections' analysis
 * is dropped, counted. {@link #next()} returns null once {@link #stop()} was called (from any thread) and every
 * packet captured until then was taken. When it ends, libpcap's drop counts (pcap_stats) become a warning if any
 * packet was dropped. Packets are numbered from 1.
 */
public final class LiveCapture implements PacketSource {

    /** Default bytes captured per packet: all of them (256 KiB covers segmentation offload). */
    public static final int DEFAULT_SNAPLEN = CaptureSettings.DEFAULT_SNAPLEN;
    /** How long {@link #next()} waits before looking again, ms. */
    private static final int POLL_MILLIS = 100;

    private final PcapHandle handle;
    private final String device;
    private final int linkType;
    private final CaptureSettings settings;
    private final CaptureQueue queue;
    private final List<String> warnings = new ArrayList<>();
    private CaptureLoop loop;
    private Thread thread;
    private TappedSource.Tap tap;
    private volatile boolean stopRequested;
    private boolean headersOnly;
    private volatile Runnable idle = () -> { };
    private boolean ended;

    private LiveCapture(PcapHandle handle, String device, CaptureSettings settings) {
        this.handle = handle;
        this.device = device;
        this.linkType = handle.getDlt().value();
        this.settings = settings;
        this.queue = new CaptureQueue(settings.queueBytes(), settings.queuePackets());
    }

    /** Opens a capture with the default settings and this snaplen; see {@link #open(String, String, CaptureSettings)}. */
    public static LiveCapture open(String device, String filter, int snaplen) throws LiveCaptureException {
        return open(device, filter, CaptureSettings.defaults(snaplen));
    }

    /**
     * Opens a capture; packets are taken once {@link #start()} is called.
     *
     * @param device   interface name, e.g. {@code lo}, {@code eth0}, {@code any}
     * @param filter   BPF filter expression (tcpdump syntax), or null for every packet
     * @param settings snaplen, buffer and queue sizes
     * @throws LiveCaptureException if pcap4j or JNA is not on the class path, libpcap is missing, capture is not
     *                              permitted, the interface does not exist or the filter does not compile
     */
    public static LiveCapture open(String device, String filter, CaptureSettings settings) throws LiveCaptureException {
        LiveLibraries.require();
        if (device == null || device.isEmpty()) { // pcap4j would throw IllegalArgumentException
            throw new LiveCaptureException(LiveCaptureException.Reason.NO_SUCH_INTERFACE,
                    "no interface named '' (an empty name; kwire interfaces lists them)");
        }
        return new LiveCapture(LibpcapHandles.open(device, filter, settings), device, settings);
    }

    /** The interface captured on. */
    public String device() {
        return device;
    }

    /** LINKTYPE_ of the interface's packets (e.g. 1 for Ethernet and Linux loopback). */
    public int linkType() {
        return linkType;
    }

    /** Bytes captured per packet at most. */
    public int snaplen() {
        return settings.snaplen();
    }

    /**
     * What the thread reading packets ({@link #next()}) does while no packet has come for {@value #POLL_MILLIS} ms
     * (and again every {@value #POLL_MILLIS} ms of silence), e.g. hand finished work on; it runs on that thread.
     */
    public void onIdle(Runnable action) {
        this.idle = action;
    }

    /**
     * Shows every packet, whole, to {@code tap} on the capture thread as it is taken (e.g. to save it); call before
     * {@link #start()}. A tap that throws ends the capture with its exception.
     */
    public void tap(TappedSource.Tap tap) {
        if (thread != null) {
            throw new IllegalStateException("capture already started");
        }
        this.tap = tap;
    }

    /** Starts the capture thread. */
    public synchronized void start() {
        if (thread != null) {
            throw new IllegalStateException("capture already started");
        }
        loop = new CaptureLoop(handle, device, linkType, queue, tap, settings.timeoutMillis());
        thread = new Thread(loop, "kwire-capture");
        thread.setDaemon(true);
        thread.start();
        if (stopRequested) {
            loop.stop();
        }
    }

    /** Makes {@link #next()} return null once the packets captured so far are taken; safe from any thread. */
    public synchronized void stop() {
        stopRequested = true;
        if (loop != null) {
            loop.stop();
        }
    }

    /** The capture's health so far: packets taken, dropped by the kernel and by kwire, the queue (from any thread). */
    public synchronized CaptureStats stats() {
        return loop == null ? new CaptureStats(0, 0, 0, 0, 0, 0, 0, 0, 0) : loop.stats();
    }

    @Override
    public Packet next() throws IOException {
        if (thread == null) {
            start();
        }
        while (true) {
            CaptureQueue.Entry e;
            try {
                e = queue.poll(POLL_MILLIS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("live capture interrupted");
            }
            if (e == null) {
                idle.run();
                continue;
            }
            if (CaptureQueue.isEnd(e)) {
                end();
                return null;
            }
            headersOnly = e.headersOnly();
            return e.packet();
        }
    }

    /** True if the packet last returned by {@link #next()} carries only its headers: its connection is to be shed. */
    @Override
    public boolean headersOnly() {
        return headersOnly;
    }

    private void end() throws IOException {
        if (ended) {
            return;
        }
        ended = true;
        joinThread();
        if (loop.failure() != null) {
            throw loop.failure();
        }
        CaptureStats s = loop.stats();
        if (loop.statsFailure() != null) {
            warnings.add(device + ": capture statistics unavailable (" + loop.statsFailure() + ")");
        } else if (s.kernelDropped() > 0 || s.interfaceDropped() > 0) {
            warnings.add(device + ": " + s.kernelDropped() + " packets dropped by the kernel (capture buffer full) and "
                    + s.interfaceDropped() + " by the interface, libpcap says: the report misses what they carried");
        }
        if (loop.priorityFailure() != null && (s.kernelDropped() > 0 || s.interfaceDropped() > 0)) {
            warnings.add(device + ": the capture thread ran at normal priority (" + loop.priorityFailure() + ")");
        }
        if (s.lost() > 0) {
            warnings.add(device + ": " + s.lost() + " packets not analyzed: kwire's analysis queue was full even of "
                    + "packet headers (their connections show gaps)");
        }
    }

    private void joinThread() throws InterruptedIOException {
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("live capture interrupted");
        }
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }

    /** Bytes captured so far (readable from any thread). */
    @Override
    public long position() {
        return stats().bytes();
    }

    /** Stops the capture thread (if running) and closes the libpcap handle. */
    @Override
    public void close() {
        stop();
        if (thread != null) {
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        handle.close();
    }
}
