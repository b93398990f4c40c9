package org.kwire.report;

import org.HdrHistogram.Histogram;
import org.kwire.protocol.ErrorCodes;
import org.kwire.summary.FrameSummary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.Map;
import java.util.TreeMap;

/** Running counters of one API, turned into {@link ApiStats} at the end. */
final class ApiAccumulator {

    /** Latencies above an hour are clamped; the histogram keeps 3 significant digits. */
    private static final long MAX_TRACKED_US = 3_600_000_000L;

    private final int apiKey;
    private final Map<Integer, Long> versions = new TreeMap<>();
    private final Histogram latency = new Histogram(MAX_TRACKED_US, 3);
    private long requests;
    private long responses;
    private long unmatchedRequests;
    private long noResponseExpected;
    private long unmatchedResponses;
    private long requestBytes;
    private long responseBytes;
    private long minLatency = Long.MAX_VALUE;
    private long maxLatency = Long.MIN_VALUE;
    private long longPolls;
    private final Map<Integer, long[]> errorCounts = new TreeMap<>();
    private final Map<Integer, Set<String>> errorTopics = new HashMap<>();

    ApiAccumulator(int apiKey) {
        this.apiKey = apiKey;
    }

    void request(int version, int bytes) {
        versions.merge(version, 1L, Long::sum);
        requests++;
        requestBytes += bytes;
    }

    void response(int bytes, long latencyUs) {
        responses++;
        responseBytes += bytes;
        if (latencyUs >= 0) {
            latency.recordValue(Math.min(latencyUs, MAX_TRACKED_US));
            minLatency = Math.min(minLatency, latencyUs);
            maxLatency = Math.max(maxLatency, latencyUs);
        }
    }

    void unmatchedRequest() {
        unmatchedRequests++;
    }

    void noResponseExpected() {
        noResponseExpected++;
    }

    void unmatchedResponse() {
        unmatchedResponses++;
    }

    /** A long-poll answered empty at its wait time. */
    void longPoll() {
        longPolls++;
    }

    /** A response's error codes: each distinct code counts once in its {@code responses}. */
    void errorResponse(List<FrameSummary.ErrorRef> errors) {
        for (int i = 0; i < errors.size(); i++) {
            int code = errors.get(i).code();
            boolean first = true;
            for (int j = 0; j < i && first; j++) {
                first = errors.get(j).code() != code;
            }
            if (first) {
                errorCounts.computeIfAbsent(code, c -> new long[2])[1]++;
            }
        }
    }

    /** A percentile clamped to the exact extremes (the histogram reports a bucket's highest equivalent value). */
    private long percentile(double p) {
        return Math.max(minLatency, Math.min(maxLatency, latency.getValueAtPercentile(p)));
    }

    void error(int code, String topic) {
        errorCounts.computeIfAbsent(code, c -> new long[2])[0]++;
        Set<String> topics = errorTopics.computeIfAbsent(code, c -> new TreeSet<>());
        if (topic != null && topics.size() < ReportBuilder.MAX_TOPICS_PER_ERROR) {
            topics.add(topic);
        }
    }

    ApiStats toStats(String name) {
        Map<String, Long> v = new LinkedHashMap<>();
        versions.forEach((k, n) -> v.put(Integer.toString(k), n));
        LatencySummary l = latency.getTotalCount() == 0 ? null : new LatencySummary(latency.getTotalCount(), minLatency,
                percentile(50), percentile(90), percentile(99), maxLatency);
        List<ErrorStats> errors = new ArrayList<>();
        errorCounts.forEach((code, n) -> errors.add(new ErrorStats(code, ErrorCodes.name(code), n[0],
                List.copyOf(errorTopics.get(code)), n[1])));
        return new ApiStats(apiKey, name, v, requests, responses, unmatchedRequests, noResponseExpected, unmatchedResponses, l,
                requestBytes, responseBytes, errors, longPolls);
    }
}
