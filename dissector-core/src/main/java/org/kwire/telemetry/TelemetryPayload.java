package org.kwire.telemetry;

import org.kwire.expert.ExpertItem;
import org.kwire.records.Codec;
import org.kwire.records.Payloads;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The decoded {@code Metrics} of one PushTelemetry request (KIP-714; PushTelemetryRequest.json: "Metrics encoded in
 * OpenTelemetry MetricsData v1 protobuf format", compressed with the request's {@code CompressionType}).
 *
 * @param codec          the codec its {@code CompressionType} names
 * @param bytes          bytes after decompression (the payload's own length if not compressed); -1 if it did not
 *                       decompress
 * @param metrics        its metrics in payload order, at most {@code maxPoints} points in all (empty on a problem)
 * @param pointsLeftOut  data points beyond {@code maxPoints}, left out
 * @param problem        why it was not decoded ({@code kafka.records.*} for decompression, {@code kafka.telemetry.*}
 *                       for the protobuf), or null
 * @param message        the problem's details for its note, or null
 */
public record TelemetryPayload(Codec codec, int bytes, List<TelemetryMetric> metrics, long pointsLeftOut,
                               ExpertItem problem, String message) {

    /**
     * Most bytes one payload may decompress to, whatever {@code --max-decompressed} allows: protobuf-java holds the
     * whole parsed message, several times its bytes, and brokers take at most {@code TelemetryMaxBytes} (1 MiB by
     * default; GetTelemetrySubscriptionsResponse.json).
     */
    public static final int MAX_BYTES = 8 << 20;

    /** Most data points kept of one payload by default (the Java client pushes some 100 to 300). */
    public static final int DEFAULT_MAX_POINTS = 10_000;

    /** Keeps an unmodifiable copy of the metrics. */
    public TelemetryPayload {
        metrics = List.copyOf(metrics);
    }

    /**
     * Decompresses and parses one payload. Never throws for what the bytes hold.
     *
     * @param compressionType the request's {@code CompressionType} (0 none, 1 gzip, 2 snappy, 3 lz4, 4 zstd; other
     *                        ids are a {@code kafka.records.compression_malformed} problem)
     * @param payload         the {@code Metrics} bytes, from position to limit (not changed)
     * @param maxDecompressed most bytes the payload may decompress to ({@code --max-decompressed}; never more than
     *                        {@link #MAX_BYTES})
     * @param maxPoints       most data points kept
     */
    public static TelemetryPayload decode(int compressionType, ByteBuffer payload, int maxDecompressed, int maxPoints) {
        Codec codec = compressionType >= 0 && compressionType < Codec.UNKNOWN.ordinal()
                ? Codec.values()[compressionType] : Codec.UNKNOWN;
        Payloads.Decompressed d = Payloads.decompress(codec, payload, Math.min(maxDecompressed, MAX_BYTES));
        if (d.problem() != null) {
            return new TelemetryPayload(codec, -1, List.of(), 0, d.problem(), "PushTelemetry Metrics: " + d.message());
        }
        String missing = OtlpLibraries.missing();
        if (missing != null) {
            return new TelemetryPayload(codec, d.bytes().length, List.of(), 0, ExpertItem.TELEMETRY_LIBRARY_UNAVAILABLE,
                    "PushTelemetry Metrics of " + d.bytes().length + " bytes not decoded: " + missing
                            + " not on the class path (optional dependencies of dissector-core: add them to decode client telemetry)");
        }
        return OtlpMetrics.parse(codec, d.bytes(), maxPoints);
    }

    /** A one-line description: {@code "12 metrics, 40 data points (zstd, 2310 bytes decompressed)"}. */
    public String describe() {
        if (problem != null) {
            return "not decoded (" + problem.id() + ")";
        }
        long points = metrics.stream().mapToLong(m -> m.points().size()).sum();
        return metrics.size() + (metrics.size() == 1 ? " metric, " : " metrics, ") + points
                + (points == 1 ? " data point" : " data points") + (pointsLeftOut > 0 ? " (+" + pointsLeftOut + " left out)" : "")
                + (codec == Codec.NONE ? "" : " (" + codec.label() + ", " + bytes + " bytes decompressed)");
    }
}
