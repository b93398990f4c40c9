package org.kwire.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The report's {@code load} section: who causes load. Per client (address and client_id, as in {@code clients}) and
 * API: request rate, bytes each way, error rate and the {@code ThrottleTimeMs} of the responses (quota hits); the top
 * talkers by bytes; the throttling per broker endpoint. Rates are per second over the client's span (its first to
 * its last request or response); null when the span is 0 (a single moment).
 *
 * @param clients          per client, sorted by address, then client_id; at most {@link LoadAccumulator#MAX_CLIENTS}
 * @param topTalkers       the {@code --top} clients with the most bytes each way together, most first (ties by
 *                         address, then client_id)
 * @param brokers          per broker endpoint that sent responses with {@code ThrottleTimeMs}, sorted by endpoint
 * @param exchangesOmitted exchanges of clients past {@link LoadAccumulator#MAX_CLIENTS}, not counted in {@code clients}
 */
public record LoadSummary(List<ClientLoad> clients, List<TopTalker> topTalkers, List<LoadPart.BrokerThrottle> brokers,
                          long exchangesOmitted) {

    /**
     * One client's load: its APIs added up, and each API.
     *
     * @param clientId       the client_id of its requests (null for request header v0)
     * @param address        its connections' client host, without port
     * @param firstSeen      capture time of its first request or response, ISO-8601 UTC
     * @param lastSeen       capture time of its last request or response, ISO-8601 UTC
     * @param spanSeconds    from first to last seen, seconds
     * @param requests       its requests
     * @param responses      responses to them
     * @param requestRate    requests per second over its span; null if the span is 0
     * @param requestBytes   bytes of its requests, size prefixes included
     * @param responseBytes  bytes of the responses, size prefixes included
     * @param errorResponses responses carrying at least one non-zero error code
     * @param errorRate      error responses / responses; null without responses
     * @param throttle       the responses' {@code ThrottleTimeMs}
     * @param apis           per API, by name
     */
    public record ClientLoad(String clientId, String address, String firstSeen, String lastSeen, double spanSeconds,
                             long requests, long responses, Double requestRate, long requestBytes, long responseBytes,
                             long errorResponses, Double errorRate, ThrottleStats throttle, List<ApiLoad> apis) {
    }

    /**
     * One API of a client.
     *
     * @param requestRate requests per second over the client's span; null if the span is 0
     * @param errorRate   error responses / responses; null without responses
     */
    public record ApiLoad(String api, long requests, long responses, Double requestRate, long requestBytes,
                          long responseBytes, long errorResponses, Double errorRate, ThrottleStats throttle) {
    }

    /**
     * A client among the top talkers.
     *
     * @param bytes request and response bytes together
     */
    public record TopTalker(String clientId, String address, long bytes, long requestBytes, long responseBytes,
                            long requests) {
    }

    /** The section of a part; {@code top} talkers listed. */
    static LoadSummary of(LoadPart p, int top) {
        List<ClientLoad> clients = new ArrayList<>();
        for (LoadPart.ClientLoad c : p.clients()) {
            long span = c.lastSeenNanos() - c.firstSeenNanos();
            double seconds = span / 1e9;
            List<ApiLoad> apis = new ArrayList<>();
            long[] n = new long[5];
            ThrottleStats throttle = ThrottleStats.NONE;
            for (LoadPart.ApiLoad a : c.apis()) {
                apis.add(new ApiLoad(a.api(), a.requests(), a.responses(), rate(a.requests(), span),
                        a.requestBytes(), a.responseBytes(), a.errorResponses(), ratio(a.errorResponses(), a.responses()),
                        a.throttle()));
                n[0] += a.requests();
                n[1] += a.responses();
                n[2] += a.requestBytes();
                n[3] += a.responseBytes();
                n[4] += a.errorResponses();
                throttle = throttle.merge(a.throttle());
            }
            clients.add(new ClientLoad(c.clientId(), c.address(), SeenSpan.iso(c.firstSeenNanos()),
                    SeenSpan.iso(c.lastSeenNanos()), seconds, n[0], n[1], rate(n[0], span), n[2], n[3], n[4],
                    ratio(n[4], n[1]), throttle, List.copyOf(apis)));
        }
        List<TopTalker> talkers = clients.stream() // clients are in key order: a stable sort keeps it among ties
                .sorted(Comparator.comparingLong((ClientLoad c) -> c.requestBytes() + c.responseBytes()).reversed())
                .limit(top)
                .map(c -> new TopTalker(c.clientId(), c.address(), c.requestBytes() + c.responseBytes(), c.requestBytes(),
                        c.responseBytes(), c.requests()))
                .toList();
        return new LoadSummary(List.copyOf(clients), talkers, p.brokers(), p.exchangesOmitted());
    }

    private static Double rate(long count, long spanNanos) {
        return spanNanos <= 0 ? null : count * 1e9 / spanNanos;
    }

    private static Double ratio(long part, long whole) {
        return whole == 0 ? null : (double) part / whole;
    }
}
