package org.kwire.report;

import java.util.List;
import java.util.Map;

/**
 * Statistics of one Kafka API.
 *
 * @param apiKey             ApiKey
 * @param name               API name from Kafka's schemas, e.g. {@code "Metadata"}
 * @param versions           request count per API version, keyed by the version as a string
 * @param requests           request frames
 * @param responses          response frames of this API: matched to their request, or of an API inferred
 * @param unmatchedRequests  requests that got no response in the capture although they expect one
 * @param noResponseExpected requests that expect no response (Produce with acks=0): never counted as unmatched
 * @param unmatchedResponses of the responses, those whose request was not captured (API inferred)
 * @param latencyUs          request-to-response latency in microseconds, or null with no matched pair
 * @param requestBytes       bytes of request frames, size prefixes included
 * @param responseBytes      bytes of matched response frames, size prefixes included
 * @param errors             non-zero error codes in its responses, ascending code
 * @param longPolls          responses that were long-polls answered empty at their wait time: left out of
 *                           {@code latencyUs} unless the report includes them ({@code long_polls_included})
 * @param errorResponses     responses carrying at least one non-zero error code (top level, topic or partition), each
 *                           counted once however many codes it carried; 0 in a report written before kwire counted it
 *                           (see {@code ReportCounts.errorResponses} for how such a report is read)
 */
public record ApiStats(int apiKey, String name, Map<String, Long> versions, long requests, long responses,
                       long unmatchedRequests, long noResponseExpected, long unmatchedResponses, LatencySummary latencyUs,
                       long requestBytes, long responseBytes, List<ErrorStats> errors, long longPolls,
                       long errorResponses) {
}
