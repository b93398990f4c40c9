package org.kwire.report;

import org.HdrHistogram.Histogram;
import org.kwire.summary.FrameSummary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Running counters of one API, kept as an {@link ApiPart} (which merges and becomes {@link ApiStats}). */
final class ApiAccumulator {

    private final int apiKey;
    private final Map<Integer, Long> versions = new TreeMap<>();
    private final Histogram latency = ApiPart.newHistogram();
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
    private long errorResponses;
    private final Map<Integer, long[]> errorCounts = new TreeMap<>();
    /** Per error code, the first topics named with it and the frame that first did. */
    private final Map<Integer, Map<String, Long>> errorTopics = new HashMap<>();

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
            latency.recordValue(Math.min(latencyUs, ApiPart.MAX_TRACKED_US));
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

    /** A response's error codes: the response counts once if it has any, each distinct code once in its {@code responses}. */
    void errorResponse(List<FrameSummary.ErrorRef> errors) {
        if (!errors.isEmpty()) {
            errorResponses++;
        }
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

    /** An error code occurrence, in a response of this frame, naming {@code topic} (or none). */
    void error(int code, String topic, long frame) {
        errorCounts.computeIfAbsent(code, c -> new long[2])[0]++;
        Map<String, Long> topics = errorTopics.computeIfAbsent(code, c -> new LinkedHashMap<>());
        if (topic != null && topics.size() < ReportBuilder.MAX_TOPICS_PER_ERROR) {
            topics.putIfAbsent(topic, frame);
        }
    }

    /** The mergeable state. */
    ApiPart part() {
        Map<Integer, long[]> errors = new TreeMap<>();
        errorCounts.forEach((code, n) -> errors.put(code, n.clone()));
        Map<Integer, List<ApiPart.TopicSeen>> topics = new TreeMap<>();
        errorTopics.forEach((code, m) -> {
            List<ApiPart.TopicSeen> seen = new ArrayList<>();
            m.forEach((t, f) -> seen.add(new ApiPart.TopicSeen(t, f)));
            topics.put(code, List.copyOf(seen));
        });
        boolean timed = latency.getTotalCount() > 0;
        return new ApiPart(apiKey, new TreeMap<>(versions), requests, responses, unmatchedRequests, noResponseExpected,
                unmatchedResponses, requestBytes, responseBytes, ApiPart.encode(latency), timed ? minLatency : null,
                timed ? maxLatency : null, longPolls, errors, topics, errorResponses);
    }
}
