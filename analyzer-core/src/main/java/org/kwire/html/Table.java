package org.kwire.html;

import org.kwire.text.Units;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One summary table: a header row and rows of cells. Integers are written with thousands separators
 * ({@code 75,770}) unless they name something ({@link Plain}: frame 12345), latencies ({@link Millis}) in milliseconds
 * with one decimal and their exact microseconds in a tooltip, times ({@link Time}) as the time of day with the whole
 * timestamp in a tooltip; numbers are right-aligned;
 * null is an em dash; text wraps at spaces, and text longer than {@value #LONG_TEXT} characters anywhere, so that a
 * table fits its page.
 */
final class Table {

    /** A latency in microseconds, shown in ms. */
    record Millis(long micros) {
    }

    /** An ISO-8601 UTC timestamp, shown as its time of day. */
    record Time(String iso) {
    }

    /** A number that names something (frame, stream, api key, code, correlation_id): no separators. */
    record Plain(long value) {
    }

    /**
     * A name chosen by users (client_id, transactional.id) that may break anywhere when its table needs the room,
     * however short: such names are often long words ({@code NetworkPartitionMetadataClient-client-1}).
     */
    record Name(String text) {
    }

    /**
     * Short text that may wrap at its spaces but nowhere else, unlike other short text (a client's software name and
     * version: {@code apache-kafka-java} stays whole).
     */
    record Words(String text) {
    }

    /** Text longer than this may break anywhere (a long topic name, a path); shorter text breaks only at spaces. */
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

    /**
     * Adds a row: one cell per header, each a {@link Number}, {@link Plain}, {@link Millis}, {@link Time}, {@link Name},
     * {@link Words}, a String, or null.
     */
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
                } else if (cell instanceof Millis ms) {
                    m.element("td", Units.ms(ms.micros()), "class", "num", "title", Units.count(ms.micros()) + " µs");
                } else if (cell instanceof Plain p) {
                    m.element("td", Long.toString(p.value()), "class", "num");
                } else if (cell instanceof Name n) {
                    m.element("td", n.text(), "class", "name");
                } else if (cell instanceof Words w) {
                    words(m, w.text());
                } else if (cell instanceof Time t) {
                    m.element("td", Units.time(t.iso()), "class", "time", "title", t.iso());
                } else if (cell instanceof Long || cell instanceof Integer) {
                    m.element("td", Units.count(((Number) cell).longValue()), "class", "num");
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

    /** A cell of {@link Words}: each word in a span that does not wrap, spaces between them. */
    private static void words(Markup m, String text) {
        m.open("td", "class", "words");
        String[] words = text.split(" ");
        for (int i = 0; i < words.length; i++) {
            m.text(i == 0 ? "" : " ").element("span", words[i], "class", "word");
        }
        m.close("td");
    }
}
