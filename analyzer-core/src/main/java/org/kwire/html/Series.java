package org.kwire.html;

/**
 * One data series of a chart, as its legend shows it.
 *
 * @param name  legend text
 * @param color CSS color of its marks
 * @param shape how its marks look, for the legend's swatch: {@code square} (bars and columns), {@code circle},
 *              {@code diamond}, {@code tick} (a short vertical line) or {@code range} (a horizontal line)
 */
record Series(String name, String color, String shape) {

    /** A series drawn as bars or columns. */
    Series(String name, String color) {
        this(name, color, "square");
    }
}
