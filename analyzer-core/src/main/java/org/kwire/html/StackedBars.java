package org.kwire.html;

import org.kwire.text.Units;

import java.util.List;

/**
 * Horizontal bars on a linear scale, one per row, each stacked from its series' values; the row's total is written
 * after the bar, with thousands separators. Zero values draw nothing.
 */
final class StackedBars implements Chart {

    /**
     * One bar.
     *
     * @param label  the row's label
     * @param values one per series, in series order, none negative
     */
    record Row(String label, long[] values) {
        long total() {
            long t = 0;
            for (long v : values) {
                t += v;
            }
            return t;
        }
    }

    private static final double ROW_HEIGHT = 22;

    private final String name;
    private final String title;
    private final String unit;
    private final List<Series> series;
    private final List<Row> rows;

    /**
     * @param name   {@code data-chart} name
     * @param title  accessible title of the SVG
     * @param unit   what the values count, for tooltips (e.g. {@code bytes}; empty for none)
     * @param series the stacked series, left to right
     * @param rows   bars, top to bottom
     */
    StackedBars(String name, String title, String unit, List<Series> series, List<Row> rows) {
        this.name = name;
        this.title = title;
        this.unit = unit;
        this.series = series;
        this.rows = rows;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Series> series() {
        return series;
    }

    @Override
    public boolean isEmpty() {
        return rows.isEmpty();
    }

    @Override
    public void writeSvg(Markup m) {
        RowFrame frame = new RowFrame(rows.stream().map(Row::label).toList(), ROW_HEIGHT);
        Scale scale = new LinearScale(rows.stream().mapToLong(Row::total).max().orElse(1), frame.plotWidth());
        frame.open(m, name, title, scale, t -> Units.si((long) t));
        for (int i = 0; i < rows.size(); i++) {
            Row row = rows.get(i);
            double y = frame.rowTop(i) + 3;
            long sum = 0;
            for (int s = 0; s < series.size(); s++) {
                long v = row.values()[s];
                if (v > 0) {
                    Svg.bar(m, frame.x(scale.px(sum)), y, scale.px(v), ROW_HEIGHT - 6, series.get(s).color(),
                            row.label() + " · " + series.get(s).name() + ": " + Units.count(v) + (unit.isEmpty() ? "" : " " + unit));
                }
                sum += v;
            }
            Svg.text(m, frame.x(scale.px(sum)) + 6, y + ROW_HEIGHT / 2 + 1, "start", "value", Units.count(sum));
        }
        m.close("svg");
    }
}
