package org.kwire.html;

/**
 * A chart with its caption, legend and a sentence saying what is drawn; a sentence instead of the chart when it has
 * nothing to draw.
 *
 * @param title     caption
 * @param note      what the chart draws and in which units, in words
 * @param emptyText shown instead of an empty chart
 * @param chart     the chart
 */
record Figure(String title, String note, String emptyText, Chart chart) {

    void writeTo(Markup m) {
        m.open("figure", "class", "chart-figure", "id", "chart-" + chart.name()).element("figcaption", title);
        if (chart.isEmpty()) {
            m.element("p", emptyText, "class", "empty");
        } else {
            chart.writeSvg(m);
            if (chart.series().size() > 1) {
                m.open("ul", "class", "legend");
                for (Series s : chart.series()) {
                    m.open("li").open("span", "class", "swatch " + s.shape(), "style", "background:" + s.color()).close("span")
                            .text(s.name()).close("li");
                }
                m.close("ul");
            }
        }
        m.element("p", note, "class", "note").close("figure");
    }
}
