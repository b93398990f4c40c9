package org.kwire.tcp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * 4-tuples in an order the caller keeps (insertion order, or last use where the caller moves an entry to the end),
 * each with a value and a capture time: a {@link java.util.LinkedHashMap} whose oldest entry is at hand without an
 * iterator and whose lookups take a reused probe key, so that the per-packet work of {@link TcpReassembler} (lookup,
 * idle check) allocates nothing. Adding an entry copies the probe.
 *
 * @param <V> what each 4-tuple maps to (nothing, for sets of 4-tuples)
 */
final class OrderedTuples<V> {

    /** One 4-tuple: its value, its capture time (the caller decides which), and its neighbours in the order. */
    static final class Entry<V> {
        final FourTuple key;
        final V value;
        long nanos;
        private Entry<V> before;
        private Entry<V> after;

        private Entry(FourTuple key, V value, long nanos) {
            this.key = key;
            this.value = value;
            this.nanos = nanos;
        }
    }

    private final HashMap<FourTuple, Entry<V>> map = new HashMap<>();
    private Entry<V> first;
    private Entry<V> last;

    /** The entry of the probe's 4-tuple, or null. */
    Entry<V> get(FourTuple probe) {
        return map.get(probe);
    }

    /** Adds the probe's 4-tuple (a copy), which must be absent, at the end. */
    Entry<V> add(FourTuple probe, V value, long nanos) {
        Entry<V> e = new Entry<>(probe.copy(), value, nanos);
        map.put(e.key, e);
        link(e);
        return e;
    }

    /** Moves an entry to the end (it was just used). */
    void moveToEnd(Entry<V> e) {
        if (e != last) {
            unlink(e);
            link(e);
        }
    }

    /** Removes an entry of this set. */
    void remove(Entry<V> e) {
        map.remove(e.key);
        unlink(e);
    }

    /** Removes the probe's 4-tuple; returns its entry, or null if it was absent. */
    Entry<V> remove(FourTuple probe) {
        Entry<V> e = map.remove(probe);
        if (e != null) {
            unlink(e);
        }
        return e;
    }

    /** The first entry in the order, or null if empty. */
    Entry<V> first() {
        return first;
    }

    int size() {
        return map.size();
    }

    boolean isEmpty() {
        return first == null;
    }

    /** The values in order. */
    List<V> values() {
        List<V> out = new ArrayList<>(map.size());
        for (Entry<V> e = first; e != null; e = e.after) {
            out.add(e.value);
        }
        return out;
    }

    void clear() {
        map.clear();
        first = null;
        last = null;
    }

    private void link(Entry<V> e) {
        e.before = last;
        e.after = null;
        if (last == null) {
            first = e;
        } else {
            last.after = e;
        }
        last = e;
    }

    private void unlink(Entry<V> e) {
        if (e.before == null) {
            first = e.after;
        } else {
            e.before.after = e.after;
        }
        if (e.after == null) {
            last = e.before;
        } else {
            e.after.before = e.before;
        }
        e.before = null;
        e.after = null;
    }
}
