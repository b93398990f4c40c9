package org.kwire.telemetry;

import java.util.List;

/**
 * What one body of the telemetry APIs said (KIP-714): a GetTelemetrySubscriptions response's subscription, or a
 * PushTelemetry request's push. Field names are Kafka's (GetTelemetrySubscriptionsResponse.json,
 * PushTelemetryRequest.json).
 *
 * @param clientInstanceId {@code ClientInstanceId} in Kafka's notation (URL-safe base64 without padding, as
 *                         {@code Uuid.toString}); in a response, the id the broker assigned, or the zero uuid's text
 * @param subscriptionId   {@code SubscriptionId}
 * @param subscription     the response's subscription, or null for a push
 * @param push             the request's push, or null for a subscription
 */
public record TelemetryFacts(String clientInstanceId, int subscriptionId, Subscription subscription, Push push) {

    /**
     * A GetTelemetrySubscriptions response's subscription.
     *
     * @param errorCode                {@code ErrorCode}
     * @param acceptedCompressionTypes {@code AcceptedCompressionTypes}: codec ids (0 none .. 4 zstd) in the broker's
     *                                 order of preference
     * @param pushIntervalMs           {@code PushIntervalMs}, ms
     * @param telemetryMaxBytes        {@code TelemetryMaxBytes}: most bytes of one push's metrics
     * @param deltaTemporality         {@code DeltaTemporality}: sums pushed as deltas rather than cumulative
     * @param requestedMetrics         {@code RequestedMetrics}: metric name prefixes; empty: none, one {@code ""}: all
     */
    public record Subscription(int errorCode, List<Integer> acceptedCompressionTypes, int pushIntervalMs,
                               int telemetryMaxBytes, boolean deltaTemporality, List<String> requestedMetrics) {

        /** Keeps unmodifiable copies of the lists. */
        public Subscription {
            acceptedCompressionTypes = List.copyOf(acceptedCompressionTypes);
            requestedMetrics = List.copyOf(requestedMetrics);
        }
    }

    /**
     * A PushTelemetry request's push.
     *
     * @param terminating     {@code Terminating}: the client's last push before it closes
     * @param compressionType {@code CompressionType}
     * @param payload         its {@code Metrics}, decoded (or the problem that stopped that)
     * @param payloadOffset   the frame offset of the payload's first byte, for notes
     */
    public record Push(boolean terminating, int compressionType, TelemetryPayload payload, int payloadOffset) {
    }
}
