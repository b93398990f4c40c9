package org.kwire.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.kwire.report.ApiStats;
import org.kwire.report.Report;
import org.kwire.text.ReportCounts;
import org.kwire.text.Units;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One {@code kwire live --report-interval} line: the totals of the capture so far and one entry per API seen, so that
 * a line's size is bounded by the number of APIs (about 90), never by the traffic (the whole report, with its
 * connections, clients and topics, is the final report's job). Written as one JSON line (docs/GUIDE.md, "kwire live") or,
 * with {@code --format text}, as one line for people.
 *
 * @param type               always {@code "interval"}
 * @param time               when the line was written, ISO-8601 UTC
 * @param packets            packets analyzed so far
 * @param kafkaConnections   Kafka connections seen so far
 * @param frames             Kafka frames so far
 * @param requests           requests so far (all APIs)
 * @param responses          responses so far
 * @param unmatchedRequests  requests whose connection ended without their response (so far)
 * @param errorResponses     responses with a non-zero error code (as the text report counts them)
 * @param warnings           warnings the report has so far
 * @param apis               per API seen, by requests, most first
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
record IntervalReport(String type, String time, long packets, long kafkaConnections, long frames, long requests,
                      long responses, long unmatchedRequests, long errorResponses, long warnings, List<Api> apis) {

    /**
     * One API's counts so far.
     *
     * @param name           Kafka's API name
     * @param requests       requests
     * @param responses      responses
     * @param errorResponses responses with at least one non-zero error code
     * @param p99Ms          99th percentile latency, ms (long-polls apart as in the report); null before a latency
     */
    record Api(String name, long requests, long responses, long errorResponses, Double p99Ms) {
    }

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    /** The line of a report so far, written at {@code now}. */
    static IntervalReport of(Report r, Instant now) {
        List<Api> apis = r.apis().stream()
                .map(a -> new Api(a.name(), a.requests(), a.responses(), ReportCounts.errorResponses(a),
                        a.latencyUs() == null || a.latencyUs().count() == 0 ? null : a.latencyUs().p99() / 1000.0))
                .sorted(Comparator.comparingLong(Api::requests).reversed().thenComparing(Api::name))
                .toList();
        return new IntervalReport("interval", now.toString(), r.capture().packets(), r.capture().kafkaConnections(),
                r.capture().frames(), sum(r, ApiStats::requests), sum(r, ApiStats::responses), sum(r, ApiStats::unmatchedRequests),
                apis.stream().mapToLong(Api::errorResponses).sum(), r.warnings().size() + r.warningsOmitted(), apis);
    }

    /**
     * The line for people: {@code kwire: 14:02:05 1,234 packets, 17 Kafka connections, 120 requests (3 unmatched),
     * 2 error responses, 0 warnings; Fetch 70, Produce 40, ...} (the five busiest APIs, then how many more).
     */
    String text() {
        String busiest = apis.stream().limit(5).map(a -> a.name() + " " + Units.count(a.requests()))
                .collect(Collectors.joining(", "));
        return "kwire: " + CLOCK.format(Instant.parse(time)) + " " + Units.plural(packets, "packet") + ", "
                + Units.plural(kafkaConnections, "Kafka connection") + ", " + Units.plural(requests, "request")
                + (unmatchedRequests > 0 ? " (" + Units.count(unmatchedRequests) + " unmatched)" : "") + ", "
                + Units.plural(errorResponses, "error response") + ", " + Units.plural(warnings, "warning")
                + (busiest.isEmpty() ? "" : "; " + busiest) + (apis.size() > 5 ? " and " + (apis.size() - 5) + " more APIs" : "");
    }

    private static long sum(Report r, java.util.function.ToLongFunction<ApiStats> f) {
        return r.apis().stream().mapToLong(f).sum();
    }
}
