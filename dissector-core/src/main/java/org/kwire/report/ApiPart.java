package org.kwire.report;

import org.HdrHistogram.Histogram;
import org.kwire.protocol.ErrorCodes;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.DataFormatException;

/**
 * The mergeable state of one API's statistics ({@link ApiStats}): counters that add up, and the latency histogram in
 * HdrHistogram's own compressed encoding (base64), so that the percentiles of merged parts are those of one analysis.
 *
 * @param apiKey             ApiKey
 * @param versions           requests per API version
 * @param requests           request frames
 * @param responses          response frames
 * @param unmatchedRequests  requests without response that expected one
 * @param noResponseExpected requests that expect no response
 * @param unmatchedResponses responses whose request was not captured
 * @param requestBytes       request frame bytes
 * @param responseBytes      response frame bytes
 * @param latencyHistogram   latencies in µs, HdrHistogram's compressed encoding in base64 (3 significant digits,
 *                           values up to an hour); null if none
 * @param minLatencyUs       smallest latency, µs (exact); null if none
 * @param maxLatencyUs       largest latency, µs (exact); null if none
 * @param longPolls          long-polls answered empty at their wait time
 * @param errors             per error code: {@code [occurrences, responses carrying it]}
 * @param errorTopics        per error code, the first {@link ReportBuilder#MAX_TOPICS_PER_ERROR} topics it named, with
 *                           the frame that first named each, in capture order
 * @param errorResponses     responses carrying at least one non-zero error code, each once; 0 in a partial written
 *                           before kwire counted it, then estimated from {@code errors} ({@link #errorResponsesKnown})
 */
