package org.kwire.live;

/**
 * A live capture's own health so far: what libpcap and the kernel say (pcap_stats) and what kwire did with the
 * packets. Counts since the capture started.
 *
 * @param packets           packets kwire took from libpcap
 * @param bytes             their captured bytes
 * @param kernelDropped     packets the kernel dropped because the capture buffer was full (pcap_stats ps_drop)
 * @param interfaceDropped  packets the interface or its driver dropped (ps_ifdrop; 0 where unsupported)
 * @param headersOnly       packets handed to the analysis without their payload because its queue was full: their
 *                          connections' analysis was dropped
 * @param lost              packets kwire could not hand to the analysis at all (its queue's entries were exhausted)
 * @param queueBytes        captured bytes waiting for the analysis now
 * @param queuePackets      packets waiting for the analysis now
 * @param queuePeakBytes    most captured bytes that waited at once
 */
public record CaptureStats(long packets, long bytes, long kernelDropped, long interfaceDropped, long headersOnly,
                           long lost, long queueBytes, long queuePackets, long queuePeakBytes) {
}
