package org.kwire.live;

/**
 * How a live capture takes packets.
 *
 * @param snaplen          bytes captured per packet at most
 * @param bufferBytes      libpcap's capture buffer (pcap_set_buffer_size: the kernel's ring on Linux), bytes; it
 *                         absorbs bursts while the capture thread is not running (GC pauses, scheduling)
 * @param queueBytes       captured bytes waiting for the analysis at most ({@link CaptureQueue}); beyond that,
 *                         connections' analysis is dropped rather than packets
 * @param queuePackets     packets waiting for the analysis at most (whole or headers only)
 * @param immediate        libpcap's immediate mode: each packet delivered as it arrives (else in blocks, when the
 *                         buffer timeout expires or a block fills)
 * @param timeoutMillis    libpcap's buffer timeout (pcap_set_timeout) when not immediate, ms
 */
public record CaptureSettings(int snaplen, int bufferBytes, long queueBytes, int queuePackets, boolean immediate,
                              int timeoutMillis) {

    /** Default bytes captured per packet: all of them (256 KiB covers segmentation offload). */
    public static final int DEFAULT_SNAPLEN = 262_144;
    /** Default libpcap buffer, MiB. */
    public static final int DEFAULT_BUFFER_MIB = 64;
    /** Default analysis queue, MiB. */
    public static final int DEFAULT_QUEUE_MIB = 256;
    /**
     * Default buffer timeout, ms: libpcap hands over the packets of a block when it is full or this old. Not immediate
     * mode: on Linux (TPACKET_V3) immediate mode retires a block per wake-up, so the ring fills with nearly empty
     * blocks under load (measured in docs/PERFORMANCE.md, "Live capture").
     */
    public static final int DEFAULT_TIMEOUT_MILLIS = 100;
    /** Default most packets queued. */
    public static final int DEFAULT_QUEUE_PACKETS = 1 << 20;

    /** Validates the sizes. */
    public CaptureSettings {
        if (snaplen <= 0 || bufferBytes <= 0 || queueBytes <= 0 || queuePackets <= 0 || timeoutMillis <= 0) {
            throw new IllegalArgumentException("capture sizes must be positive");
        }
    }

    /** The defaults with another snaplen: not immediate mode, a 100 ms buffer timeout. */
    public static CaptureSettings defaults(int snaplen) {
        return new CaptureSettings(snaplen, DEFAULT_BUFFER_MIB << 20, (long) DEFAULT_QUEUE_MIB << 20,
                DEFAULT_QUEUE_PACKETS, false, DEFAULT_TIMEOUT_MILLIS);
    }

    /** These settings with another libpcap buffer and analysis queue size. */
    public CaptureSettings withSizes(int bufferBytes, long queueBytes) {
        return new CaptureSettings(snaplen, bufferBytes, queueBytes, queuePackets, immediate, timeoutMillis);
    }
}
