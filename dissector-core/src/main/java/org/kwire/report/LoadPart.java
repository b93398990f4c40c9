package org.kwire.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The mergeable state of the report's {@code load} section ({@link LoadSummary}): per client (address and client_id)
 * and API the counters of its exchanges, the client's first and last capture time, and per broker endpoint the
 * {@code ThrottleTimeMs} of its responses. Everything adds up (sums, maxima, earliest and latest times), so merging is
 * exact while no part reaches the bound of {@link LoadAccumulator#MAX_CLIENTS} clients; past it the clients after the
 * first by key are cut, their exchanges counted in {@code exchangesOmitted}, and a warning says so. Immutable.
 *
 * @param clients          per client, sorted by address, then client_id
 * @param brokers          per broker endpoint ({@code host:port}) that sent a response with {@code ThrottleTimeMs},
 *                         sorted
 * @param exchangesOmitted exchanges of clients past the bound, not counted in {@code clients}
 */
public record LoadPart(List<ClientLoad> clients, List<BrokerThrottle> brokers, long exchangesOmitted) {

    /** Nothing seen (also what a partial written before this section holds). */
    public static final LoadPart NONE = new LoadPart(List.of(), List.of(), 0);

    /** Reads a missing member as empty. */
    public LoadPart {
        clients = clients == null ? List.of() : List.copyOf(clients);
        brokers = brokers == null ? List.of() : List.copyOf(brokers);
    }

    /**
     * The exchanges of one client with one API.
     *
     * @param requests       requests (with a decoded request header)
     * @param responses      responses to them
     * @param requestBytes   bytes of the requests, size prefixes included
     * @param responseBytes  bytes of the responses, size prefixes included
     * @param errorResponses responses carrying at least one non-zero error code
     * @param throttle       the responses' {@code ThrottleTimeMs}
     */
    public record ApiLoad(String api, long requests, long responses, long requestBytes, long responseBytes,
                          long errorResponses, ThrottleStats throttle) {

        ApiLoad merge(ApiLoad o) {
            return new ApiLoad(api, requests + o.requests, responses + o.responses, requestBytes + o.requestBytes,
                    responseBytes + o.responseBytes, errorResponses + o.errorResponses, throttle.merge(o.throttle));
        }
    }

    /**
     * One client's load.
     *
     * @param clientId       the client_id of its requests (null for request header v0)
     * @param firstSeenNanos capture time of its first request or response, epoch ns
     * @param lastSeenNanos  capture time of its last request or response, epoch ns
     * @param apis           per API name, sorted
     */
    public record ClientLoad(String address, String clientId, long firstSeenNanos, long lastSeenNanos,
                             List<ApiLoad> apis) {

        /** The key clients are listed by (as the {@code clients} section's): address, then client_id. */
        String key() {
            return address + '\0' + clientId;
        }

        ClientLoad merge(ClientLoad o) {
            Map<String, ApiLoad> m = new TreeMap<>();
            apis.forEach(a -> m.put(a.api(), a));
            o.apis.forEach(a -> m.merge(a.api(), a, ApiLoad::merge));
            return new ClientLoad(address, clientId, Math.min(firstSeenNanos, o.firstSeenNanos),
                    Math.max(lastSeenNanos, o.lastSeenNanos), List.copyOf(m.values()));
        }
    }

    /** The {@code ThrottleTimeMs} of the responses of one broker endpoint ({@code host:port}). */
    public record BrokerThrottle(String broker, ThrottleStats throttle) {
    }

    /** Both parts (in either order: nothing here depends on capture order). */
    LoadPart merge(LoadPart s) {
        Map<String, ClientLoad> m = new TreeMap<>();
        clients.forEach(c -> m.put(c.key(), c));
        s.clients.forEach(c -> m.merge(c.key(), c, ClientLoad::merge));
        List<ClientLoad> all = new ArrayList<>(m.values());
        long cut = 0;
        while (all.size() > LoadAccumulator.MAX_CLIENTS) {
            cut += all.remove(all.size() - 1).apis().stream().mapToLong(ApiLoad::requests).sum();
        }
        Map<String, ThrottleStats> b = new TreeMap<>();
        brokers.forEach(x -> b.put(x.broker(), x.throttle()));
        s.brokers.forEach(x -> b.merge(x.broker(), x.throttle(), ThrottleStats::merge));
        List<BrokerThrottle> bl = new ArrayList<>();
        b.forEach((k, v) -> bl.add(new BrokerThrottle(k, v)));
        return new LoadPart(all, bl, exchangesOmitted + s.exchangesOmitted + cut);
    }
}
