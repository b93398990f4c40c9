package org.kwire.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Bounds the values of one label (client_id, topic, broker) so that a Prometheus server's series stay few however
 * many clients come and go (Prometheus's "Instrumentation: do not overuse labels"). At most {@code max} values have
 * series of their own; traffic of any other value is counted under {@link #OTHER}. Free places go to new values as
 * they come; a value not seen for {@code expireNanos} loses its place ({@code onExpire} removes its series), and each
 * freed place goes to the value that had the most traffic under {@code other} since places were last handed out, so
 * that the values with own series are the busiest ones of the recent past. Not thread-safe: its owner serializes the calls.
 */
final class LabelLimiter {

    /** The label value of every value without series of its own. */
    static final String OTHER = "other";
    /** How often expiry is checked, at most, ns. */
    private static final long CHECK_EVERY_NANOS = 5_000_000_000L;

    private final int max;
    private final long expireNanos;
    private final LongSupplier clock;
    private final Consumer<String> onExpire;
    /** Values with own series, with the clock when last seen. */
    private final Map<String, Long> admitted = new HashMap<>();
    /** Traffic of values counted under other since places were last handed out (at most 4 * max of them kept). */
    private final Map<String, Long> waiting = new HashMap<>();
    private long nextCheck;

    /**
     * @param max         values with own series at most (0: everything under {@code other})
     * @param expireNanos a value not seen for this long loses its series; 0 never
     * @param clock       monotonic time, ns (System::nanoTime)
     * @param onExpire    removes the series of an expired value
     */
    LabelLimiter(int max, long expireNanos, LongSupplier clock, Consumer<String> onExpire) {
        this.max = max;
        this.expireNanos = expireNanos;
        this.clock = clock;
        this.onExpire = onExpire;
        this.nextCheck = clock.getAsLong() + CHECK_EVERY_NANOS;
    }

    /**
     * The label to count {@code value}'s traffic under: the value itself or {@link #OTHER}.
     *
     * @param weight its traffic now (bytes), to rank the values waiting for a place
     */
    String label(String value, long weight) {
        long now = clock.getAsLong();
        if (now - nextCheck >= 0) {
            expire(now);
        }
        if (admitted.containsKey(value)) {
            admitted.put(value, now);
            return value;
        }
        if (admitted.size() < max && !value.equals(OTHER)) {
            admitted.put(value, now);
            return value;
        }
        if (waiting.containsKey(value) || waiting.size() < 4 * Math.max(1, max)) {
            waiting.merge(value, weight, Long::sum);
        }
        return OTHER;
    }

    /** Removes the values not seen for the expiry time and gives their places to the busiest waiting values. */
    void expire(long now) {
        nextCheck = now + CHECK_EVERY_NANOS;
        if (expireNanos <= 0) {
            return;
        }
        for (Iterator<Map.Entry<String, Long>> it = admitted.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Long> e = it.next();
            if (now - e.getValue() >= expireNanos) {
                it.remove();
                onExpire.accept(e.getKey());
            }
        }
        if (admitted.size() == max || waiting.isEmpty()) {
            return;
        }
        List<Map.Entry<String, Long>> busiest = new ArrayList<>(waiting.entrySet());
        busiest.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()));
        for (int i = 0; i < busiest.size() && admitted.size() < max; i++) {
            if (!busiest.get(i).getKey().equals(OTHER)) {
                admitted.put(busiest.get(i).getKey(), now);
            }
        }
        waiting.clear();
    }

    /** The values with own series now. */
    List<String> admitted() {
        return List.copyOf(admitted.keySet());
    }
}
