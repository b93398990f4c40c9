package org.kwire.metrics;

/**
 * The capture's own health, as {@link CaptureHealthMetrics} exports it: what was read and what was lost on the way,
 * so that a dashboard shows when the other numbers are incomplete. Counts since the start.
 *
 * @param packets          packets captured (live: taken from libpcap; a file: read)
 * @param bytes            their captured bytes
 * @param kernelDropped    packets the kernel dropped, its capture buffer full (pcap_stats ps_drop)
 * @param interfaceDropped packets the interface dropped (ps_ifdrop)
 * @param kwireDropped     packets captured but not analyzed: their connection's analysis was dropped because it
 *                         fell behind, or the analysis queue was exhausted
 * @param shedConnections  connections whose analysis was dropped so
 * @param queueBytes       captured bytes waiting for the analysis now
 * @param queuePackets     packets waiting for the analysis now
 * @param files            capture files written ({@code -w}, each ring buffer file counting)
 */
public record CaptureCounts(long packets, long bytes, long kernelDropped, long interfaceDropped, long kwireDropped,
                            long shedConnections, long queueBytes, long queuePackets, long files) {
}
