package org.kwire.partial;

import java.util.List;

/**
 * What a slice's partial holds about its edges, for merging it with the slices before and after it of the same
 * capture point.
 * <p>
 * Now: its capture point's signature ({@code linkTypes}, {@code hostAddresses}) and its TCP connections (which ones
 * started without their SYN, which were open at its end), from which a merge finds the connections that cross a file
 * boundary and says so. The stitching step adds, per connection and direction, what one analysis would carry from one
 * file into the next: {@code tail} (at the end of the slice: the bytes of a frame still incomplete, the requests still
 * pending) and {@code head} (at the start: the bytes before the first frame boundary, the responses whose request is
 * not in this slice). Both are empty lists until then; their shape is specified in {@code docs/partial.schema.json}.
 *
 * @param linkTypes     LINKTYPE_ values of the slice's packets
 * @param hostAddresses the IP addresses that take part in the most connections (the capturing host's own, usually)
 * @param connections   every TCP connection of the slice, ascending stream
 * @param tail          per connection and direction, the state at the slice's end (the stitching step fills it)
 * @param head          per connection and direction, the state at the slice's start (the stitching step fills it)
 */
public record Boundary(List<Integer> linkTypes, List<String> hostAddresses, List<BoundaryConnection> connections,
                       List<Edge> tail, List<Edge> head) {

    /**
     * The state of one direction of one connection at an edge of a slice, as the stitching step will record it.
     *
     * @param stream          the connection's stream in the slice
     * @param fromClient      the direction: client to broker (requests) or broker to client (responses)
     * @param streamOffset    where in the direction's byte stream the edge is
     * @param bytes           tail: the bytes of a frame still incomplete at the end; head: the bytes before the first
     *                        frame boundary at the start; base64
     * @param correlationIds  tail: the requests still pending (their correlation_ids); head: the responses whose
     *                        request is not in the slice
     */
    public record Edge(int stream, boolean fromClient, long streamOffset, String bytes, List<Integer> correlationIds) {
    }
}
