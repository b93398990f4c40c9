package org.kwire.cli;

import org.kwire.capture.PacketPipeline;
import org.kwire.live.CaptureStats;
import org.kwire.live.LiveCapture;
import org.kwire.metrics.CaptureCounts;
import org.kwire.pcap.RingWriter;

/**
 * A live capture's health from its three parts: the capture thread (packets taken, libpcap's drops, the queue), the
 * analysis (connections shed) and the writer (files): for the metrics and the closing line on stderr.
 */
final class LiveHealth {

    private final LiveCapture capture;
    private final PacketPipeline pipeline;
    private final RingWriter writer;

    LiveHealth(LiveCapture capture, PacketPipeline pipeline, RingWriter writer) {
        this.capture = capture;
        this.pipeline = pipeline;
        this.writer = writer;
    }

    /** The counts now (from any thread). */
    CaptureCounts counts() {
        CaptureStats s = capture.stats();
        return new CaptureCounts(s.packets(), s.bytes(), s.kernelDropped(), s.interfaceDropped(),
                pipeline.shedPackets() + s.lost(), pipeline.shedConnections(), s.queueBytes(), s.queuePackets(),
                writer == null ? 0 : writer.filesWritten());
    }

    /**
     * One line, like tcpdump's closing lines: {@code 4826 packets captured on lo, 0 dropped by the kernel, 0 by the
     * interface; 0 not analyzed (0 connections shed); analysis queue peak 12 MiB}.
     */
    String summary() {
        CaptureStats s = capture.stats();
        return s.packets() + " packets captured on " + capture.device() + ", " + s.kernelDropped() + " dropped by the kernel, "
                + s.interfaceDropped() + " by the interface; " + (pipeline.shedPackets() + s.lost()) + " not analyzed ("
                + pipeline.shedConnections() + " connections shed); analysis queue peak "
                + (s.queuePeakBytes() + (1 << 20) - 1 >> 20) + " MiB";
    }
}
