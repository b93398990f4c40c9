package org.kwire.html;

import java.util.ArrayList;
import java.util.List;

/**
 * A linear scale from 0 to a round maximum at or above the data's maximum: ticks every 1, 2 or 5 × 10^k, about five
 * of them.
 */
final class LinearScale implements Scale {

    private static final int TARGET_TICKS = 5;

    private final double step;
    private final double top;
    private final double length;

    /**
     * @param max    largest value to show (at least 1 is assumed)
     * @param length pixels from 0 to the top of the scale
     */
    LinearScale(double max, double length) {
        double m = Math.max(1, max);
        double raw = m / TARGET_TICKS;
        double decade = Math.pow(10, Math.floor(Math.log10(raw)));
        double s = decade;
        for (double f : new double[] {1, 2, 5, 10}) {
            s = f * decade;
            if (s >= raw) {
                break;
            }
        }
        this.step = Math.max(1, s); // counts: no fractional ticks
        this.top = Math.ceil(m / step) * step;
        this.length = length;
    }

    @Override
    public double px(double value) {
        return value / top * length;
    }

    @Override
    public List<Double> ticks() {
        List<Double> ticks = new ArrayList<>();
        for (double t = 0; t <= top + step / 2; t += step) {
            ticks.add(t);
        }
        return ticks;
    }
}
