package org.kwire.report;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The mergeable state of one client of the report's {@code client_telemetry} (KIP-714): a client address, client_id
 * and client instance id, the subscription the broker gave it last, its pushes and its series' latest points.
 *
 * @param address          the client's address (its connections' host, as the {@code clients} section names it)
 * @param clientId         the client_id of its requests
 * @param clientInstanceId its {@code ClientInstanceId} (Kafka's uuid notation)
 * @param subscription     the last GetTelemetrySubscriptions response it got (by capture time), or null
 * @param pushes           PushTelemetry requests it sent
 * @param terminating      whether one of them was {@code Terminating}
 * @param lastPushNanos    capture time of its last push, epoch ns; {@link Long#MIN_VALUE} if none
 * @param payloadProblems  pushes whose metrics were not decoded (each has an expert note)
 * @param firstSeenNanos   capture time of its first telemetry exchange, epoch ns
 * @param series           its series, by metric name then attributes
 */
public record TelemetryClientPart(String address, String clientId, String clientInstanceId, Subscription subscription,
                                  long pushes, boolean terminating, long lastPushNanos, long payloadProblems,
                                  long firstSeenNanos, List<TelemetrySeriesPart> series) {

    /** Keeps an unmodifiable copy of the series. */
    public TelemetryClientPart {
        series = List.copyOf(series);
    }

    /**
     * A GetTelemetrySubscriptions response (GetTelemetrySubscriptionsResponse.json).
     *
     * @param subscriptionId    {@code SubscriptionId}
     * @param errorCode         {@code ErrorCode}
     * @param requestedMetrics  {@code RequestedMetrics}: metric name prefixes ({@code ""}: all)
     * @param pushIntervalMs    {@code PushIntervalMs}, ms
     * @param acceptedCompression {@code AcceptedCompressionTypes} as codec names ({@code zstd}, ...), broker's order
     * @param telemetryMaxBytes {@code TelemetryMaxBytes}
     * @param deltaTemporality  {@code DeltaTemporality}
     * @param timeNanos         capture time of the response, epoch ns
     */
    public record Subscription(int subscriptionId, int errorCode, List<String> requestedMetrics, int pushIntervalMs,
                               List<String> acceptedCompression, int telemetryMaxBytes, boolean deltaTemporality,
                               long timeNanos) {

        /** Keeps unmodifiable copies of the lists. */
        public Subscription {
            requestedMetrics = List.copyOf(requestedMetrics);
            acceptedCompression = List.copyOf(acceptedCompression);
        }

        /** The later of two by capture time (of one time: the larger subscription id), so merging is exact. */
        static Subscription later(Subscription a, Subscription b) {
            if (a == null || b == null) {
                return a == null ? b : a;
            }
            int c = Long.compare(b.timeNanos, a.timeNanos);
            return c > 0 || c == 0 && b.subscriptionId > a.subscriptionId ? b : a;
        }
    }

    /** The key clients are listed by: address, client_id, instance id. */
    String key() {
        return address + '\0' + clientId + '\0' + clientInstanceId;
    }

    /** The same client in another part, added. */
    TelemetryClientPart merge(TelemetryClientPart o) {
        Map<String, TelemetrySeriesPart> s = new TreeMap<>();
        series.forEach(x -> s.put(x.key(), x));
        o.series.forEach(x -> s.merge(x.key(), x, TelemetrySeriesPart::merge));
        return new TelemetryClientPart(address, clientId, clientInstanceId, Subscription.later(subscription, o.subscription),
                pushes + o.pushes, terminating || o.terminating, Math.max(lastPushNanos, o.lastPushNanos),
                payloadProblems + o.payloadProblems, Math.min(firstSeenNanos, o.firstSeenNanos), List.copyOf(s.values()));
    }

    /** This client with only these series. */
    TelemetryClientPart withSeries(List<TelemetrySeriesPart> kept) {
        return new TelemetryClientPart(address, clientId, clientInstanceId, subscription, pushes, terminating,
                lastPushNanos, payloadProblems, firstSeenNanos, kept);
    }
}
