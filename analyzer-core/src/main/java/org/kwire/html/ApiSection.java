package org.kwire.html;

import org.kwire.report.ApiStats;
import org.kwire.report.ErrorStats;
import org.kwire.report.LatencySummary;
import org.kwire.report.Report;
import org.kwire.text.ReportCounts;
import org.kwire.text.Units;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One row per API (versions, requests, unmatched, latency in ms, bytes, error codes), its latency chart, and in words
 * the long-polls counted apart from the latencies.
 */
final class ApiSection implements PageSection {

    @Override
    public String id() {
        return "apis";
    }

    @Override
    public String title() {
        return "APIs";
    }

    @Override
    public void write(Report r, Markup m) {
        List<LatencyRanges.Row> rows = new ArrayList<>();
        for (ApiStats a : r.apis()) {
            if (a.latencyUs() != null) {
                rows.add(new LatencyRanges.Row(a.name(), a.latencyUs()));
            }
        }
        new Figure("Latency per API",
                "For each API, the time from a request to its response: the median (p50), the 99th percentile and the "
                        + "slowest exchange (max), on a logarithmic axis; the gray line spans the fastest to the slowest. "
                        + "An API answered only once is a single dot. The number of timed exchanges is in brackets.",
                "No request got its response in this capture.", new LatencyRanges(rows)).writeTo(m);
        longPolls(r, m);
        PageSection.table(m, table(r), "No Kafka requests in this capture.");
    }

    /**
     * The long-polls answered empty at their wait time ({@code apis[].long_polls}) in a sentence: counted apart from
     * the latencies and the slowest exchanges, or in them with {@code --include-long-polls}; nothing when there are
     * none.
     */
    static void longPolls(Report r, Markup m) {
        Map<String, Long> byApi = ReportCounts.longPolls(r);
        long n = byApi.values().stream().mapToLong(Long::longValue).sum();
        if (n == 0) {
            return;
        }
        String which = Units.plural(n, "long-poll") + " (" + byApi.entrySet().stream()
                .map(e -> e.getKey() + " " + Units.count(e.getValue())).collect(Collectors.joining(", "))
                + ") answered empty at " + (n == 1 ? "its" : "their") + " wait time";
        m.element("p", r.longPollsIncluded()
                ? "The " + which + (n == 1 ? " is" : " are") + " included in these latencies and the slowest exchanges "
                + "(kwire analyze --include-long-polls)."
                : which + (n == 1 ? " is" : " are") + " counted apart: a consumer waiting for data is not a slow broker, "
                + "so " + (n == 1 ? "it is" : "they are") + " left out of these latencies and the slowest exchanges "
                + "(kwire analyze --include-long-polls brings " + (n == 1 ? "it" : "them") + " back).", "class", "note long-polls");
    }

    /** The API table; latencies in ms (exact µs in each cell's tooltip), blank where no exchange was timed. */
    static Table table(Report r) {
        Table t = new Table("table-apis", "key", "API", "versions (requests)", "requests", "responses",
                "requests without response", "responses without request", "timed", "min ms", "p50 ms", "p90 ms",
                "p99 ms", "max ms", "request bytes", "response bytes", "error codes");
        for (ApiStats a : r.apis()) {
            LatencySummary l = a.latencyUs();
            t.row(new Table.Plain(a.apiKey()), a.name(), entries(a.versions()), a.requests(), a.responses(),
                    a.unmatchedRequests(), a.unmatchedResponses(), l == null ? null : l.count(), millis(l == null ? null : l.min()),
                    millis(l == null ? null : l.p50()), millis(l == null ? null : l.p90()), millis(l == null ? null : l.p99()),
                    millis(l == null ? null : l.max()), a.requestBytes(), a.responseBytes(),
                    a.errors().stream().mapToLong(ErrorStats::count).sum());
        }
        return t;
    }

    private static Table.Millis millis(Long micros) {
        return micros == null ? null : new Table.Millis(micros);
    }

    /** {@code key: value} pairs in map order, comma-separated. */
    static String entries(Map<String, Long> map) {
        return map.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining(", "));
    }
}
