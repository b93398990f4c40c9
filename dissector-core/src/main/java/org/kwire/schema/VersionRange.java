package org.kwire.schema;

/**
 * An inclusive range of API versions as Kafka's message schemas write it: {@code "3"}, {@code "1-4"}, {@code "2+"}
 * or {@code "none"} (see the README of Kafka's {@code clients/src/main/resources/common/message}).
 *
 * @param lowest  lowest version in the range
 * @param highest highest version in the range ({@link Short#MAX_VALUE} for an open range such as {@code "2+"})
 */
public record VersionRange(short lowest, short highest) {

    /** The empty range, {@code "none"}. */
    public static final VersionRange NONE = new VersionRange((short) 1, (short) 0);
    /** Every version, {@code "0+"}. */
    public static final VersionRange ALL = new VersionRange((short) 0, Short.MAX_VALUE);

    /**
     * Parses a schema version string.
     *
     * @param text {@code "N"}, {@code "N-M"}, {@code "N+"} or {@code "none"}; {@code null} gives {@link #NONE}
     * @throws IllegalArgumentException if the text is none of these forms, a version is negative, or N &gt; M
     */
    public static VersionRange parse(String text) {
        if (text == null || text.isBlank() || text.trim().equals("none")) {
            return NONE;
        }
        String t = text.trim();
        VersionRange r;
        try {
            if (t.endsWith("+")) {
                r = new VersionRange(Short.parseShort(t.substring(0, t.length() - 1)), Short.MAX_VALUE);
            } else {
                int dash = t.indexOf('-', 1);
                if (dash > 0) {
                    r = new VersionRange(Short.parseShort(t.substring(0, dash)), Short.parseShort(t.substring(dash + 1)));
                } else {
                    short v = Short.parseShort(t);
                    r = new VersionRange(v, v);
                }
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("invalid version range '" + text + "'", e);
        }
        if (r.lowest < 0 || r.highest < r.lowest) {
            // Kafka's generator (Versions) refuses these too: versions are int16 from 0 up
            throw new IllegalArgumentException("invalid version range '" + text + "' (versions are 0 or more, lowest first)");
        }
        return r;
    }

    /** True if {@code version} lies in this range. */
    public boolean contains(int version) {
        return version >= lowest && version <= highest;
    }

    /** True for {@code "none"}. */
    public boolean isEmpty() {
        return lowest > highest;
    }

    /** The range of versions in both this range and {@code other}. */
    public VersionRange intersect(VersionRange other) {
        short lo = (short) Math.max(lowest, other.lowest);
        short hi = (short) Math.min(highest, other.highest);
        return lo > hi ? NONE : new VersionRange(lo, hi);
    }

    @Override
    public String toString() {
        if (isEmpty()) {
            return "none";
        }
        if (highest == Short.MAX_VALUE) {
            return lowest + "+";
        }
        return lowest == highest ? Short.toString(lowest) : lowest + "-" + highest;
    }
}
