package org.kwire.report;

import org.kwire.conversation.KafkaConversation;
import org.kwire.dissect.WireValues;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.records.Codec;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.telemetry.TelemetryFacts;
import org.kwire.telemetry.TelemetryFactsCollector;
import org.kwire.telemetry.TelemetryMetric;
import org.kwire.telemetry.TelemetryPoint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report's {@code client_telemetry} (KIP-714): per client (address, client_id, {@code ClientInstanceId}) the
 * subscription its GetTelemetrySubscriptions responses gave it, its PushTelemetry requests, and the latest point of
 * each of its series (metric name and data point attributes, {@link TelemetrySeriesPart}). A response names the
 * instance id the broker assigned, or the zero uuid when the request named one already: then the request's counts.
 * Bounded by {@link ClientTelemetryPart#MAX_CLIENTS} and {@link ClientTelemetryPart#MAX_SERIES}, the first seen kept.
 */
final class TelemetryAccumulator implements ExchangeSink {

    private static final String ZERO_UUID = WireValues.kafkaUuid(0, 0);

    private final Map<String, Client> clients = new LinkedHashMap<>();
    private int series;
    private long pushesLeftOut;
    private long pointsLeftOut;

    /** One client's state. */
    private static final class Client {
        final String address;
        final String clientId;
        final String instanceId;
        final long firstSeenNanos;
        final Map<String, TelemetrySeriesPart> series = new TreeMap<>();
        TelemetryClientPart.Subscription subscription;
        long pushes;
        boolean terminating;
        long lastPushNanos = Long.MIN_VALUE;
        long payloadProblems;

        Client(String address, String clientId, String instanceId, long firstSeenNanos) {
            this.address = address;
            this.clientId = clientId;
            this.instanceId = instanceId;
            this.firstSeenNanos = firstSeenNanos;
        }
    }

    @Override
    public void onExchange(ExchangeSummary e) {
        KafkaRequestHeader h = e.requestHeader();
        if (h == null) {
            return;
        }
        TelemetryFacts request = e.request().message().telemetry();
        long time = e.request().frame().lastTimestampNanos();
        if (h.apiKey() == TelemetryFactsCollector.PUSH_TELEMETRY && request != null && request.push() != null) {
            Client c = client(e.conversation(), h.clientId(), request.clientInstanceId(), time);
            if (c == null) {
                pushesLeftOut++;
                return;
            }
            push(c, request.push(), time);
        } else if (h.apiKey() == TelemetryFactsCollector.GET_TELEMETRY_SUBSCRIPTIONS && e.response() != null) {
            FrameSummary r = e.response();
            TelemetryFacts response = r.message().telemetry();
            if (response == null || response.subscription() == null) {
                return;
            }
            String instance = !ZERO_UUID.equals(response.clientInstanceId()) || request == null
                    ? response.clientInstanceId() : request.clientInstanceId();
            Client c = client(e.conversation(), h.clientId(), instance, time);
            if (c != null) {
                TelemetryFacts.Subscription s = response.subscription();
                List<String> codecs = s.acceptedCompressionTypes().stream()
                        .map(id -> id >= 0 && id < Codec.UNKNOWN.ordinal() ? Codec.values()[id].label() : "unknown(" + id + ")")
                        .toList();
                c.subscription = TelemetryClientPart.Subscription.later(c.subscription, new TelemetryClientPart.Subscription(
                        response.subscriptionId(), s.errorCode(), s.requestedMetrics(), s.pushIntervalMs(), codecs,
                        s.telemetryMaxBytes(), s.deltaTemporality(), r.frame().lastTimestampNanos()));
            }
        }
    }

    private Client client(KafkaConversation conversation, String clientId, String instanceId, long time) {
        String address = ClientAccumulator.address(conversation.client());
        String key = address + '\0' + clientId + '\0' + instanceId;
        Client c = clients.get(key);
        if (c == null && clients.size() < ClientTelemetryPart.MAX_CLIENTS) {
            c = new Client(address, clientId, instanceId, time);
            clients.put(key, c);
        }
        return c;
    }

    private void push(Client c, TelemetryFacts.Push p, long time) {
        c.pushes++;
        c.terminating |= p.terminating();
        c.lastPushNanos = Math.max(c.lastPushNanos, time);
        if (p.payload().problem() != null) {
            c.payloadProblems++;
            return;
        }
        for (TelemetryMetric m : p.payload().metrics()) {
            for (TelemetryPoint pt : m.points()) {
                boolean counted = m.type().counted();
                TelemetrySeriesPart s = new TelemetrySeriesPart(m.name(), m.type().label(), m.unit(),
                        new TreeMap<>(pt.attributes()), pt.timeUnixNano(), counted ? null : finite(pt.value()),
                        counted ? pt.count() : null, counted ? finite(pt.sum()) : null, 1, time);
                String key = s.key();
                TelemetrySeriesPart old = c.series.get(key);
                if (old != null) {
                    c.series.put(key, old.merge(s));
                } else if (series < ClientTelemetryPart.MAX_SERIES) {
                    series++;
                    c.series.put(key, s);
                } else {
                    pointsLeftOut++;
                }
            }
        }
    }

    /** The value, or null if it is NaN or infinite (JSON has no number for them; a client's avg of no samples is NaN). */
    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    /** The mergeable state. */
    ClientTelemetryPart part() {
        List<TelemetryClientPart> out = new ArrayList<>();
        for (Client c : clients.values()) {
            out.add(new TelemetryClientPart(c.address, c.clientId, c.instanceId, c.subscription, c.pushes, c.terminating,
                    c.lastPushNanos, c.payloadProblems, c.firstSeenNanos, List.copyOf(c.series.values())));
        }
        return ClientTelemetryPart.bounded(out, pushesLeftOut, pointsLeftOut);
    }
}
