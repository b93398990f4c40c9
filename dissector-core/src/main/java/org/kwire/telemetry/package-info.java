/**
 * Client telemetry (KIP-714): what a client pushes with PushTelemetry (api key 72) and what the broker asked of it in
 * its GetTelemetrySubscriptions response (api key 71).
 * <p>
 * Contract: {@link org.kwire.telemetry.TelemetryPayload#decode} takes the {@code Metrics} bytes of one PushTelemetry
 * request and its {@code CompressionType} (the record batch ids: 0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd), decompresses
 * them with kwire's record codecs ({@link org.kwire.records.Payloads}, bounded by {@code --max-decompressed}) and parses
 * them as OTLP {@code MetricsData} (opentelemetry-proto's {@code metrics/v1/metrics.proto}) with the opentelemetry-proto
 * classes on protobuf-java, never by a reader of its own. The result is typed ({@link org.kwire.telemetry.TelemetryMetric},
 * {@link org.kwire.telemetry.TelemetryPoint}): metric name, type, unit, data points with their attributes and values.
 * A payload that does not decompress, passes the limit, or is not MetricsData is a problem (an expert item and a
 * message), never an exception; decoding continues with the next frame. opentelemetry-proto and protobuf-java are
 * optional dependencies of dissector-core: without them a payload is one {@code kafka.telemetry.library_unavailable}
 * problem naming them, and only {@link org.kwire.telemetry.OtlpMetrics} touches their classes.
 * <p>
 * Where the results go: {@link org.kwire.telemetry.TelemetryTree} puts them under the {@code Metrics} node of a dissection
 * tree; {@link org.kwire.telemetry.TelemetryFactsCollector}, fed by the report's interpreter pass, gives
 * {@link org.kwire.telemetry.TelemetryFacts} to the report's {@code client_telemetry} section. Internal package: it may
 * change without notice. Every type is immutable and thread-safe except the collector (one body at a time).
 */
package org.kwire.telemetry;
