package org.kwire.report;

import java.util.HashMap;
import java.util.Map;

/**
 * The node id of a broker endpoint as the capture names it ({@code ip:port}, the server end of its connections), from
 * the endpoints that Metadata, DescribeCluster and Fetch ({@code NodeEndpoints}) responses advertised
 * ({@code host:port}): the node advertised at that very endpoint; else the one node advertised on that port, if no
 * other node is advertised on it. Brokers commonly advertise host names ({@code localhost}, {@code kafka-1.example})
 * that kwire does not resolve, so without the second rule a cluster advertising names would have no broker ids at
 * all; several nodes on one port (brokers on several hosts, each on 9092) leave the endpoint without an id rather
 * than guess. Immutable.
 */
final class BrokerIds {

    private static final int SEVERAL = Integer.MIN_VALUE;

    private final Map<String, Integer> byEndpoint;
    private final Map<String, Integer> byPort = new HashMap<>();

    /** @param advertised node ids by advertised endpoint ({@code host:port}) */
    BrokerIds(Map<String, Integer> advertised) {
        this.byEndpoint = Map.copyOf(advertised);
        advertised.forEach((endpoint, id) -> byPort.merge(port(endpoint), id, (a, b) -> a.equals(b) ? a : SEVERAL));
    }

    /** The node id of {@code endpoint} ({@code ip:port}), or null if no advertised endpoint tells it. */
    Integer of(String endpoint) {
        Integer id = byEndpoint.get(endpoint);
        if (id == null) {
            id = byPort.get(port(endpoint));
        }
        return id == null || id == SEVERAL ? null : id;
    }

    /** The text after the last colon (IPv6 addresses hold colons too). */
    private static String port(String endpoint) {
        return endpoint.substring(endpoint.lastIndexOf(':') + 1);
    }
}
