package org.kwire.report;

import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the {@code load} section's part ({@link LoadPart}) from the exchanges: per client (its connections' client
 * host and the client_id of its requests, as the {@code clients} section groups them) and API, its requests and their
 * bytes, the responses, their bytes, those with a non-zero error code and their {@code ThrottleTimeMs}
 * ({@link org.kwire.summary.ClusterFacts#throttleTimeMs()}); per broker endpoint the {@code ThrottleTimeMs} of its
 * responses. Exchanges without a decoded request header belong to no client (as in {@code clients}) and count for no
 * broker either (a slice that lost the request cannot decode the response that one analysis may). Bounded: {@link #MAX_CLIENTS} clients; the exchanges of further
 * ones are counted, not kept. Not thread-safe.
 */
final class LoadAccumulator {

    /** Clients kept (as many as the replication lines, groups and producer ids the report keeps). */
    static final int MAX_CLIENTS = 10_000;

    private static final int REQUESTS = 0;
    private static final int RESPONSES = 1;
    private static final int REQUEST_BYTES = 2;
    private static final int RESPONSE_BYTES = 3;
    private static final int ERROR_RESPONSES = 4;

    /** One client's counters per API. */
    private static final class Client {
        final String address;
        final String clientId;
        final SeenSpan seen = new SeenSpan();
        final Map<String, long[]> apis = new TreeMap<>();
        final Map<String, ThrottleStats> throttle = new TreeMap<>();

        Client(String address, String clientId) {
            this.address = address;
            this.clientId = clientId;
        }
    }

    private final Map<String, Client> clients = new TreeMap<>();
    private final Map<String, ThrottleStats> brokers = new TreeMap<>();
    private long exchangesOmitted;

    void onExchange(ExchangeSummary e, String apiName) {
        FrameSummary rs = e.response();
        KafkaRequestHeader h = e.requestHeader();
        if (h == null) {
            return;
        }
        int throttleMs = ThrottleStats.ofResponse(e);
        if (throttleMs >= 0) {
            brokers.merge(e.conversation().broker(), ThrottleStats.NONE.add(throttleMs), ThrottleStats::merge);
        }
        String address = ClientAccumulator.address(e.conversation().client());
        String key = address + '\0' + h.clientId();
        Client c = clients.get(key);
        if (c == null) {
            if (clients.size() >= MAX_CLIENTS) {
                exchangesOmitted++;
                return;
            }
            c = new Client(address, h.clientId());
            clients.put(key, c);
        }
        long[] n = c.apis.computeIfAbsent(apiName, k -> new long[5]);
        n[REQUESTS]++;
        n[REQUEST_BYTES] += e.request().frame().length();
        c.seen.add(e.request().frame().lastTimestampNanos());
        if (rs == null) {
            return;
        }
        n[RESPONSES]++;
        n[RESPONSE_BYTES] += rs.frame().length();
        n[ERROR_RESPONSES] += rs.errors().isEmpty() ? 0 : 1;
        c.seen.add(rs.frame().lastTimestampNanos());
        if (throttleMs >= 0) {
            c.throttle.merge(apiName, ThrottleStats.NONE.add(throttleMs), ThrottleStats::merge);
        }
    }

    LoadPart part() {
        List<LoadPart.ClientLoad> out = new ArrayList<>();
        for (Client c : clients.values()) {
            List<LoadPart.ApiLoad> apis = new ArrayList<>();
            c.apis.forEach((api, n) -> apis.add(new LoadPart.ApiLoad(api, n[REQUESTS], n[RESPONSES], n[REQUEST_BYTES],
                    n[RESPONSE_BYTES], n[ERROR_RESPONSES], c.throttle.getOrDefault(api, ThrottleStats.NONE))));
            out.add(new LoadPart.ClientLoad(c.address, c.clientId, c.seen.firstNanos(), c.seen.lastNanos(), apis));
        }
        List<LoadPart.BrokerThrottle> b = new ArrayList<>();
        brokers.forEach((k, v) -> b.add(new LoadPart.BrokerThrottle(k, v)));
        return new LoadPart(out, b, exchangesOmitted);
    }
}
