package org.kwire.metrics;

import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.summary.ExchangeSummary;
import org.kwire.telemetry.TelemetryFacts;
import org.kwire.telemetry.TelemetryFactsCollector;
import org.kwire.telemetry.TelemetryMetric;
import org.kwire.telemetry.TelemetryPoint;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * The state of {@code kwire_client_telemetry}: the latest value of each gauge and sum data point clients pushed of
 * their own metrics (KIP-714 PushTelemetry, decoded once by the summary: {@link TelemetryFacts}), by client_id,
 * client instance id, metric name and data point attributes ({@code key=value} pairs joined by commas, sorted);
 * latest by the point's time, as the report's {@code client_telemetry}. Histograms and summaries are left out (their
 * count and sum are in the report), and so are NaN and infinite values. Bounded: at most {@value #MAX_SERIES} series,
 * the first seen kept (a fixed cap, {@code kwire live --help}); client_ids through the sink's {@link LabelLimiter}.
 * With an expiry, a series not updated for it is dropped. Not thread-safe: the sink serializes.
 */
final class TelemetryMetrics {

    /** Series kept at most. */
    static final int MAX_SERIES = 1_000;

    private record Series(String clientId, String instanceId, String metric, String attributes, double value, long time) {
    }

    private final LastValues<Series> series = new LastValues<>(MAX_SERIES);
    private final Labels labels;

    TelemetryMetrics(Labels labels) {
        this.labels = labels;
    }

    /** Keeps the points of a PushTelemetry request's metrics; other exchanges are passed over. */
    void onExchange(ExchangeSummary e, long now) {
        KafkaRequestHeader h = e.requestHeader();
        if (h == null || h.apiKey() != TelemetryFactsCollector.PUSH_TELEMETRY) {
            return;
        }
        TelemetryFacts t = e.request().message().telemetry();
        if (t == null || t.push() == null) {
            return;
        }
        String client = h.clientId() == null ? "" : h.clientId();
        labels.clients().label(client, 0);
        for (TelemetryMetric m : t.push().payload().metrics()) {
            if (m.type().counted()) {
                continue;
            }
            for (TelemetryPoint p : m.points()) {
                if (!Double.isFinite(p.value())) {
                    continue;
                }
                String attributes = p.attributes().entrySet().stream().map(a -> a.getKey() + "=" + a.getValue())
                        .collect(Collectors.joining(","));
                String key = String.join("\0", client, t.clientInstanceId(), m.name(), attributes);
                Series old = series.valueOf(key);
                if (old == null || old.time() <= p.timeUnixNano()) {
                    series.put(key, new Series(client, t.clientInstanceId(), m.name(), attributes, p.value(),
                            p.timeUnixNano()), now);
                }
            }
        }
    }

    /** The series now: labels client_id, client_instance_id, metric, attributes. */
    void series(GaugeWithCallback.Callback cb) {
        Map<String, Series> sorted = new java.util.TreeMap<>();
        series.values().forEach(s -> sorted.put(String.join("\0", s.clientId(), s.instanceId(), s.metric(), s.attributes()), s));
        for (Series s : sorted.values()) {
            cb.call(s.value(), labels.clients().label(s.clientId(), 0), s.instanceId(), s.metric(), s.attributes());
        }
    }

    /** Drops the series not updated since {@code before} (ns). */
    void expire(long before) {
        series.expire(before, s -> false);
    }
}
