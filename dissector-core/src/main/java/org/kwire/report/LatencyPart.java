package org.kwire.report;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;

/**
 * A mergeable latency distribution, as {@link ApiPart} keeps one: HdrHistogram's compressed encoding in base64 (3
 * significant digits, values up to {@link ApiPart#MAX_TRACKED_US} µs) with the exact extremes beside it; merging adds
 * the histograms, so the percentiles of merged parts are those of one analysis. Immutable.
 *
 * @param histogram latencies in µs, or null if none
 * @param min       smallest, µs; null if none
 * @param max       largest, µs; null if none
 */
public record LatencyPart(String histogram, Long min, Long max) {

    /** No latency. */
    public static final LatencyPart NONE = new LatencyPart(null, null, null);

    /** An empty histogram of the precision and range every part has (µs, 3 significant digits, up to an hour). */
    public static Histogram newHistogram() {
        return ApiPart.newHistogram();
    }

    /** The part of a histogram filled by an accumulator ({@link #newHistogram}) and its extremes. */
    public static LatencyPart of(Histogram h, long min, long max) {
        return h.getTotalCount() == 0 ? NONE : new LatencyPart(ApiPart.encode(h), min, max);
    }

    /** Records one latency (clamped to the histogram's range) into {@code h}. */
    public static void record(Histogram h, long micros) {
        h.recordValue(Math.min(micros, ApiPart.MAX_TRACKED_US));
    }

    /** Both distributions added. */
    public LatencyPart merge(LatencyPart o) {
        if (o == null || o.histogram == null) {
            return this;
        }
        if (histogram == null) {
            return o;
        }
        return new LatencyPart(ApiPart.mergeHistograms(histogram, o.histogram), Math.min(min, o.min), Math.max(max, o.max));
    }

    /** The summary the report gives (percentiles clamped to the exact extremes), or null if no latency. */
    public LatencySummary summary() {
        if (histogram == null) {
            return null;
        }
        Histogram h;
        try {
            h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(histogram)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("latency histogram is not HdrHistogram's compressed encoding", e);
        }
        return new LatencySummary(h.getTotalCount(), min, at(h, 50), at(h, 90), at(h, 99), max);
    }

    private long at(Histogram h, double p) {
        return Math.max(min, Math.min(max, h.getValueAtPercentile(p)));
    }
}
