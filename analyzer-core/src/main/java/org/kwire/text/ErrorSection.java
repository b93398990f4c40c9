package org.kwire.text;

import org.kwire.report.ApiStats;
import org.kwire.report.ErrorStats;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Error codes by name, most frequent first: in how many responses, how often (each occurrence at the top level, per
 * topic and per partition), in which APIs' responses (occurrences), for which topics.
 */
final class ErrorSection implements TextSection {

    /** One error code summed over the APIs. */
    private static final class Code {
        final String name;
        final int code;
        long count;
        long responses;
        final Map<String, Long> apis = new LinkedHashMap<>();
        final TreeSet<String> topics = new TreeSet<>();

        Code(String name, int code) {
            this.name = name;
            this.code = code;
        }
    }

    @Override
    public String title() {
        return "Errors by name";
    }

    @Override
    public List<String> lines(Report r, int width) {
        Map<Integer, Code> codes = new LinkedHashMap<>();
        for (ApiStats a : r.apis()) {
            for (ErrorStats e : a.errors()) {
                Code c = codes.computeIfAbsent(e.code(), k -> new Code(e.name(), e.code()));
                c.count += e.count();
                c.responses += e.responses();
                c.apis.merge(a.name(), e.count(), Long::sum);
                c.topics.addAll(e.topics());
            }
        }
        List<Code> sorted = new ArrayList<>(codes.values());
        sorted.sort((x, y) -> x.count != y.count ? Long.compare(y.count, x.count) : Integer.compare(x.code, y.code));
        TextTable t = new TextTable(TextTable.Column.fixed("error"), TextTable.Column.number("code"),
                TextTable.Column.number("responses"), TextTable.Column.number("count"), TextTable.Column.text("APIs"), TextTable.Column.text("topics"));
        for (Code c : sorted) {
            t.row(c.name, c.code, Units.count(c.responses), Units.count(c.count), mostFirst(c.apis),
                    c.topics.isEmpty() ? "" : String.join(", ", c.topics));
        }
        if (t.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(t.lines("  ", width));
        lines.add("  responses: responses carrying the code; count: each occurrence (top level, per topic, per");
        lines.add("  partition), also in APIs.");
        return lines;
    }

    /** {@code Metadata 4, ApiVersions 4, ...}: counts by name, most first, then by name. */
    static String mostFirst(Map<String, Long> counts) {
        return String.join(", ", mostFirstItems(counts));
    }

    /** The entries of {@link #mostFirst}, one per name. */
    static List<String> mostFirstItems(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + " " + Units.count(e.getValue())).toList();
    }
}
