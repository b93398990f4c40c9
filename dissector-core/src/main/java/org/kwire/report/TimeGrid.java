package org.kwire.report;

import java.util.Arrays;
import java.util.function.LongBinaryOperator;

/**
 * The time buckets of a series over time ({@code topic_rate}, {@code consumer_lag.over_time}): buckets of
 * {@link #width()} seconds from {@code origin}, at most {@link #MAX_BUCKETS} of them. The first value placed sets the
 * origin (its second, at width 1); when a later value falls {@link #MAX_BUCKETS} buckets or more past it, the grid
 * widens to the next of {@link #WIDTHS}, each a multiple of the one before, and the origin moves back to a multiple of
 * the new width. So the buckets of any two grids fold exactly onto the wider one ({@link #union}, {@link #fold}), which
 * is what one analysis's grid would have been (docs/PARTIAL.md, "Time buckets"). A second before the origin moves the
 * origin back (values come as exchanges complete, not in the order of their frames' times; or a clock stepped back),
 * widening the grid as a later one would: so the grid of a set of seconds does not depend on the order they come in,
 * and a slice's grid is what one analysis would make of its seconds. Immutable.
 *
 * @param widthIndex index of the bucket width in {@link #WIDTHS}
 * @param origin     start of bucket 0, epoch seconds; {@link Long#MIN_VALUE} while empty
 * @param used       buckets in use, 0 while empty
 */
record TimeGrid(int widthIndex, long origin, int used) {

    /** Bucket widths, seconds. */
    static final long[] WIDTHS = {1, 2, 10, 30, 60, 300, 600, 1800, 3600, 21600, 86400};
    /** Most buckets a grid has. */
    static final int MAX_BUCKETS = 1000;
    /** No bucket yet. */
    static final TimeGrid EMPTY = new TimeGrid(0, Long.MIN_VALUE, 0);

    /** Bucket width, seconds. */
    long width() {
        return WIDTHS[widthIndex];
    }

    boolean isEmpty() {
        return used == 0;
    }

    /** This grid, or the one from an earlier origin or wider, that holds {@code second} too. */
    TimeGrid with(long second) {
        if (used == 0) {
            return new TimeGrid(widthIndex, second, 1);
        }
        return fitting(widthIndex, Math.min(origin, second), Math.max(second, last()));
    }

    /** True if {@code o} has other buckets than this one (another width or origin): values must be folded onto it. */
    boolean movedFrom(TimeGrid o) {
        return used > 0 && o.used > 0 && (widthIndex != o.widthIndex || origin != o.origin);
    }

    /** The grid that holds the buckets of both (either may be empty). */
    TimeGrid union(TimeGrid o) {
        if (used == 0) {
            return o;
        }
        if (o.used == 0) {
            return this;
        }
        return fitting(Math.max(widthIndex, o.widthIndex), Math.min(origin, o.origin), Math.max(last(), o.last()));
    }

    /** The narrowest grid from width {@code w} up whose buckets from {@code start}'s reach {@code end}. */
    private static TimeGrid fitting(int w, long start, long end) {
        while (w < WIDTHS.length - 1 && (end - Math.floorDiv(start, WIDTHS[w]) * WIDTHS[w]) / WIDTHS[w] >= MAX_BUCKETS) {
            w++;
        }
        long o = Math.floorDiv(start, WIDTHS[w]) * WIDTHS[w];
        return new TimeGrid(w, o, (int) Math.min(MAX_BUCKETS, (end - o) / WIDTHS[w] + 1));
    }

    /** Start of the last bucket used, epoch seconds. */
    private long last() {
        return origin + (long) (used - 1) * width();
    }

    /** The bucket of {@code second} (which the grid holds: {@link #with}). */
    int index(long second) {
        return (int) Math.min(used - 1, Math.max(0, (second - origin) / width()));
    }

    /**
     * The values of a series on grid {@code from} (no wider than this one, whose buckets this one holds) on this grid,
     * in an array of {@code length} (at least {@link #used}) buckets: values {@code none} stand for nothing, others
     * that fall in one bucket are combined.
     */
    long[] fold(TimeGrid from, long[] values, LongBinaryOperator combine, long none, int length) {
        long[] out = new long[length];
        Arrays.fill(out, none);
        if (values == null) {
            return out;
        }
        for (int b = 0; b < Math.min(from.used, values.length); b++) {
            if (values[b] != none) {
                int i = index(from.origin + b * from.width());
                out[i] = out[i] == none ? values[b] : combine.applyAsLong(out[i], values[b]);
            }
        }
        return out;
    }
}
