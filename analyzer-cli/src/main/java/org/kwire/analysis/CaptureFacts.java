package org.kwire.analysis;

import java.util.List;

/**
 * What the packet side of an analysis counted.
 *
 * @param files             capture file names
 * @param packets           packets read
 * @param bytes             total file size in bytes
 * @param firstTimestampNanos first packet time, epoch ns (0 if none)
 * @param lastTimestampNanos  last packet time, epoch ns (0 if none)
 * @param tcpConnections    TCP connections seen
 * @param warnings          reader warnings (truncated files, ...)
 */
public record CaptureFacts(List<String> files, long packets, long bytes, long firstTimestampNanos,
                           long lastTimestampNanos, long tcpConnections, List<String> warnings) {
}
