package org.kwire.text;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Numbers as people read them in a terminal: counts with thousands separators ({@code 75,770}), byte sizes in binary
 * units ({@code 7.3 KiB}), latencies in milliseconds with one decimal ({@code 547.8}), times of day in UTC. ASCII only,
 * whatever the locale, so that the output is the same on every machine and in every test.
 */
public final class Units {

    private static final DecimalFormatSymbols SYMBOLS = DecimalFormatSymbols.getInstance(Locale.ROOT);
    private static final String[] BINARY = {"KiB", "MiB", "GiB", "TiB", "PiB"};
    private static final DateTimeFormatter DATE_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private Units() {
    }

    /** A round number as a chart's axis labels it: {@code 500}, {@code 2 k}, {@code 1.5 M}, {@code 3 G}. */
    public static String si(long n) {
        String[] prefixes = {"", " k", " M", " G", " T", " P"};
        double v = n;
        int p = 0;
        while (Math.abs(v) >= 1000 && p < prefixes.length - 1) {
            v /= 1000;
            p++;
        }
        return format("#,##0.#", v) + prefixes[p];
    }

    /** A count with thousands separators: {@code 1,234,567}. */
    public static String count(long n) {
        return format("#,##0", n);
    }

    /** A byte size: {@code 866 B} below 1 KiB, else one decimal in the largest binary unit below it ({@code 7.3 KiB}). */
    public static String bytes(long n) {
        if (Math.abs(n) < 1024) {
            return n + " B";
        }
        double v = n;
        int unit = -1;
        while (Math.abs(v) >= 1024 && unit < BINARY.length - 1) {
            v /= 1024;
            unit++;
        }
        return format("#,##0.0", v) + " " + BINARY[unit];
    }

    /**
     * Microseconds as milliseconds with one decimal and separators, without the unit ({@code 1,234.5}); below 0.05 ms,
     * which one decimal would show as 0.0, {@code <0.1}.
     */
    public static String ms(long micros) {
        if (micros < 50) {
            return "<0.1";
        }
        return format("#,##0.0", BigDecimal.valueOf(micros).movePointLeft(3).setScale(1, RoundingMode.HALF_UP));
    }

    /**
     * A duration given in microseconds: in ms below 1 s ({@code 547.8 ms}), in seconds below a minute
     * ({@code 3.6 s}), then in minutes and seconds ({@code 12 min 5 s}) or hours and minutes ({@code 2 h 5 min}).
     */
    public static String duration(long micros) {
        if (micros < 1_000_000) {
            return ms(micros) + " ms";
        }
        if (micros < 60_000_000) {
            return format("0.0", micros / 1e6) + " s";
        }
        long s = micros / 1_000_000;
        return s < 3600 ? s / 60 + " min " + s % 60 + " s" : count(s / 3600) + " h " + s % 3600 / 60 + " min";
    }

    /** {@code part} of {@code whole} as a percentage with one decimal ({@code 5.5 %}); {@code -} when whole is 0. */
    public static String percent(long part, long whole) {
        return whole == 0 ? "-" : format("0.0", 100.0 * part / whole) + " %";
    }

    /** An ISO-8601 instant as {@code 2026-11-29 17:28:42.136 UTC}. */
    public static String dateTime(String iso) {
        return DATE_TIME.format(Instant.parse(iso)) + " UTC";
    }

    /** An ISO-8601 instant as its time of day in UTC, {@code 17:28:42.136}. */
    public static String time(String iso) {
        return TIME.format(Instant.parse(iso));
    }

    /** {@code n} and the noun, in the plural unless n is 1: {@code 1 request}, {@code 3 requests}. */
    public static String plural(long n, String noun) {
        return count(n) + " " + (n == 1 ? noun : noun + "s");
    }

    private static String format(String pattern, Object n) {
        return new DecimalFormat(pattern, SYMBOLS).format(n);
    }
}
