package org.kwire.tcp;

/**
 * Told of TCP payload that arrived on a connection's 4-tuple after the connection had ended and that could not be
 * placed in its streams (beyond its FIN or RST, before its first byte, or once the connection was given up): it is not
 * analyzed. Called in capture order, between the reassembler's other events.
 */
@FunctionalInterface
public interface DataAfterClose {

    /** Ignores everything. */
    DataAfterClose NONE = (connection, fromA, bytes, packet, first) -> { };

    /**
     * @param connection the connection that had ended
     * @param fromA      true for bytes sent by its endpoint A
     * @param bytes      payload bytes not analyzed (the segment's, as sent)
     * @param packet     capture frame number of the segment
     * @param first      true for the first such segment of this connection
     */
    void onDataAfterClose(TcpConnection connection, boolean fromA, long bytes, long packet, boolean first);

    /**
     * What came after close and was not analyzed, so far.
     *
     * @param segments    segments with such payload
     * @param bytes       their payload bytes
     * @param connections connections they came for
     * @param firstPacket capture frame number of the first, or 0
     * @param firstOffset stream offset of its first byte in its direction, or -1 if not known (or before the stream)
     * @param firstWhere  its connection and direction, e.g. {@code stream 0 10.0.0.2:9092 -> 10.0.0.1:50401}
     */
    record Counts(long segments, long bytes, long connections, long firstPacket, long firstOffset, String firstWhere) {
    }
}
