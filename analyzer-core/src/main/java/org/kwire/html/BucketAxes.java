package org.kwire.html;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.DoubleFunction;

/**
 * The frame of a chart over time buckets ({@link RateColumns}, {@link LagLines}): a plot {@value #PLOT_HEIGHT} pixels
 * high across the chart's width, one slot per bucket, y gridlines with tick labels at the left, x labelled with about
 * {@value #X_TICKS} bucket start times in UTC (with the date when the buckets span more than a day), and the x axis.
 */
final class BucketAxes {

    static final double WIDTH = Svg.CHART_WIDTH;
    static final double LEFT = 52;
    static final double RIGHT = 16;
    static final double TOP = 12;
    static final double PLOT_HEIGHT = 240;
    static final double BOTTOM = 30;
    private static final int X_TICKS = 6;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private final Instant start;
    private final long bucketSeconds;
    private final int buckets;
    private final DateTimeFormatter format;

    /**
     * @param start         start of the first bucket
     * @param bucketSeconds width of a bucket, seconds
     * @param buckets       how many
     */
    BucketAxes(Instant start, long bucketSeconds, int buckets) {
        this.start = start;
        this.bucketSeconds = bucketSeconds;
        this.buckets = buckets;
        this.format = buckets * bucketSeconds > 86_400 ? DATE_TIME : TIME;
    }

    /** Width of a bucket's slot, pixels. */
    double slot() {
        return (WIDTH - LEFT - RIGHT) / buckets;
    }

    /** Left edge of bucket {@code i}'s slot. */
    double x(int i) {
        return LEFT + i * slot();
    }

    /** Pixel y of a value on the scale. */
    double y(Scale scale, double value) {
        return TOP + PLOT_HEIGHT - scale.px(value);
    }

    /** Opens the chart's {@code <svg>} and draws the gridlines, the tick labels ({@code tick} of a value) and the x labels. */
    void open(Markup m, String name, String title, Scale scale, DoubleFunction<String> tick) {
        Svg.open(m, name, WIDTH, TOP + PLOT_HEIGHT + BOTTOM, title);
        for (double t : scale.ticks()) {
            double py = y(scale, t);
            Svg.line(m, LEFT, py, WIDTH - RIGHT, py, "grid");
            Svg.text(m, LEFT - 6, py + 4, "end", "tick", tick.apply(t));
        }
        int every = (buckets + X_TICKS - 1) / X_TICKS;
        for (int i = 0; i < buckets; i += every) {
            Svg.text(m, x(i) + slot() / 2, TOP + PLOT_HEIGHT + 18, "middle", "tick", time(i));
        }
    }

    /** Draws the x axis and closes the {@code <svg>}. */
    void close(Markup m) {
        Svg.line(m, LEFT, TOP + PLOT_HEIGHT, WIDTH - RIGHT, TOP + PLOT_HEIGHT, "axis");
        m.close("svg");
    }

    /** Start of bucket {@code i}, UTC, as the x labels show it. */
    String time(int i) {
        return format.format(start.plusSeconds(i * bucketSeconds));
    }

    /** What a tooltip says of bucket {@code i}: {@code 17:28:42 UTC +1 s}. */
    String bucket(int i) {
        return time(i) + " UTC +" + bucketSeconds + " s";
    }
}
