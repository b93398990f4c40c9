package org.kwire.html;

import org.kwire.text.Units;

import java.util.List;

/**
 * Rebalances on a time axis, one row per group: each a bar from its start to its end (to the end of the capture, in
 * gray, when the capture did not see it end), at least {@value #MIN_BAR} pixels wide so that a short one stays
 * visible; x in seconds since the capture's first packet. The tooltip of a bar says what it was.
 */
final class RebalanceTimeline implements Chart {

    /** A rebalance: seconds since the capture's start, whether it ended, its tooltip. */
    record Bar(double start, double end, boolean ended, String tooltip) {
    }

    /** A group's row. */
    record Row(String label, List<Bar> bars) {
    }

    static final Series ENDED = new Series("rebalance", Palette.category(0));
    static final Series OPEN = new Series("not ended in the capture", Palette.OTHER);
    private static final double ROW_HEIGHT = 24;
    private static final double MIN_BAR = 3;

    private final String title;
    private final double span;
    private final List<Row> rows;

    /**
     * @param title accessible title of the SVG
     * @param span  seconds from the capture's first packet to its last
     * @param rows  groups, top to bottom
     */
    RebalanceTimeline(String title, double span, List<Row> rows) {
        this.title = title;
        this.span = span;
        this.rows = rows;
    }

    @Override
    public String name() {
        return "rebalances";
    }

    @Override
    public List<Series> series() {
        return rows.stream().flatMap(r -> r.bars().stream()).anyMatch(b -> !b.ended()) ? List.of(ENDED, OPEN) : List.of(ENDED);
    }

    @Override
    public boolean isEmpty() {
        return rows.isEmpty();
    }

    @Override
    public void writeSvg(Markup m) {
        RowFrame frame = new RowFrame(rows.stream().map(Row::label).toList(), ROW_HEIGHT, 24);
        Scale scale = new LinearScale(span, frame.plotWidth());
        frame.open(m, name(), title, scale, t -> Units.count((long) t) + " s");
        for (int i = 0; i < rows.size(); i++) {
            double y = frame.rowTop(i) + 4;
            for (Bar b : rows.get(i).bars()) {
                double x = scale.px(Math.max(0, b.start()));
                double w = Math.max(MIN_BAR, scale.px(Math.max(b.start(), b.end())) - x);
                Svg.bar(m, frame.x(x), y, w, ROW_HEIGHT - 8, (b.ended() ? ENDED : OPEN).color(), b.tooltip());
            }
        }
        m.close("svg");
    }
}
