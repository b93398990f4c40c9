package org.kwire.html;

import java.util.List;
import java.util.function.DoubleFunction;

/**
 * The frame of a chart with one row per label and values along x: labels on the left (cut with an ellipsis past
 * {@value #MAX_LABEL_CHARS} characters, the whole label in a tooltip), the value axis on top with vertical gridlines.
 * Sizes in pixels; the chart is {@link Svg#CHART_WIDTH} wide unless its labels need more.
 */
final class RowFrame {

    static final int MAX_LABEL_CHARS = 64;
    /** Narrowest value axis: long labels widen the chart instead. */
    private static final double MIN_PLOT_WIDTH = 440;
    private static final double TOP = 24;
    private static final double BOTTOM = 8;
    private static final double RIGHT = 72;
    private static final double CHAR_WIDTH = 7.6;

    private final List<String> labels;
    private final double rowHeight;
    private final double labelWidth;
    private final double right;

    /**
     * @param labels    one per row, top to bottom
     * @param rowHeight pixels per row
     */
    RowFrame(List<String> labels, double rowHeight) {
        this(labels, rowHeight, RIGHT);
    }

    /**
     * @param labels    one per row, top to bottom
     * @param rowHeight pixels per row
     * @param right     pixels right of the value axis, for text after the marks
     */
    RowFrame(List<String> labels, double rowHeight, double right) {
        this.labels = labels;
        this.rowHeight = rowHeight;
        this.right = right;
        int longest = labels.stream().mapToInt(l -> Math.min(l.length(), MAX_LABEL_CHARS)).max().orElse(0);
        this.labelWidth = Math.max(90, longest * CHAR_WIDTH + 14);
    }

    /** Width of the whole chart. */
    double width() {
        return Math.max(Svg.CHART_WIDTH, labelWidth + MIN_PLOT_WIDTH + right);
    }

    /** Pixels available to the value axis. */
    double plotWidth() {
        return width() - labelWidth - right;
    }

    double height() {
        return TOP + labels.size() * rowHeight + BOTTOM;
    }

    /** Top edge of row {@code i}. */
    double rowTop(int i) {
        return TOP + i * rowHeight;
    }

    /** The x coordinate of a distance {@code px} along the value axis. */
    double x(double px) {
        return labelWidth + px;
    }

    /** Opens the chart's {@code <svg>} and draws gridlines, tick labels and row labels; the caller closes it. */
    void open(Markup m, String chart, String title, Scale scale, DoubleFunction<String> tickLabel) {
        Svg.open(m, chart, width(), height(), title);
        for (double t : scale.ticks()) {
            double x = x(scale.px(t));
            Svg.line(m, x, TOP - 4, x, height() - BOTTOM, "grid");
            Svg.text(m, x, TOP - 8, "middle", "tick", tickLabel.apply(t));
        }
        for (int i = 0; i < labels.size(); i++) {
            String label = labels.get(i);
            boolean cut = label.length() > MAX_LABEL_CHARS;
            m.open("text", "x", Svg.num(labelWidth - 8), "y", Svg.num(rowTop(i) + rowHeight / 2 + 4),
                    "text-anchor", "end", "class", "label");
            m.text(cut ? label.substring(0, MAX_LABEL_CHARS - 1) + "…" : label);
            if (cut) {
                m.element("title", label);
            }
            m.close("text");
        }
    }
}
