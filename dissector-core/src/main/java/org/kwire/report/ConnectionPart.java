package org.kwire.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The mergeable state of one connection of the report's {@code connections} ({@link ConnectionStats}), by its
 * provisional stream number.
 *
 * @param stream           TCP stream number (provisional in a merged part)
 * @param client           client endpoint
 * @param broker           broker endpoint
 * @param protocol         {@code kafka}, {@code tls}, {@code unknown} or {@code empty}
 * @param clientIds        distinct client_ids in order of first use
 * @param requests         request frames
 * @param responses        response frames
 * @param bytesFromClient  request frame bytes
 * @param bytesFromBroker  response frame bytes
 */
public record ConnectionPart(int stream, String client, String broker, String protocol, List<String> clientIds,
                             long requests, long responses, long bytesFromClient, long bytesFromBroker) {

    /** The same connection seen in two parts (its later part's counters added; the stitching step joins them). */
    ConnectionPart merge(ConnectionPart o) {
        Set<String> ids = new LinkedHashSet<>(clientIds);
        ids.addAll(o.clientIds);
        return new ConnectionPart(stream, client, broker, protocol.equals("kafka") ? protocol : o.protocol,
                List.copyOf(new ArrayList<>(ids)), requests + o.requests, responses + o.responses,
                bytesFromClient + o.bytesFromClient, bytesFromBroker + o.bytesFromBroker);
    }

    /** This connection under a stream number shifted by {@code streams}. */
    ConnectionPart shift(int streams) {
        return new ConnectionPart(stream + streams, client, broker, protocol, clientIds, requests, responses,
                bytesFromClient, bytesFromBroker);
    }

    ConnectionStats toStats(FrameNumbering n) {
        return new ConnectionStats(n.stream(stream), client, broker, protocol, clientIds, requests, responses,
                bytesFromClient, bytesFromBroker);
    }
}
