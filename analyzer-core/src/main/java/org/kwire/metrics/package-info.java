/**
 * kwire's Prometheus metrics (the Prometheus Java client 1.x): what the analysis counts ({@link
 * org.kwire.metrics.MetricsSink}, one more {@link org.kwire.summary.ExchangeSink}; {@link
 * org.kwire.metrics.ConnectionMetrics}; consumer lag, rebalances, throttle time and replication lag by the report's own
 * rules: {@code LagMetrics}, {@code GroupMetrics}), the capture's own health ({@link
 * org.kwire.metrics.CaptureHealthMetrics}),
 * bounded label values ({@link org.kwire.metrics.LabelLimiter}), and where they go: an HTTP endpoint while
 * {@code kwire live} runs ({@link org.kwire.metrics.MetricsServer}) or a node_exporter textfile after {@code kwire
 * analyze} ({@link org.kwire.metrics.MetricsFile}). Every metric is defined once, in {@link
 * org.kwire.metrics.KwireMetrics}; names follow Prometheus's conventions ({@code kwire_} namespace, {@code _total},
 * {@code _seconds}, {@code _bytes}), and docs/GUIDE.md's metrics table lists them.
 * <p>
 * In, out, threads: the sink takes {@code ExchangeSummary}s, frames and notes from the analysis (its methods are
 * synchronized), while the HTTP server's threads read the registry at each scrape and a timer expires labels; the
 * helpers ({@code Labels}, {@code LabelLimiter}, {@code LagMetrics}, {@code GroupMetrics}) are not thread-safe and
 * are called under the sink's lock. Nothing here holds a frame's buffers: only label strings and numbers, bounded by
 * {@link org.kwire.metrics.MetricsLimits}.
 */
package org.kwire.metrics;
