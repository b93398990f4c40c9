package org.kwire.html;

import java.util.List;

/** A chart drawn as inline SVG. */
interface Chart {

    /** Name of the chart, its {@code data-chart} attribute: {@code rate}, {@code latency}, {@code errors}, {@code topics}. */
    String name();

    /** The series its legend lists, in drawing order. */
    List<Series> series();

    /** True when there is nothing to draw; the figure then says so in words. */
    boolean isEmpty();

    /** Writes the {@code <svg>} element. */
    void writeSvg(Markup m);
}
