package org.kwire.html;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;

/**
 * Requests over time: one column per time bucket, stacked from the request counts of each series (an API, or
 * "other"); y on a linear scale, x labelled with the bucket start times in UTC (with the date when the series spans more than a day). Buckets without requests draw
 * nothing.
 */
final class RateColumns implements Chart {

    /**
     * One stacked series.
     *
     * @param series its legend entry
     * @param counts requests per bucket
     */
    record Column(Series series, List<Long> counts) {
    }

    private static final double WIDTH = Svg.CHART_WIDTH;
    private static final double LEFT = 52;
    private static final double RIGHT = 16;
    private static final double TOP = 12;
    private static final double PLOT_HEIGHT = 240;
    private static final double BOTTOM = 30;
    private static final int X_TICKS = 6;
    /** Narrowest column drawn, so that a request in a long capture stays visible. */
    private static final double MIN_COLUMN = 2;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private final Instant start;
    private final long bucketSeconds;
    private final List<Column> columns;

    /**
     * @param start         start of the first bucket
     * @param bucketSeconds width of a bucket, seconds
     * @param columns       the stacked series, bottom to top, each with the same number of buckets
     */
    RateColumns(Instant start, long bucketSeconds, List<Column> columns) {
        this.start = start;
        this.bucketSeconds = bucketSeconds;
        this.columns = columns;
    }

    @Override
    public String name() {
        return "rate";
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
        Scale y = new LinearScale(Arrays.stream(totals).max().orElse(1), PLOT_HEIGHT);
        double slot = (WIDTH - LEFT - RIGHT) / buckets;
        double gap = buckets <= 120 ? slot * 0.15 : 0;
        double width = Math.max(MIN_COLUMN, slot - gap);
        DateTimeFormatter format = buckets * bucketSeconds > 86_400 ? DATE_TIME : TIME;
        Svg.open(m, name(), WIDTH, TOP + PLOT_HEIGHT + BOTTOM, "Requests per API over time");
        for (double t : y.ticks()) {
            double py = TOP + PLOT_HEIGHT - y.px(t);
            Svg.line(m, LEFT, py, WIDTH - RIGHT, py, "grid");
            Svg.text(m, LEFT - 6, py + 4, "end", "tick", Long.toString((long) t));
        }
        int every = (buckets + X_TICKS - 1) / X_TICKS;
        for (int i = 0; i < buckets; i += every) {
            Svg.text(m, LEFT + (i + 0.5) * slot, TOP + PLOT_HEIGHT + 18, "middle", "tick", time(format, i));
        }
        for (int i = 0; i < buckets; i++) {
            double stacked = 0;
            for (Column c : columns) {
                long n = c.counts().get(i);
                if (n > 0) {
                    double h = y.px(n);
                    Svg.bar(m, LEFT + i * slot + gap / 2, TOP + PLOT_HEIGHT - stacked - h, width, h,
                            c.series().color(), time(format, i) + " UTC +" + bucketSeconds + " s · " + c.series().name() + ": "
                                    + n + " requests");
                    stacked += h;
                }
            }
        }
        Svg.line(m, LEFT, TOP + PLOT_HEIGHT, WIDTH - RIGHT, TOP + PLOT_HEIGHT, "axis");
        m.close("svg");
    }

    /** Start of bucket {@code i}, UTC. */
    private String time(DateTimeFormatter format, int i) {
        return format.format(start.plusSeconds(i * bucketSeconds));
    }
}
