package org.kwire.report;

import java.util.Comparator;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The latest data point of one telemetry series of one client: a metric name and one set of data point attributes
 * (KIP-714 PushTelemetry, OTLP MetricsData), for the report's {@code client_telemetry}. "Latest" is by the point's own
 * {@code time_unix_nano}; of two points of the same time the larger value (then count, then sum) is kept, so that
 * merging parts in any order gives the same point as one analysis.
 *
 * @param metric         the metric's name
 * @param type           its type ({@code gauge}, {@code sum}, {@code histogram}, {@code exponential_histogram},
 *                       {@code summary}, {@code none}) as the latest point's push gave it
 * @param unit           its unit ({@code ""} if none)
 * @param attributes     the data point's attributes (the series' identity with the name), sorted
 * @param timeUnixNano   the latest point's {@code time_unix_nano}, epoch ns
 * @param value          a gauge's or sum's latest value; null for histogram-like points
 * @param count          a histogram-like point's count; null for gauges and sums
 * @param sum            a histogram-like point's sum; null if none
 * @param points         data points of the series pushed
 * @param firstSeenNanos capture time of the first push that carried the series, epoch ns
 */
public record TelemetrySeriesPart(String metric, String type, String unit, SortedMap<String, String> attributes,
                                  long timeUnixNano, Double value, Long count, Double sum, long points,
                                  long firstSeenNanos) {

    private static final Comparator<Double> VALUES = Comparator.nullsFirst(Double::compare);
    private static final Comparator<Long> COUNTS = Comparator.nullsFirst(Long::compare);

    /** Keeps a sorted copy of the attributes. */
    public TelemetrySeriesPart {
        attributes = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(attributes));
    }

    /** The series' identity within its client: the metric name, then its attributes. */
    String key() {
        StringBuilder b = new StringBuilder(metric);
        for (Map.Entry<String, String> a : attributes.entrySet()) {
            b.append('\0').append(a.getKey()).append('\0').append(a.getValue());
        }
        return b.toString();
    }

    /** The same series seen again (in a later push, or another part): the latest point, points added. */
    TelemetrySeriesPart merge(TelemetrySeriesPart o) {
        TelemetrySeriesPart latest = later(o) ? o : this;
        return new TelemetrySeriesPart(metric, latest.type, latest.unit, attributes, latest.timeUnixNano, latest.value,
                latest.count, latest.sum, points + o.points, Math.min(firstSeenNanos, o.firstSeenNanos));
    }

    private boolean later(TelemetrySeriesPart o) {
        int c = Long.compare(o.timeUnixNano, timeUnixNano);
        if (c == 0) {
            c = VALUES.compare(o.value, value);
        }
        if (c == 0) {
            c = COUNTS.compare(o.count, count);
        }
        if (c == 0) {
            c = VALUES.compare(o.sum, sum);
        }
        return c > 0;
    }
}
