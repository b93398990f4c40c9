package org.kwire.report;

import java.time.Instant;

/** When something was first and last seen in a capture: capture times in epoch ns, shown as ISO-8601 UTC. */
final class SeenSpan {

    private long first = Long.MAX_VALUE;
    private long last = Long.MIN_VALUE;

    /** Widens the span to a capture time (epoch ns). */
    void add(long nanos) {
        first = Math.min(first, nanos);
        last = Math.max(last, nanos);
    }

    /** The first time, epoch ns ({@link Long#MAX_VALUE} if nothing was seen). */
    long firstNanos() {
        return first;
    }

    /** The last time, epoch ns ({@link Long#MIN_VALUE} if nothing was seen). */
    long lastNanos() {
        return last;
    }

    /** The first time, ISO-8601 UTC; null if nothing was seen. */
    String first() {
        return iso(first);
    }

    /** The last time, ISO-8601 UTC; null if nothing was seen. */
    String last() {
        return iso(last);
    }

    /** A capture time (epoch ns) as ISO-8601 UTC; null for the unset extremes. */
    static String iso(long nanos) {
        return nanos == Long.MAX_VALUE || nanos == Long.MIN_VALUE ? null : Instant.ofEpochSecond(0, nanos).toString();
    }
}
