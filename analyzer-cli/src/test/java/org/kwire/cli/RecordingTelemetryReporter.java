package org.kwire.cli;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.metrics.KafkaMetric;
import org.apache.kafka.common.metrics.MetricsReporter;
import org.apache.kafka.server.telemetry.ClientTelemetryExporter;
import org.apache.kafka.server.telemetry.ClientTelemetryExporterProvider;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A broker metrics reporter ({@code metric.reporters}) that is a client telemetry exporter (KIP-714; Kafka 4.x's
 * {@link ClientTelemetryExporterProvider}, which replaces the deprecated {@code ClientTelemetry}): it records every
 * push the broker accepted and hands over, with the MetricsData bytes as the broker decompressed them. What it
 * received is the truth the telemetry tests hold kwire's report to. One broker per JVM at a time: the record is static.
 */
public class RecordingTelemetryReporter implements MetricsReporter, ClientTelemetryExporterProvider {

    /** One push the broker exported. */
    record Push(String clientId, Uuid clientInstanceId, boolean terminating, int pushIntervalMs, String contentType,
                byte[] metricsData) {
    }

    /** Every push received since the last {@link #clear()}, in arrival order. */
    static final List<Push> PUSHES = new CopyOnWriteArrayList<>();

    static void clear() {
        PUSHES.clear();
    }

    @Override
    public ClientTelemetryExporter clientTelemetryExporter() {
        return (context, payload) -> {
            ByteBuffer data = payload.data().duplicate();
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            PUSHES.add(new Push(context.authorizableRequestContext().clientId(), payload.clientInstanceId(),
                    payload.isTerminating(), context.pushIntervalMs(), payload.contentType(), bytes));
        };
    }

    @Override
    public void configure(Map<String, ?> configs) {
    }

    @Override
    public void init(List<KafkaMetric> metrics) {
    }

    @Override
    public void metricChange(KafkaMetric metric) {
    }

    @Override
    public void metricRemoval(KafkaMetric metric) {
    }

    @Override
    public void close() {
    }
}
