package org.kwire.telemetry;

import com.google.protobuf.CodedInputStream;
import io.opentelemetry.proto.common.v1.AnyValue;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint;
import io.opentelemetry.proto.metrics.v1.HistogramDataPoint;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.MetricsData;
import io.opentelemetry.proto.metrics.v1.NumberDataPoint;
import io.opentelemetry.proto.metrics.v1.ResourceMetrics;
import io.opentelemetry.proto.metrics.v1.ScopeMetrics;
import io.opentelemetry.proto.metrics.v1.SummaryDataPoint;
import org.kwire.expert.ExpertItem;
import org.kwire.records.Codec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads decompressed PushTelemetry bytes as OTLP {@code MetricsData} with the opentelemetry-proto classes (the only
 * class of kwire that names them; loaded only once {@link OtlpLibraries} found them), and turns it into kwire's typed
 * {@link TelemetryMetric}s. Metrics of every resource and scope are listed in payload order.
 */
final class OtlpMetrics {

    /** Nested messages protobuf-java follows at most (its default is 100; MetricsData nests 6 deep, AnyValue more). */
    private static final int RECURSION_LIMIT = 64;

    private OtlpMetrics() {
    }

    static TelemetryPayload parse(Codec codec, byte[] bytes, int maxPoints) {
        MetricsData data;
        try {
            CodedInputStream in = CodedInputStream.newInstance(bytes);
            in.setRecursionLimit(RECURSION_LIMIT);
            data = MetricsData.parseFrom(in);
        } catch (java.io.IOException | RuntimeException e) { // InvalidProtocolBufferException is an IOException
            return new TelemetryPayload(codec, bytes.length, List.of(), 0, ExpertItem.TELEMETRY_MALFORMED,
                    "PushTelemetry Metrics (" + bytes.length + " bytes" + (codec == Codec.NONE ? "" : " after " + codec.label())
                            + ") is not OTLP MetricsData: " + e.getMessage());
        }
        List<TelemetryMetric> metrics = new ArrayList<>();
        long[] left = {maxPoints, 0}; // points still to keep, points left out
        for (ResourceMetrics r : data.getResourceMetricsList()) {
            for (ScopeMetrics s : r.getScopeMetricsList()) {
                for (Metric m : s.getMetricsList()) {
                    metrics.add(metric(m, left));
                }
            }
        }
        return new TelemetryPayload(codec, bytes.length, metrics, left[1], null, null);
    }

    private static TelemetryMetric metric(Metric m, long[] left) {
        List<TelemetryPoint> points = new ArrayList<>();
        MetricType type = switch (m.getDataCase()) {
            case GAUGE -> {
                m.getGauge().getDataPointsList().forEach(p -> keep(points, left, number(p)));
                yield MetricType.GAUGE;
            }
            case SUM -> {
                m.getSum().getDataPointsList().forEach(p -> keep(points, left, number(p)));
                yield MetricType.SUM;
            }
            case HISTOGRAM -> {
                for (HistogramDataPoint p : m.getHistogram().getDataPointsList()) {
                    keep(points, left, new TelemetryPoint(attributes(p.getAttributesList()), p.getTimeUnixNano(), Double.NaN,
                            p.getCount(), p.hasSum() ? p.getSum() : Double.NaN));
                }
                yield MetricType.HISTOGRAM;
            }
            case EXPONENTIAL_HISTOGRAM -> {
                for (ExponentialHistogramDataPoint p : m.getExponentialHistogram().getDataPointsList()) {
                    keep(points, left, new TelemetryPoint(attributes(p.getAttributesList()), p.getTimeUnixNano(), Double.NaN,
                            p.getCount(), p.hasSum() ? p.getSum() : Double.NaN));
                }
                yield MetricType.EXPONENTIAL_HISTOGRAM;
            }
            case SUMMARY -> {
                for (SummaryDataPoint p : m.getSummary().getDataPointsList()) {
                    keep(points, left, new TelemetryPoint(attributes(p.getAttributesList()), p.getTimeUnixNano(), Double.NaN,
                            p.getCount(), p.getSum()));
                }
                yield MetricType.SUMMARY;
            }
            case DATA_NOT_SET -> MetricType.NONE;
        };
        return new TelemetryMetric(m.getName(), type, m.getUnit(), points);
    }

    private static void keep(List<TelemetryPoint> points, long[] left, TelemetryPoint p) {
        if (left[0] > 0) {
            left[0]--;
            points.add(p);
        } else {
            left[1]++;
        }
    }

    private static TelemetryPoint number(NumberDataPoint p) {
        double v = switch (p.getValueCase()) {
            case AS_DOUBLE -> p.getAsDouble();
            case AS_INT -> p.getAsInt();
            case VALUE_NOT_SET -> Double.NaN;
        };
        return new TelemetryPoint(attributes(p.getAttributesList()), p.getTimeUnixNano(), v, -1, Double.NaN);
    }

    private static Map<String, String> attributes(List<KeyValue> list) {
        Map<String, String> out = new TreeMap<>();
        for (KeyValue kv : list) {
            out.put(kv.getKey(), text(kv.getValue()));
        }
        return out;
    }

    private static String text(AnyValue v) {
        return switch (v.getValueCase()) {
            case STRING_VALUE -> v.getStringValue();
            case BOOL_VALUE -> Boolean.toString(v.getBoolValue());
            case INT_VALUE -> Long.toString(v.getIntValue());
            case DOUBLE_VALUE -> Double.toString(v.getDoubleValue());
            default -> "<" + v.getValueCase().name().toLowerCase(java.util.Locale.ROOT) + ">";
        };
    }
}
