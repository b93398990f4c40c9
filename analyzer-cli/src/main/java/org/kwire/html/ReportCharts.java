package org.kwire.html;

import org.kwire.report.ApiStats;
import org.kwire.report.ErrorStats;
import org.kwire.report.Report;
import org.kwire.report.RequestRate;
import org.kwire.report.TopicStats;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The four charts of a report page, each taken from its part of the report. */
final class ReportCharts {

    /** Most bars of the error-code chart. */
    static final int MAX_ERROR_BARS = 30;
    /** Most topics of the topic chart. */
    static final int MAX_TOPICS = 15;

    private ReportCharts() {
    }

    /**
     * Requests per API over time ({@code request_rate}): the APIs with the most requests each in their own color (as
     * many as the palette has hues), the rest stacked as "other".
     */
    static Figure rate(Report r) {
        RequestRate rate = r.requestRate();
        List<Map.Entry<String, List<Long>>> apis = new ArrayList<>(rate.requests().entrySet());
        apis.sort(Comparator.comparingLong((Map.Entry<String, List<Long>> e) -> -sum(e.getValue())));
        List<RateColumns.Column> columns = new ArrayList<>();
        int own = apis.size() <= Palette.size() ? apis.size() : Palette.size() - 1;
        for (int i = 0; i < own; i++) {
            columns.add(new RateColumns.Column(new Series(apis.get(i).getKey(), Palette.category(i)), apis.get(i).getValue()));
        }
        if (own < apis.size()) {
            List<Long> other = new ArrayList<>(Collections.nCopies(apis.get(0).getValue().size(), 0L));
            for (Map.Entry<String, List<Long>> e : apis.subList(own, apis.size())) {
                for (int b = 0; b < other.size(); b++) {
                    other.set(b, other.get(b) + e.getValue().get(b));
                }
            }
            columns.add(new RateColumns.Column(new Series("other (" + (apis.size() - own) + " APIs)", Palette.OTHER), other));
        }
        Instant start = rate.start() == null ? Instant.EPOCH : Instant.parse(rate.start());
        return new Figure("Requests per API over time",
                "Request frames per " + rate.bucketSeconds() + " s bucket (request_rate), stacked by API; "
                        + "times are bucket starts in UTC.",
                "No requests in this capture.", new RateColumns(start, rate.bucketSeconds(), columns));
    }

    /** Latency percentiles per API ({@code apis[].latency_us}), for the APIs with matched exchanges. */
    static Figure latency(Report r) {
        List<LatencyBars.Row> rows = new ArrayList<>();
        for (ApiStats a : r.apis()) {
            if (a.latencyUs() != null) {
                rows.add(new LatencyBars.Row(a.name(), a.latencyUs()));
            }
        }
        return new Figure("Latency per API",
                "Five bars per API: min, p50, p90, p99 and max of the request-to-response latency (apis[].latency_us), "
                        + "on a logarithmic axis; the exact values are in the table below.",
                "No request got its response in this capture.", new LatencyBars(rows));
    }

    /** Error codes per API and code name ({@code apis[].errors}), most frequent first. */
    static Figure errors(Report r) {
        List<StackedBars.Row> rows = new ArrayList<>();
        for (ApiStats a : r.apis()) {
            for (ErrorStats e : a.errors()) {
                rows.add(new StackedBars.Row(a.name() + ": " + e.name() + " (" + e.code() + ")", new long[] {e.count()}));
            }
        }
        rows.sort(Comparator.comparingLong(row -> -row.total()));
        return new Figure("Error codes per API",
                "How often each non-zero error code appeared in each API's responses (apis[].errors[].count: top "
                        + "level, per topic and per partition all count); at most " + MAX_ERROR_BARS + " bars.",
                "No error codes in this capture.", new StackedBars("errors", "Error codes per API", "",
                List.of(new Series("occurrences", Palette.category(3))), first(rows, MAX_ERROR_BARS)));
    }

    /** Topics by record bytes ({@code topics[]}: produced_bytes + fetched_bytes), largest first. */
    static Figure topics(Report r) {
        List<StackedBars.Row> rows = new ArrayList<>();
        for (TopicStats t : r.topics()) {
            StackedBars.Row row = new StackedBars.Row(t.topic() != null ? t.topic() : "id " + t.topicId(),
                    new long[] {t.producedBytes(), t.fetchedBytes()});
            if (row.total() > 0) {
                rows.add(row);
            }
        }
        rows.sort(Comparator.comparingLong(row -> -row.total()));
        return new Figure("Top topics by bytes",
                "Record batch bytes as on the wire per topic: produced (topics[].produced_bytes) and fetched "
                        + "(topics[].fetched_bytes), stacked; the " + MAX_TOPICS + " largest.",
                "No record batches were produced or fetched in this capture.",
                new StackedBars("topics", "Top topics by bytes", "bytes",
                        List.of(new Series("produced", Palette.category(0)), new Series("fetched", Palette.category(1))),
                        first(rows, MAX_TOPICS)));
    }

    private static long sum(List<Long> counts) {
        return counts.stream().mapToLong(Long::longValue).sum();
    }

    private static <T> List<T> first(List<T> list, int n) {
        return list.subList(0, Math.min(n, list.size()));
    }
}
