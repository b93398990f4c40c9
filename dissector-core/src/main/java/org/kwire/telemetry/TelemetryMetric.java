package org.kwire.telemetry;

import java.util.List;

/**
 * One metric of a PushTelemetry payload (OTLP {@code Metric}, any resource and scope).
 *
 * @param name   its name, as the client wrote it (Kafka's Java client: {@code org.apache.kafka.producer.record.queue.time.avg},
 *               KIP-714 "Metrics naming")
 * @param type   its data's type
 * @param unit   its unit ({@code ""} if none)
 * @param points its data points, in payload order
 */
public record TelemetryMetric(String name, MetricType type, String unit, List<TelemetryPoint> points) {

    /** Keeps an unmodifiable copy of the points. */
    public TelemetryMetric {
        points = List.copyOf(points);
    }
}
