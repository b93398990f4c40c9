package org.kwire.html;

import org.kwire.report.LatencySummary;

import java.util.List;

/**
 * Latency percentiles per API: for each API with matched exchanges, five thin horizontal bars — min, p50, p90, p99
 * and max of its request-to-response latency — on one logarithmic axis in microseconds (latencies of one capture span
 * several decades: a Metadata round trip in milliseconds, a long-polling Fetch in hundreds).
 */
final class LatencyBars implements Chart {

    /**
     * The latency of one API.
     *
     * @param api     API name
     * @param latency its latency summary from the report, µs
     */
    record Row(String api, LatencySummary latency) {
        long[] values() {
            return new long[] {latency.min(), latency.p50(), latency.p90(), latency.p99(), latency.max()};
        }
    }

    /** min, p50, p90, p99, max: one hue, darker for higher percentiles. */
    static final List<Series> SERIES = List.of(new Series("min", "#b9d0ec"), new Series("p50", "#7ea6da"),
            new Series("p90", "#4c7ec3"), new Series("p99", "#2b5a9b"), new Series("max", "#173660"));
    private static final double BAR = 5;
    private static final double ROW_HEIGHT = SERIES.size() * BAR + 9;

    private final List<Row> rows;

    /** @param rows one per API with a latency summary, top to bottom */
    LatencyBars(List<Row> rows) {
        this.rows = rows;
    }

    /** A duration given in µs, in the unit that reads best: {@code 850 µs}, {@code 32.5 ms}, {@code 1.2 s}. */
    static String duration(double us) {
        if (us < 1000) {
            return Svg.num(us) + " µs";
        }
        return us < 1_000_000 ? Svg.num(us / 1000) + " ms" : Svg.num(us / 1_000_000) + " s";
    }

    @Override
    public String name() {
        return "latency";
    }

    @Override
    public List<Series> series() {
        return SERIES;
    }

    @Override
    public boolean isEmpty() {
        return rows.isEmpty();
    }

    @Override
    public void writeSvg(Markup m) {
        RowFrame frame = new RowFrame(rows.stream().map(Row::api).toList(), ROW_HEIGHT);
        Scale scale = new LogScale(rows.stream().mapToLong(r -> r.latency().min()).min().orElse(1),
                rows.stream().mapToLong(r -> r.latency().max()).max().orElse(1), frame.plotWidth());
        frame.open(m, name(), "Latency percentiles per API", scale, LatencyBars::duration);
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            long[] values = row.values();
            for (int s = 0; s < values.length; s++) {
                Svg.bar(m, frame.x(0), frame.rowTop(i) + 4 + s * BAR, scale.px(values[s]), BAR - 1, SERIES.get(s).color(),
                        row.api() + " " + SERIES.get(s).name() + ": " + values[s] + " µs (" + duration(values[s]) + ")");
            }
        }
        m.close("svg");
    }
}
