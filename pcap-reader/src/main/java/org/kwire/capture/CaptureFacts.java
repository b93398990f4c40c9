package org.kwire.capture;

import org.kwire.expert.ExpertNote;

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
 * @param warnings          the capture's warnings (a damaged or truncated file, packets skipped, ...): notes of
 *                          {@code capture.*} and {@code ip.*} items, not tied to a packet
 */
public record CaptureFacts(List<String> files, long packets, long bytes, long firstTimestampNanos,
                           long lastTimestampNanos, long tcpConnections, List<ExpertNote> warnings) {
}
