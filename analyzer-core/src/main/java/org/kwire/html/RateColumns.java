package org.kwire.html;

import org.kwire.text.Units;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Counts over time: one column per time bucket, stacked from the counts of each series (an API, a topic, or
 * "other"); y on a linear scale, x labelled with the bucket start times ({@link BucketAxes}). Buckets without counts
 * draw nothing. What is counted ({@link Measure}) labels the y axis and the tooltips.
 */
final class RateColumns implements Chart {

    /**
     * One stacked series.
     *
     * @param series its legend entry
     * @param counts its count in each bucket
     */
    record Column(Series series, List<Long> counts) {
    }

    /** What the columns count. */
    enum Measure {
        /** Request frames. */
        REQUESTS,
        /** Bytes of record batches as on the wire. */
        BYTES;

        String tick(double v) {
            return this == REQUESTS ? Units.count((long) v) : Units.si((long) v);
        }

        String tooltip(long n) {
            return this == REQUESTS ? Units.plural(n, "request") : Units.count(n) + " bytes (" + Units.bytes(n) + ")";
        }
    }

    /** Narrowest column drawn, so that a request in a long capture stays visible. */
    private static final double MIN_COLUMN = 2;

    private final String name;
    private final String title;
    private final Instant start;
    private final long bucketSeconds;
    private final List<Column> columns;
    private final Measure measure;

    /**
     * @param name          {@code data-chart} name
     * @param title         accessible title of the SVG
     * @param start         start of the first bucket
     * @param bucketSeconds width of a bucket, seconds
     * @param columns       the stacked series, bottom to top, each with the same number of buckets
     * @param measure       what the counts count
     */
    RateColumns(String name, String title, Instant start, long bucketSeconds, List<Column> columns, Measure measure) {
        this.name = name;
        this.title = title;
        this.start = start;
        this.bucketSeconds = bucketSeconds;
        this.columns = columns;
        this.measure = measure;
    }

    /**
     * The series to stack, largest total first: as many in their own color as the palette has hues, or one fewer and
     * the rest summed as {@code other (N what)}; series with nothing in them are left out.
     */
    static List<Column> stack(Map<String, List<Long>> series, String what) {
        List<String> ranking = new ArrayList<>(series.keySet());
        ranking.sort(Comparator.comparingLong((String k) -> -sum(series.get(k))));
        return stack(series, what, ranking);
    }

    /**
     * The series to stack in the order of {@code ranking}, which also gives each its color, so that several charts
     * of the same series (produced and fetched bytes of the same topics) color them alike: the first
     * {@link Palette#size()} (or one fewer) in their own hue, the rest summed as {@code other (N what)}; series with
     * nothing in them are left out.
     */
    static List<Column> stack(Map<String, List<Long>> series, String what, List<String> ranking) {
        List<Map.Entry<String, List<Long>>> sorted = new ArrayList<>();
        for (String key : ranking) {
            if (series.containsKey(key) && sum(series.get(key)) > 0) {
                sorted.add(Map.entry(key, series.get(key)));
            }
        }
        List<Column> columns = new ArrayList<>();
        int own = sorted.size() <= Palette.size() ? sorted.size() : Palette.size() - 1;
        for (int i = 0; i < own; i++) {
            int hue = ranking.indexOf(sorted.get(i).getKey());
            columns.add(new Column(new Series(sorted.get(i).getKey(), Palette.category(hue)), sorted.get(i).getValue()));
        }
        if (own < sorted.size()) {
            List<Long> other = new ArrayList<>(Collections.nCopies(sorted.get(0).getValue().size(), 0L));
            for (Map.Entry<String, List<Long>> e : sorted.subList(own, sorted.size())) {
                for (int b = 0; b < other.size(); b++) {
                    other.set(b, other.get(b) + e.getValue().get(b));
                }
            }
            columns.add(new Column(new Series("other (" + (sorted.size() - own) + " " + what + ")", Palette.OTHER), other));
        }
        return columns;
    }

    private static long sum(List<Long> counts) {
        return counts.stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<Series> series() {
        return columns.stream().map(Column::series).toList();
    }

    @Override
    public boolean isEmpty() {
        return columns.isEmpty();
    }

    @Override
    public void writeSvg(Markup m) {
        int buckets = columns.get(0).counts().size();
        long[] totals = new long[buckets];
        columns.forEach(c -> {
            for (int i = 0; i < buckets; i++) {
                totals[i] += c.counts().get(i);
            }
        });
        Scale y = new LinearScale(Arrays.stream(totals).max().orElse(1), BucketAxes.PLOT_HEIGHT);
        BucketAxes axes = new BucketAxes(start, bucketSeconds, buckets);
        double slot = axes.slot();
        double gap = buckets <= 120 ? slot * 0.15 : 0;
        double width = Math.max(MIN_COLUMN, slot - gap);
        axes.open(m, name, title, y, measure::tick);
        for (int i = 0; i < buckets; i++) {
            double stacked = 0;
            for (Column c : columns) {
                long n = c.counts().get(i);
                if (n > 0) {
                    double h = y.px(n);
                    Svg.bar(m, axes.x(i) + gap / 2, axes.y(y, 0) - stacked - h, width, h, c.series().color(),
                            axes.bucket(i) + " · " + c.series().name() + ": " + measure.tooltip(n));
                    stacked += h;
                }
            }
        }
        axes.close(m);
    }
}
