package org.kwire.html;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The SVG shapes charts are drawn with, written through {@link Markup}; coordinates in pixels, one decimal. */
final class Svg {

    /** Width of a chart, pixels (CSS scales it down to narrower windows). */
    static final double CHART_WIDTH = 880;

    private Svg() {
    }

    /** {@code v} rounded to one decimal, without a trailing {@code .0}: SVG coordinates. */
    static String num(double v) {
        return BigDecimal.valueOf(v).setScale(1, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    /** Opens the {@code <svg>} of a chart, {@code width} × {@code height} pixels, found by {@code data-chart}. */
    static void open(Markup m, String chart, double width, double height, String title) {
        m.open("svg", "class", "chart", "data-chart", chart, "width", num(width), "height", num(height),
                "viewBox", "0 0 " + num(width) + " " + num(height), "role", "img", "aria-label", title);
    }

    /** A data mark: a filled rectangle with a tooltip ({@code title}, shown on hover). */
    static void bar(Markup m, double x, double y, double w, double h, String fill, String tooltip) {
        m.open("rect", "class", "mark", "x", num(x), "y", num(y), "width", num(w), "height", num(h), "fill", fill)
                .element("title", tooltip).close("rect");
    }

    /** A data mark: a filled circle of radius {@code r} centered on ({@code x}, {@code y}), with a tooltip. */
    static void dot(Markup m, double x, double y, double r, String fill, String tooltip) {
        m.open("circle", "class", "mark", "cx", num(x), "cy", num(y), "r", num(r), "fill", fill)
                .element("title", tooltip).close("circle");
    }

    /** A line through {@code points} ({@code {x, y}} each), in {@code stroke}: a series over time. */
    static void polyline(Markup m, java.util.List<double[]> points, String stroke) {
        StringBuilder p = new StringBuilder();
        for (double[] xy : points) {
            p.append(p.length() == 0 ? "" : " ").append(num(xy[0])).append(',').append(num(xy[1]));
        }
        m.empty("polyline", "class", "series", "points", p.toString(), "stroke", stroke);
    }

    /** A line of text; {@code anchor} is {@code start}, {@code middle} or {@code end}. */
    static void text(Markup m, double x, double y, String anchor, String cssClass, String text) {
        m.element("text", text, "x", num(x), "y", num(y), "text-anchor", anchor, "class", cssClass);
    }

    /** A straight line (axes, gridlines), styled by {@code cssClass}. */
    static void line(Markup m, double x1, double y1, double x2, double y2, String cssClass) {
        m.empty("line", "x1", num(x1), "y1", num(y1), "x2", num(x2), "y2", num(y2), "class", cssClass);
    }
}
