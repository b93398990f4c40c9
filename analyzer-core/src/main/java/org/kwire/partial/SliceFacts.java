package org.kwire.partial;

import org.kwire.expert.ExpertNote;

import java.util.List;

/**
 * What the packet side of one slice's analysis counted, as a partial carries it.
 *
 * @param files                capture file names as given
 * @param bytes                their size in bytes
 * @param packets              packets read
 * @param firstTimestampNanos  time of the first packet, epoch ns (0 if none)
 * @param lastTimestampNanos   time of the last packet, epoch ns (0 if none)
 * @param tcpConnections       TCP connections seen
 * @param warnings             the readers' warnings (damaged files, ...) and the boundary's, as expert notes
 * @param malformedPackets     packets whose link, IP or TCP header was cut short or invalid
 * @param shedConnections      connections whose analysis was dropped (live only)
 * @param shedPackets          packets not analyzed for it
 * @param incompleteDatagrams  fragmented IP datagrams not reassembled
 * @param fragmentTimeoutSeconds how long a datagram waits for its fragments
 * @param timeline             packet times and connection starts ({@link Timeline})
 * @param boundary             the slice's edges ({@link Boundary})
 */
public record SliceFacts(List<String> files, long bytes, long packets, long firstTimestampNanos, long lastTimestampNanos,
                         long tcpConnections, List<ExpertNote> warnings, long malformedPackets, long shedConnections,
                         long shedPackets, long incompleteDatagrams, long fragmentTimeoutSeconds, Timeline.Encoded timeline,
                         Boundary boundary) {

    /** These facts with {@code b} as the slice's edges. */
    public SliceFacts withBoundary(Boundary b) {
        return new SliceFacts(files, bytes, packets, firstTimestampNanos, lastTimestampNanos, tcpConnections, warnings,
                malformedPackets, shedConnections, shedPackets, incompleteDatagrams, fragmentTimeoutSeconds, timeline, b);
    }
}
