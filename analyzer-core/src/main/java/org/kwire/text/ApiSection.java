package org.kwire.text;

import org.kwire.report.ApiStats;
import org.kwire.report.ErrorStats;
import org.kwire.report.LatencySummary;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * One row per API: versions used, requests, requests without response, error codes, and p50/p99/max of the
 * request-to-response latency in milliseconds.
 */
final class ApiSection implements TextSection {

    /** Longest versions cell before a list of versions becomes a range. */
    private static final int VERSIONS = 8;

    @Override
    public String title() {
        return "APIs";
    }

    @Override
    public List<String> lines(Report r, int width) {
        TextTable t = new TextTable(TextTable.Column.text("API"), TextTable.Column.fixed("versions"),
                TextTable.Column.number("requests"), TextTable.Column.number("unanswered"), TextTable.Column.number("errors"),
                TextTable.Column.number("p50 ms"), TextTable.Column.number("p99 ms"), TextTable.Column.number("max ms"));
        for (ApiStats a : r.apis()) {
            LatencySummary l = a.latencyUs();
            t.row(a.name(), versions(a), Units.count(a.requests()), Units.count(a.unmatchedRequests()),
                    Units.count(errorCodes(a)), l == null ? null : Units.ms(l.p50()), l == null ? null : Units.ms(l.p99()),
                    l == null ? null : Units.ms(l.max()));
        }
        if (t.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(t.lines("  ", width));
        long longPolls = ReportCounts.longPolls(r).values().stream().mapToLong(Long::longValue).sum();
        Wrap.wrap(lines, "unanswered: requests without a response in the capture; errors: error codes in the responses "
                + "at every level (top, topic, partition); latency: from the request's last packet to the response's"
                + (longPolls == 0 || r.longPollsIncluded() ? "." : ", without the " + Units.plural(longPolls, "long-poll")
                + " answered empty at " + (longPolls == 1 ? "its" : "their") + " wait time (--include-long-polls)."),
                "  ", "  ", width);
        return lines;
    }

    /** Non-zero error codes in the API's responses, at every level. */
    static long errorCodes(ApiStats a) {
        return a.errors().stream().mapToLong(ErrorStats::count).sum();
    }

    /** The request versions used: {@code v13}, {@code v0,3}, or a range {@code v3-12} when a list would be long. */
    private static String versions(ApiStats a) {
        TreeSet<Integer> v = a.versions().keySet().stream().map(Integer::parseInt).collect(Collectors.toCollection(TreeSet::new));
        if (v.isEmpty()) {
            return "-";
        }
        String list = "v" + v.stream().map(String::valueOf).collect(Collectors.joining(","));
        return list.length() <= VERSIONS ? list : "v" + v.first() + "-" + v.last();
    }
}
