package org.kwire.telemetry;

import java.util.Map;

/**
 * One data point of a pushed metric (OTLP {@code NumberDataPoint}, {@code HistogramDataPoint},
 * {@code ExponentialHistogramDataPoint} or {@code SummaryDataPoint}).
 *
 * @param attributes    its attributes, sorted by key; values as text (strings as they are, numbers and bools in Java's
 *                      notation, other kinds as their OTLP kind name in angle brackets)
 * @param timeUnixNano  its {@code time_unix_nano}: when the value was taken, epoch ns (0 if the client left it out)
 * @param value         a gauge's or sum's value ({@code as_double}, or {@code as_int} as a double); NaN for
 *                      histogram-like points
 * @param count         a histogram-like point's {@code count}; -1 for gauges and sums
 * @param sum           a histogram-like point's {@code sum} (NaN if it has none); NaN for gauges and sums
 */
public record TelemetryPoint(Map<String, String> attributes, long timeUnixNano, double value, long count, double sum) {

    /** Keeps an unmodifiable copy of the attributes, sorted. */
    public TelemetryPoint {
        attributes = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(attributes));
    }
}
