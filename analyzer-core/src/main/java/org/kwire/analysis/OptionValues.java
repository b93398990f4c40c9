package org.kwire.analysis;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Values of options as a command line gives them (text), read into numbers with kwire's one-line refusals: the
 * {@code kwire} command's and the Spark job's options, and a partial's analysis options ({@link AnalysisOption}).
 * Every refusal is a {@link ConfigException} naming the option and the text as given. Stateless.
 */
public final class OptionValues {

    private OptionValues() {
    }

    /**
     * Any int32 value, e.g. a correlation_id, which may be negative.
     *
     * @param option the option, e.g. {@code --top}
     * @throws ConfigException if {@code text} is not a whole number, or past an int's range
     */
    public static int integer(String option, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            if (text.trim().matches("-?[0-9]+")) {
                throw new ConfigException(option, text, "out of range (" + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE + ")");
            }
            throw new ConfigException(option, text, "not a number");
        }
    }

    /**
     * A whole number of at least 0.
     *
     * @throws ConfigException if it is not one, or negative
     */
    public static int nonNegative(String option, String text) {
        int n = integer(option, text);
        if (n < 0) {
            throw new ConfigException(option, text, "must not be negative");
        }
        return n;
    }

    /**
     * A duration in milliseconds, decimals allowed ({@code 2.5}), or with a unit as {@link Units#nanos} reads it
     * ({@code 500us}, {@code 2s}), as microseconds (a fraction of a microsecond
     * rounded up).
     *
     * @throws ConfigException if it is not a number, negative, or more microseconds than a long holds
     */
    public static long millisAsMicros(String option, String text) {
        if (text.trim().matches(".*[a-z]")) { // with a unit ({@link Units}): 500us, 2s
            long ns = Units.nanos(option, text, 1_000_000L);
            return ns / 1000 + (ns % 1000 == 0 ? 0 : 1);
        }
        BigDecimal ms;
        try {
            ms = new BigDecimal(text.trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(option, text, "not a number of milliseconds");
        }
        if (ms.signum() < 0) {
            throw new ConfigException(option, text, "must not be negative");
        }
        BigDecimal us = ms.movePointRight(3).setScale(0, RoundingMode.CEILING);
        if (us.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new ConfigException(option, text, "too large");
        }
        return us.longValueExact();
    }

    /** Microseconds as milliseconds in the fewest digits: 500 is {@code 0.5}, 2000 is {@code 2}. */
    public static String microsAsMillis(long micros) {
        return BigDecimal.valueOf(micros, 3).stripTrailingZeros().toPlainString();
    }
}
