package org.kwire.text;

import org.kwire.report.ApiStats;
import org.kwire.report.ErrorStats;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Error codes by name, most frequent first: how often, in which APIs' responses, for which topics. */
final class ErrorSection implements TextSection {

    /** One error code summed over the APIs. */
    private static final class Code {
        final String name;
        final int code;
        long count;
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
                c.apis.merge(a.name(), e.count(), Long::sum);
                c.topics.addAll(e.topics());
            }
        }
        List<Code> sorted = new ArrayList<>(codes.values());
        sorted.sort((x, y) -> x.count != y.count ? Long.compare(y.count, x.count) : Integer.compare(x.code, y.code));
        TextTable t = new TextTable(TextTable.Column.fixed("error"), TextTable.Column.number("code"),
                TextTable.Column.number("count"), TextTable.Column.text("APIs"), TextTable.Column.text("topics"));
        for (Code c : sorted) {
            t.row(c.name, c.code, Units.count(c.count), ClientSection.busiest(c.apis),
                    c.topics.isEmpty() ? "" : String.join(", ", c.topics));
        }
        return t.isEmpty() ? List.of() : t.lines("  ", width);
    }
}
