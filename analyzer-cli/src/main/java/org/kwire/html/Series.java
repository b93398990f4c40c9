package org.kwire.html;

/**
 * One data series of a chart, as its legend shows it.
 *
 * @param name  legend text
 * @param color CSS color of its marks
 */
record Series(String name, String color) {
}
