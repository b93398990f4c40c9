package org.kwire.live;

import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;
import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.PcapStat;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Packets captured live from a network interface through libpcap (pcap4j over JNA): nanosecond timestamps, immediate
 * delivery (libpcap's immediate mode, polled without blocking), an optional BPF filter. {@link #next()} waits until a
 * packet arrives and returns null once {@link #stop()} was called (from any thread; it takes effect within
 * {@link #POLL_MILLIS}). When it ends, the kernel's
 * drop counts (pcap_stats) become a warning if any packet was dropped. Packets are numbered from 1.
 */
public final class LiveCapture implements PacketSource {

    /** Default bytes captured per packet: all of them (256 KiB covers segmentation offload). */
    public static final int DEFAULT_SNAPLEN = 262_144;
    /** How long {@link #next()} waits before looking again when no packet is waiting, ms. */
    static final int POLL_MILLIS = 10;
    /** Kernel capture buffer, bytes: room for bursts of a busy broker. */
    static final int BUFFER_BYTES = 32 << 20;

    private final PcapHandle handle;
    private final String device;
    private final int linkType;
    private final int snaplen;
    private final List<String> warnings = new ArrayList<>();
    private volatile boolean stopped;
    private long number;
    private volatile long bytes;
    private boolean ended;

    private LiveCapture(PcapHandle handle, String device, int snaplen) {
        this.handle = handle;
        this.device = device;
        this.linkType = handle.getDlt().value();
        this.snaplen = snaplen;
    }

    /**
     * Starts capturing.
     *
     * @param device  interface name, e.g. {@code lo}, {@code eth0}, {@code any}
     * @param filter  BPF filter expression (tcpdump syntax), or null for every packet
     * @param snaplen bytes captured per packet at most
     * @throws LiveCaptureException if libpcap is missing, capture is not permitted, the interface does not exist or
     *                              the filter does not compile
     */
    public static LiveCapture open(String device, String filter, int snaplen) throws LiveCaptureException {
        PcapHandle h;
        try {
            h = new PcapHandle.Builder(device).snaplen(snaplen)
                    .promiscuousMode(PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS)
                    .timeoutMillis(POLL_MILLIS).bufferSize(BUFFER_BYTES).immediateMode(true)
                    .timestampPrecision(PcapHandle.TimestampPrecision.NANO).build();
        } catch (LinkageError e) {
            throw Libpcap.missing(e);
        } catch (PcapNativeException e) {
            throw Libpcap.failure(device, e);
        }
        try {
            // libpcap's read timeout does not fire while no packet arrives (Linux), so poll without blocking
            h.setBlockingMode(PcapHandle.BlockingMode.NONBLOCKING);
        } catch (PcapNativeException | NotOpenException e) {
            h.close();
            throw new LiveCaptureException(LiveCaptureException.Reason.OTHER, "cannot capture on " + device + ": " + e.getMessage());
        }
        try {
            if (filter != null) {
                h.setFilter(filter, BpfProgram.BpfCompileMode.OPTIMIZE);
            }
        } catch (PcapNativeException e) {
            h.close();
            throw new LiveCaptureException(LiveCaptureException.Reason.BAD_FILTER,
                    "capture filter '" + filter + "' does not compile: " + e.getMessage());
        } catch (NotOpenException e) {
            throw new IllegalStateException("handle closed while opening", e);
        }
        return new LiveCapture(h, device, snaplen);
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
        return snaplen;
    }

    /** Makes {@link #next()} return null (soon, if it is blocked); safe from any thread. */
    public void stop() {
        stopped = true;
    }

    @Override
    public Packet next() throws IOException {
        while (!stopped) {
            byte[] b;
            try {
                b = handle.getNextRawPacketEx();
            } catch (TimeoutException e) {
                pause(); // no packet waiting
                continue;
            } catch (EOFException | NotOpenException e) {
                break;
            } catch (PcapNativeException e) {
                throw new IOException(device + ": capture failed: " + e.getMessage(), e);
            }
            Timestamp t = handle.getTimestamp();
            long nanos = Math.floorDiv(t.getTime(), 1000L) * 1_000_000_000L + t.getNanos();
            number++;
            bytes = bytes + b.length; // one writer thread; readers only read
            return new Packet(number, nanos, linkType, handle.getOriginalLength(), ByteBuffer.wrap(b), 0);
        }
        end();
        return null;
    }

    private static void pause() throws IOException {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("live capture interrupted");
        }
    }

    private void end() {
        if (ended) {
            return;
        }
        ended = true;
        try {
            PcapStat s = handle.getStats();
            if (s.getNumPacketsDropped() > 0 || s.getNumPacketsDroppedByIf() > 0) {
                warnings.add(device + ": " + s.getNumPacketsDropped() + " packets dropped by the kernel (capture buffer full) and "
                        + s.getNumPacketsDroppedByIf() + " by the interface, libpcap says: the report misses what they carried");
            }
        } catch (PcapNativeException | NotOpenException e) {
            warnings.add(device + ": capture statistics unavailable (" + e.getMessage() + ")");
        }
    }

    @Override
    public List<String> warnings() {
        return warnings;
    }

    /** Bytes captured so far (readable from any thread). */
    @Override
    public long position() {
        return bytes;
    }

    @Override
    public void close() {
        handle.close();
    }
}
