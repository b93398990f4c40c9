package org.kwire.metrics;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The last value per key of a gauge's facts (a consumer's fetch lag, a partition's high watermark, ...), with when it
 * was last set, bounded: at most {@code max} keys, a new key past them is not kept. Values in the order their keys
 * were first set. Not thread-safe: its owner serializes the calls.
 *
 * @param <T> the value
 */
final class LastValues<T> {

    private record Entry<T>(T value, long seenNanos) {
    }

    private final int max;
    private final Map<String, Entry<T>> entries = new LinkedHashMap<>();

    /** @param max keys kept at most */
    LastValues(int max) {
        this.max = max;
    }

    /** Sets {@code key}'s value, seen at {@code now} (ns); a new key past the bound is not kept. */
    void put(String key, T value, long now) {
        if (entries.size() < max || entries.containsKey(key)) {
            entries.put(key, new Entry<>(value, now));
        }
    }

    /** The value of {@code key}, or null if it is not kept. */
    T valueOf(String key) {
        Entry<T> e = entries.get(key);
        return e == null ? null : e.value;
    }

    /** When {@code key} was last set, ns; {@code Long.MIN_VALUE} if it is not kept. */
    long seen(String key) {
        Entry<T> e = entries.get(key);
        return e == null ? Long.MIN_VALUE : e.seenNanos;
    }

    /** Removes the keys not set since {@code before} (ns) unless {@code keep} holds for their value. */
    void expire(long before, Predicate<T> keep) {
        for (Iterator<Entry<T>> it = entries.values().iterator(); it.hasNext(); ) {
            Entry<T> e = it.next();
            if (e.seenNanos < before && !keep.test(e.value)) {
                it.remove();
            }
        }
    }

    /** The values. */
    Collection<T> values() {
        List<T> out = new java.util.ArrayList<>(entries.size());
        entries.values().forEach(e -> out.add(e.value));
        return out;
    }
}
