package org.kwire.html;

import java.util.ArrayList;
import java.util.List;

/**
 * A base-10 logarithmic scale over whole decades: from the power of ten below the smallest value (strictly below, so
 * that every value gets a bar longer than zero) to the power of ten at or above the largest. Values below 1 are drawn
 * as 1. Ticks at every power of ten.
 */
final class LogScale implements Scale {

    private final int lowDecade;
    private final int highDecade;
    private final double length;

    /**
     * @param min    smallest value to show
     * @param max    largest value to show
     * @param length pixels from the low to the high end
     */
    LogScale(double min, double max, double length) {
        double lo = Math.max(1, min);
        this.lowDecade = (int) Math.ceil(Math.log10(lo)) - 1;
        this.highDecade = Math.max(lowDecade + 1, (int) Math.ceil(Math.log10(Math.max(lo, max))));
        this.length = length;
    }

    @Override
    public double px(double value) {
        double v = Math.log10(Math.max(1, value));
        return (v - lowDecade) / (highDecade - lowDecade) * length;
    }

    @Override
    public List<Double> ticks() {
        List<Double> ticks = new ArrayList<>();
        for (int d = lowDecade; d <= highDecade; d++) {
            ticks.add(Math.pow(10, d));
        }
        return ticks;
    }
}
