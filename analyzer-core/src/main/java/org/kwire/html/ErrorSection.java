package org.kwire.html;

import org.kwire.report.ApiStats;
import org.kwire.report.ErrorStats;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Error codes per API: a bar each, most frequent first, and a table with the responses that carried each, how often
 * it appeared, and the topics it was seen for.
 */
final class ErrorSection implements PageSection {

    /** Most bars of the chart. */
    static final int MAX_BARS = 30;

    @Override
    public String id() {
        return "errors";
    }

    @Override
    public String title() {
        return "Error codes";
    }

    @Override
    public void write(Report r, Markup m) {
        List<StackedBars.Row> rows = new ArrayList<>();
        Table t = new Table("table-errors", "API", "code", "name", "responses", "count", "topics");
        for (ApiStats a : r.apis()) {
            for (ErrorStats e : a.errors()) {
                rows.add(new StackedBars.Row(a.name() + ": " + e.name() + " (" + e.code() + ")", new long[] {e.count()}));
                t.row(a.name(), new Table.Plain(e.code()), e.name(), e.responses(), e.count(), String.join(", ", e.topics()));
            }
        }
        rows.sort(Comparator.comparingLong(row -> -row.total()));
        new Figure("Error codes per API",
                "How often each error code appeared in each API's responses: a code at the top of a response, for a "
                        + "topic or for a partition each count once. At most " + MAX_BARS + " bars, the most frequent.",
                "No error codes in this capture.", new StackedBars("errors", "Error codes per API", "",
                List.of(new Series("occurrences", Palette.category(3))), rows.subList(0, Math.min(MAX_BARS, rows.size()))))
                .writeTo(m);
        PageSection.table(m, t, null);
        if (!t.isEmpty()) {
            m.element("p", "Responses: the responses that carried the code; count: each time it appeared (at the top, "
                    + "per topic, per partition).", "class", "note");
        }
    }
}
