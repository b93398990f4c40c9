package org.kwire.html;

import org.kwire.report.LatencySummary;
import org.kwire.text.Units;

import java.util.List;

/**
 * Latency per row (an API; a topic's end-to-end latency) on one logarithmic axis in milliseconds (latencies of one
 * capture span several decades: a Metadata round trip in milliseconds, a long-polling Fetch in hundreds): a gray line
 * from the fastest to the slowest, the median (p50) as a blue dot, the 99th percentile as an orange diamond, the
 * slowest (max) as a red tick, and the three values written after the row. A row of a single value is one dark dot.
 */
final class LatencyRanges implements Chart {

    /**
     * The latency of one row.
     *
     * @param label   API name (topic name)
     * @param latency its latency summary from the report, µs
     */
    record Row(String label, LatencySummary latency) {
    }

    static final Series RANGE = new Series("fastest to slowest", "#9aa3ae", "range");
    static final Series P50 = new Series("p50 (median)", "#3b6fb6", "circle");
    static final Series P99 = new Series("p99", "#e07b39", "diamond");
    static final Series MAX = new Series("max (slowest)", "#c8475b", "tick");
    static final Series SINGLE = new Series("a single exchange", "#1f2630", "circle");
    private static final double ROW_HEIGHT = 24;
    /** Room after the axis for the values. */
    private static final double RIGHT = 300;
    private static final double DOT = 5;

    private final String name;
    private final String title;
    private final String one;
    private final String many;
    private final List<Row> rows;

    /** @param rows one per API with a latency summary, top to bottom */
    LatencyRanges(List<Row> rows) {
        this("latency", "Latency per API: p50, p99 and max", "exchange", "exchanges", rows);
    }

    /**
     * @param name  the chart's name (its figure's id is {@code chart-NAME})
     * @param title the chart's title
     * @param one   what a row counts, one ({@code exchange}, {@code batch})
     * @param many  the same, plural
     * @param rows  one per row with a latency summary, top to bottom
     */
    LatencyRanges(String name, String title, String one, String many, List<Row> rows) {
        this.name = name;
        this.title = title;
        this.one = one;
        this.many = many;
        this.rows = rows;
    }

    /** A duration given in µs, in the unit that reads best on an axis: {@code 850 µs}, {@code 10 ms}, {@code 1 s}. */
    static String duration(double us) {
        if (us < 1000) {
            return Svg.num(us) + " µs";
        }
        return us < 1_000_000 ? Svg.num(us / 1000) + " ms" : Svg.num(us / 1_000_000) + " s";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Series> series() {
        boolean single = rows.stream().anyMatch(r -> r.latency().count() == 1);
        boolean several = rows.stream().anyMatch(r -> r.latency().count() > 1);
        return several && single ? List.of(P50, P99, MAX, RANGE, single())
                : several ? List.of(P50, P99, MAX, RANGE) : List.of(single());
    }

    @Override
    public boolean isEmpty() {
        return rows.isEmpty();
    }

    @Override
    public void writeSvg(Markup m) {
        RowFrame frame = new RowFrame(rows.stream().map(Row::label).toList(), ROW_HEIGHT, RIGHT);
        Scale scale = new LogScale(rows.stream().mapToLong(r -> r.latency().min()).min().orElse(1),
                rows.stream().mapToLong(r -> r.latency().max()).max().orElse(1), frame.plotWidth());
        frame.open(m, name(), title, scale, LatencyRanges::duration);
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            LatencySummary l = row.latency();
            double y = frame.rowTop(i) + ROW_HEIGHT / 2;
            String api = row.label() + " ";
            if (l.count() == 1) {
                dot(m, frame.x(scale.px(l.max())), y, SINGLE.color(), api + "(a single " + one + "): " + ms(l.max()));
            } else {
                double from = frame.x(scale.px(l.min()));
                Svg.bar(m, from, y - 1, Math.max(2, frame.x(scale.px(l.max())) - from), 2, RANGE.color(),
                        api + "fastest " + ms(l.min()) + ", slowest " + ms(l.max()) + " (" + Units.count(l.count()) + " " + many + ")");
                dot(m, frame.x(scale.px(l.p50())), y, P50.color(), api + "p50: " + ms(l.p50()));
                diamond(m, frame.x(scale.px(l.p99())), y, api + "p99: " + ms(l.p99()));
                Svg.bar(m, frame.x(scale.px(l.max())) - 1.5, y - 7, 3, 14, MAX.color(), api + "max: " + ms(l.max()));
            }
            Svg.text(m, frame.x(frame.plotWidth()) + 12, y + 4, "start", "value", values(l));
        }
        m.close("svg");
    }

    /** {@code p50 34.0 · p99 87.6 · max 87.6 ms (10)}, or {@code 24.7 ms (1)} for a single exchange. */
    private static String values(LatencySummary l) {
        if (l.count() == 1) {
            return Units.ms(l.max()) + " ms (1)";
        }
        return "p50 " + Units.ms(l.p50()) + " · p99 " + Units.ms(l.p99()) + " · max " + Units.ms(l.max()) + " ms ("
                + Units.count(l.count()) + ")";
    }

    /** The legend of a row of a single value. */
    private Series single() {
        return new Series("a single " + one, SINGLE.color(), "circle");
    }

    private static String ms(long us) {
        return Units.ms(us) + " ms (" + Units.count(us) + " µs)";
    }

    private static void dot(Markup m, double x, double y, String fill, String tooltip) {
        m.open("circle", "class", "mark", "cx", Svg.num(x), "cy", Svg.num(y), "r", Svg.num(DOT), "fill", fill)
                .element("title", tooltip).close("circle");
    }

    private static void diamond(Markup m, double x, double y, String tooltip) {
        double d = DOT + 1;
        String points = Svg.num(x) + "," + Svg.num(y - d) + " " + Svg.num(x + d) + "," + Svg.num(y) + " " + Svg.num(x) + ","
                + Svg.num(y + d) + " " + Svg.num(x - d) + "," + Svg.num(y);
        m.open("polygon", "class", "mark", "points", points, "fill", P99.color()).element("title", tooltip).close("polygon");
    }
}
