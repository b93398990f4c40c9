package org.kwire.html;

import org.kwire.text.Units;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Records behind over time: one line per series across the time buckets ({@link BucketAxes}), a dot (the data mark,
 * with its value in a tooltip) at each bucket that has a value, the line broken where a bucket has none; y on a linear
 * scale from 0 (a negative value, a fetch offset past the end, is drawn at 0 and told in its tooltip).
 */
final class LagLines implements Chart {

    /**
     * One line.
     *
     * @param series its legend entry
     * @param values its value in each bucket, null where it has none
     */
    record Line(Series series, List<Long> values) {
    }

    private static final double DOT_RADIUS = 3.5;

    private final String name;
    private final String title;
    private final Instant start;
    private final long bucketSeconds;
    private final List<Line> lines;

    /**
     * @param name          {@code data-chart} name
     * @param title         accessible title of the SVG
     * @param start         start of the first bucket
     * @param bucketSeconds width of a bucket, seconds
     * @param lines         the lines, in drawing order, each with the same number of buckets
     */
    LagLines(String name, String title, Instant start, long bucketSeconds, List<Line> lines) {
        this.name = name;
        this.title = title;
        this.start = start;
        this.bucketSeconds = bucketSeconds;
        this.lines = lines;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Series> series() {
        return lines.stream().map(Line::series).toList();
    }

    @Override
    public boolean isEmpty() {
        return lines.stream().allMatch(l -> l.values().stream().allMatch(v -> v == null));
    }

    @Override
    public void writeSvg(Markup m) {
        int buckets = lines.get(0).values().size();
        long max = lines.stream().flatMap(l -> l.values().stream()).filter(v -> v != null).mapToLong(Long::longValue)
                .max().orElse(1);
        Scale y = new LinearScale(max, BucketAxes.PLOT_HEIGHT);
        BucketAxes axes = new BucketAxes(start, bucketSeconds, buckets);
        axes.open(m, name, title, y, v -> Units.count((long) v));
        for (Line l : lines) {
            List<double[]> run = new ArrayList<>();
            for (int i = 0; i <= buckets; i++) {
                Long v = i < buckets ? l.values().get(i) : null;
                if (v != null) {
                    run.add(new double[] {axes.x(i) + axes.slot() / 2, axes.y(y, Math.max(0, v))});
                } else {
                    if (run.size() > 1) {
                        Svg.polyline(m, run, l.series().color());
                    }
                    run.clear();
                }
            }
        }
        for (Line l : lines) { // dots above every line
            for (int i = 0; i < buckets; i++) {
                Long v = l.values().get(i);
                if (v != null) {
                    Svg.dot(m, axes.x(i) + axes.slot() / 2, axes.y(y, Math.max(0, v)), DOT_RADIUS, l.series().color(),
                            axes.bucket(i) + " · " + l.series().name() + ": " + Units.plural(v, "record") + " behind");
                }
            }
        }
        axes.close(m);
    }
}