public record ApiPart(int apiKey, Map<Integer, Long> versions, long requests, long responses, long unmatchedRequests,
                      long noResponseExpected, long unmatchedResponses, long requestBytes, long responseBytes,
                      String latencyHistogram, Long minLatencyUs, Long maxLatencyUs, long longPolls,
                      Map<Integer, long[]> errors, Map<Integer, List<TopicSeen>> errorTopics,
                      long errorResponses) {

    /** A topic and the frame that first named it. */
    public record TopicSeen(String topic, long frame) {
    }

    /** Latencies above an hour are clamped; the histogram keeps 3 significant digits. */
    static final long MAX_TRACKED_US = 3_600_000_000L;

    /** An empty latency histogram of the report's precision. */
    static Histogram newHistogram() {
        return new Histogram(MAX_TRACKED_US, 3);
    }

    /**
     * Per thread: the buffer histograms are encoded into, reused (the size of a histogram's counts, 207 KiB for the
     * report's precision), where each histogram encoded allocated one.
     */
    private static final ThreadLocal<ByteBuffer> ENCODING = ThreadLocal.withInitial(() -> ByteBuffer.allocate(0));

    /** HdrHistogram's compressed encoding of {@code h}, base64; null if it is empty. */
    static String encode(Histogram h) {
        if (h.getTotalCount() == 0) {
            return null;
        }
        int need = h.getNeededByteBufferCapacity();
        ByteBuffer b = ENCODING.get();
        if (b.capacity() < need) {
            b = ByteBuffer.allocate(need);
            ENCODING.set(b);
        }
        b.clear();
        int n = h.encodeIntoCompressedByteBuffer(b);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(b.array(), n));
    }

    /**
     * The histogram of a base64 compressed encoding as it was written, without copying it into one of
     * {@link #newHistogram}'s (its percentiles are the same); null for null.
     */
    private static Histogram decodeAsWritten(String base64) {
        if (base64 == null) {
            return null;
        }
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("latency histogram is not HdrHistogram's compressed encoding: " + e.getMessage(), e);
        }
    }

    /**
     * Why a latency histogram read back (a partial's) cannot be one this API's part holds, or null if it can: it must
     * be HdrHistogram's compressed encoding of a histogram of {@link #newHistogram}'s precision and range, not empty,
     * whose counts add up, exactly, to at most {@code timed} latencies (its API's responses: each latency is one
     * response's), with the exact extremes beside it ({@code min <= max}, both present). HdrHistogram's decoder
     * allocates for the ranges the encoding declares (HdrHistogram caps them: at most some 100 MB for a hostile one, at
     * once, before it is refused here).
     *
     * @param base64 the histogram as the partial holds it, not null
     */
    public static String histogramProblem(String base64, long timed, Long minUs, Long maxUs) {
        Histogram h;
        try {
            h = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) { // the encoding is the partial's: any failure is its damage
            return "not HdrHistogram's compressed encoding of a latency histogram";
        }
        Histogram reference = newHistogram();
        if (h.getLowestDiscernibleValue() != reference.getLowestDiscernibleValue()
                || h.getHighestTrackableValue() != reference.getHighestTrackableValue()
                || h.getNumberOfSignificantValueDigits() != reference.getNumberOfSignificantValueDigits()) {
            return "a histogram of another precision or range than kwire's (values 1 to " + MAX_TRACKED_US + " µs, 3 digits)";
        }
        if (h.getTotalCount() < 0 || h.getTotalCount() > timed) { // its own total, added up by the decoder, may wrap
            return "counts more latencies than the API's " + timed + " responses";
        }
        if (h.getTotalCount() == 0) {
            return "an empty histogram (kwire writes null for none), or counts that pass 64 bits";
        }
        long total = 0; // the iteration stops at the total: buckets past it mean the total wrapped
        long last = 0;
        for (org.HdrHistogram.HistogramIterationValue v : h.recordedValues()) {
            if (v.getCountAtValueIteratedTo() > timed - total) {
                return "counts more latencies than the API's " + timed + " responses";
            }
            total += v.getCountAtValueIteratedTo();
            last = v.getValueIteratedTo();
        }
        if (total != h.getTotalCount() || h.getMaxValue() > h.highestEquivalentValue(last)) {
            return "counts that do not add up to its total (past 64 bits)";
        }
        if (minUs == null || maxUs == null || minUs > maxUs) {
            return "min_latency_us and max_latency_us must both be given, the smaller first";
        }
        return null;
    }

    /** The sum of two parts of the same API, {@code this} the earlier. */
    ApiPart merge(ApiPart o, FrameOrder order) {
        Map<Integer, Long> v = new TreeMap<>(versions);
        o.versions.forEach((k, n) -> v.merge(k, n, Long::sum));
        Map<Integer, long[]> e = new TreeMap<>();
        for (Map<Integer, long[]> m : List.of(errors, o.errors)) {
            m.forEach((code, n) -> {
                long[] sum = e.computeIfAbsent(code, c -> new long[2]);
                sum[0] += n[0];
                sum[1] += n[1];
            });
        }
        Map<Integer, List<TopicSeen>> topics = new TreeMap<>();
        for (Integer code : e.keySet()) {
            topics.put(code, mergeTopics(errorTopics.getOrDefault(code, List.of()), o.errorTopics.getOrDefault(code, List.of()), order));
        }
        return new ApiPart(apiKey, v, requests + o.requests, responses + o.responses, unmatchedRequests + o.unmatchedRequests,
                noResponseExpected + o.noResponseExpected, unmatchedResponses + o.unmatchedResponses,
                requestBytes + o.requestBytes, responseBytes + o.responseBytes,
                mergeHistograms(latencyHistogram, o.latencyHistogram), min(minLatencyUs, o.minLatencyUs),
                max(maxLatencyUs, o.maxLatencyUs), longPolls + o.longPolls, e, topics,
                errorResponsesKnown() + o.errorResponsesKnown());
    }

    /**
     * The encoding of the sum of two encoded histograms (null: empty). Merging is frequent (every merge of partials,
     * every connection a merge replays), and each histogram of the report's precision holds some 23 000 counts: one
     * empty, the other is the sum as it is; else the first, decoded as written, takes the second's counts (the
     * encoding of the same counts, of the same precision and range, as one of {@link #newHistogram}'s). One of another
     * precision or range (a partial from elsewhere) is added into one of {@link #newHistogram}'s.
     */
    static String mergeHistograms(String a, String b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        Histogram h = decodeAsWritten(a);
        if (h.getNumberOfSignificantValueDigits() != 3 || h.getLowestDiscernibleValue() != 1
                || h.getHighestTrackableValue() != MAX_TRACKED_US) { // not newHistogram's
            Histogram reference = newHistogram();
            reference.add(h);
            h = reference;
        }
        h.add(decodeAsWritten(b));
        return encode(h);
    }

    /** This part with the frames of its error topics mapped (to shift them past an earlier part's). */
    ApiPart mapFrames(java.util.function.LongUnaryOperator frame) {
        Map<Integer, List<TopicSeen>> topics = new TreeMap<>();
        errorTopics.forEach((code, list) -> topics.put(code,
                list.stream().map(t -> new TopicSeen(t.topic(), frame.applyAsLong(t.frame()))).toList()));
        return new ApiPart(apiKey, versions, requests, responses, unmatchedRequests, noResponseExpected, unmatchedResponses,
                requestBytes, responseBytes, latencyHistogram, minLatencyUs, maxLatencyUs, longPolls, errors, topics,
                errorResponses);
    }

    /** The first topics of both, in capture order, each once. */
    private static List<TopicSeen> mergeTopics(List<TopicSeen> a, List<TopicSeen> b, FrameOrder order) {
        Map<String, TopicSeen> seen = new LinkedHashMap<>();
        for (TopicSeen t : Sequences.merge(a, b, TopicSeen::frame, order, Integer.MAX_VALUE)) {
            if (seen.size() < ReportBuilder.MAX_TOPICS_PER_ERROR) {
                seen.putIfAbsent(t.topic(), t);
            }
        }
        return List.copyOf(seen.values());
    }

    private static Long min(Long a, Long b) {
        return a == null ? b : b == null ? a : Long.valueOf(Math.min(a, b));
    }

    private static Long max(Long a, Long b) {
        return a == null ? b : b == null ? a : Long.valueOf(Math.max(a, b));
    }

    /**
     * The API's statistics; topic ids among the error topics are named by {@code topics} (a slice may have met the id
     * before, or without, the Metadata response that names it).
     */
    ApiStats toStats(String name, org.kwire.summary.TopicNames topics) {
        Map<String, Long> v = new LinkedHashMap<>();
        new TreeMap<>(versions).forEach((k, n) -> v.put(Integer.toString(k), n));
        Histogram h = decodeAsWritten(latencyHistogram);
        LatencySummary l = h == null || h.getTotalCount() == 0 ? null : new LatencySummary(h.getTotalCount(), minLatencyUs,
                percentile(h, 50), percentile(h, 90), percentile(h, 99), maxLatencyUs);
        List<ErrorStats> out = new ArrayList<>();
        new TreeMap<>(errors).forEach((code, n) -> {
            TreeSet<String> names = new TreeSet<>();
            errorTopics.getOrDefault(code, List.of()).forEach(t -> names.add(topics.display(null, t.topic())));
            out.add(new ErrorStats(code, ErrorCodes.name(code), n[0], List.copyOf(names), n[1]));
        });
        return new ApiStats(apiKey, name, v, requests, responses, unmatchedRequests, noResponseExpected, unmatchedResponses,
                l, requestBytes, responseBytes, out, longPolls, errorResponsesKnown());
    }

    /**
     * The responses carrying an error code: {@code errorResponses}, or for a partial written before kwire counted them
     * (0 with error codes present, which a current partial never has) the old estimate, the sum of the responses
     * carrying each code at most the responses, which counts a response with two different codes twice.
     */
    long errorResponsesKnown() {
        if (errorResponses > 0 || errors.isEmpty()) {
            return errorResponses;
        }
        return Math.min(responses, errors.values().stream().mapToLong(n -> n[1]).sum());
    }

    /** A percentile clamped to the exact extremes (the histogram reports a bucket's highest equivalent value). */
    private long percentile(Histogram h, double p) {
        return Math.max(minLatencyUs, Math.min(maxLatencyUs, h.getValueAtPercentile(p)));
    }
}
