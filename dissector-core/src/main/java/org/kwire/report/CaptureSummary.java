package org.kwire.report;

import java.util.List;

/**
 * Facts about the analyzed input.
 *
 * @param files            capture file names as given
 * @param packets          packets read
 * @param bytes            total size of the capture files in bytes
 * @param firstTimestamp   capture time of the first packet, ISO-8601 UTC, or null if none
 * @param lastTimestamp    capture time of the last packet, ISO-8601 UTC, or null if none
 * @param tcpConnections   TCP connections seen (a connection is a 4-tuple from SYN or first packet to its end)
 * @param kafkaConnections connections decoded as Kafka
 * @param frames           Kafka frames (requests and responses) cut from the streams
 * @param malformedFrames  frames whose size, header or body could not be decoded although all their bytes were captured
 * @param incompleteFrames frames the capture lost bytes of (gaps, snaplen, capture end): counted by their header,
 *                         their body not read
 */
public record CaptureSummary(List<String> files, long packets, long bytes, String firstTimestamp, String lastTimestamp,
                             long tcpConnections, long kafkaConnections, long frames, long malformedFrames,
                             long incompleteFrames) {
}
