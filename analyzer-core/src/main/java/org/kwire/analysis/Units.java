package org.kwire.analysis;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes and durations as options give them, with a unit suffix or as a plain number in the option's own unit (so
 * that {@code --ring-size 64} stays 64 MB and {@code --max-decompressed 1048576} stays bytes).
 * <ul>
 *   <li>Sizes: a whole number, then optionally {@code B}, {@code K}, {@code M}, {@code G} or {@code T} (binary: K is
 *   1024 bytes, as the JVM's {@code -Xmx64M}; {@code KiB}, {@code MiB}, ... and {@code KB}, {@code MB}, ... mean the
 *   same), any case: {@code 64M}, {@code 1G}, {@code 512K}, {@code 100b}.</li>
 *   <li>Durations: a number (decimals allowed), then optionally {@code ns}, {@code us}, {@code ms}, {@code s},
 *   {@code m} or {@code h}: {@code 30s}, {@code 5m}, {@code 500ms}, {@code 1.5h}.</li>
 * </ul>
 * Every refusal is a {@link ConfigException} naming the option and the text as given. Stateless.
 */
public final class Units {

    private static final Pattern SIZE = Pattern.compile("([0-9]+)\\s*(?:([kmgt])(?:i?b)?|b)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)\\s*(ns|us|ms|s|m|h)?");
    /** What a size may look like, as refusals say it. */
    private static final String SIZE_FORM = "not a size (a whole number, or with a unit: 512K, 64M, 1G)";
    /** What a duration may look like, as refusals say it. */
    private static final String DURATION_FORM = "not a duration (a number, or with a unit: 500ms, 30s, 5m, 1h)";

    private Units() {
    }

    /**
     * A size in bytes.
     *
     * @param plainUnit bytes that a number without a unit counts (1: bytes; {@code 1 << 20}: MiB; 1 000 000: MB)
     * @throws ConfigException if it is not a size, or more bytes than a long holds
     */
    public static long bytes(String option, String text, long plainUnit) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new ConfigException(option, text, negative(text) ? "must not be negative" : SIZE_FORM);
        }
        long unit = m.group(2) == null ? (text.trim().toLowerCase(Locale.ROOT).endsWith("b") ? 1 : plainUnit)
                : 1L << (10 * ("kmgt".indexOf(Character.toLowerCase(m.group(2).charAt(0))) + 1));
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new ConfigException(option, text, "too large");
        }
    }

    /**
     * A size as {@link #bytes} reads it back, for help texts: the largest unit (K, M, G, T = 1024^1..4 bytes) that
     * divides it exactly ({@code 104857600} is {@code 100M}), else the plain number of bytes ({@code 65535}).
     */
    public static String size(long bytes) {
        String units = "KMGT";
        for (int u = units.length(); u >= 1; u--) {
            long unit = 1L << (10 * u);
            if (bytes != 0 && bytes % unit == 0) {
                return bytes / unit + units.substring(u - 1, u);
            }
        }
        return Long.toString(bytes);
    }

    /**
     * {@link #bytes}, for a limit held in an int.
     *
     * @throws ConfigException also if it is more than {@link Integer#MAX_VALUE} bytes (2 GiB less one byte)
     */
    public static int bytesInt(String option, String text, long plainUnit) {
        long n = bytes(option, text, plainUnit);
        if (n > Integer.MAX_VALUE) {
            throw new ConfigException(option, text, "at most " + Integer.MAX_VALUE + " bytes (2G less one byte)");
        }
        return (int) n;
    }

    /**
     * A duration in nanoseconds, a fraction of a nanosecond rounded up.
     *
     * @param plainUnitNanos nanoseconds that a number without a unit counts (1 000 000 000: seconds)
     * @throws ConfigException if it is not a duration, or more nanoseconds than a long holds
     */
    public static long nanos(String option, String text, long plainUnitNanos) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new ConfigException(option, text, negative(text) ? "must not be negative" : DURATION_FORM);
        }
        long unit = m.group(2) == null ? plainUnitNanos : switch (m.group(2)) {
            case "ns" -> 1L;
            case "us" -> 1_000L;
            case "ms" -> 1_000_000L;
            case "s" -> 1_000_000_000L;
            case "m" -> 60_000_000_000L;
            default -> 3_600_000_000_000L;
        };
        BigDecimal ns = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit)).setScale(0, RoundingMode.CEILING);
        if (ns.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new ConfigException(option, text, "too long");
        }
        return ns.longValueExact();
    }

    /** Whether {@code text} is a minus sign before what would otherwise be read. */
    private static boolean negative(String text) {
        String t = text.trim();
        return t.startsWith("-") && (SIZE.matcher(t.substring(1)).matches() || DURATION.matcher(t.substring(1)).matches());
    }

    /**
     * A duration in whole seconds, for options counted in seconds.
     *
     * @throws ConfigException also if it is not a whole number of seconds ({@code 1500ms}), or past an int's range
     */
    public static int seconds(String option, String text) {
        long ns = nanos(option, text, 1_000_000_000L);
        if (ns % 1_000_000_000L != 0) {
            throw new ConfigException(option, text, "a whole number of seconds (this option counts seconds)");
        }
        if (ns / 1_000_000_000L > Integer.MAX_VALUE) {
            throw new ConfigException(option, text, "too long");
        }
        return (int) (ns / 1_000_000_000L);
    }
}
