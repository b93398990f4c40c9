package org.kwire.html;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One summary table: a header row and rows of cells. Numbers are written exactly as in the report (no rounding, no
 * digit grouping) and right-aligned; null is written as an em dash; text longer than {@value #LONG_TEXT} characters may
 * wrap, shorter text (addresses, timestamps, names) does not.
 */
final class Table {

    static final int LONG_TEXT = 40;

    private final String id;
    private final List<String> headers;
    private final List<Object[]> rows = new ArrayList<>();

    /**
     * @param id      the table's {@code id} attribute (tests and links find it by this)
     * @param headers column titles
     */
    Table(String id, String... headers) {
        this.id = id;
        this.headers = List.of(headers);
    }

    /** Adds a row: one cell per header, each a {@link Number}, a String, or null. */
    Table row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException(id + ": " + cells.length + " cells for " + headers.size() + " columns");
        }
        rows.add(Arrays.copyOf(cells, cells.length));
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void writeTo(Markup m) {
        m.open("div", "class", "table-wrap").open("table", "id", id).open("thead").open("tr");
        for (String h : headers) {
            m.element("th", h);
        }
        m.close("tr").close("thead").open("tbody");
        for (Object[] row : rows) {
            m.open("tr");
            for (Object cell : row) {
                if (cell == null) {
                    m.element("td", "—", "class", "none");
                } else if (cell instanceof Number) {
                    m.element("td", cell.toString(), "class", "num");
                } else {
                    String text = cell.toString();
                    m.element("td", text, "class", text.length() > LONG_TEXT ? "long" : "text");
                }
            }
            m.close("tr");
        }
        m.close("tbody").close("table").close("div");
    }
}
