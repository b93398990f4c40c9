package org.kwire.tcp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * 4-tuples in an order the caller keeps (insertion order, or last use where the caller moves an entry to the end),
 * each with a value and a capture time: a linked hash table whose oldest entry is at hand without an iterator and
 * whose lookups take a reused probe key, so that the per-packet work of {@link TcpReassembler} (lookup, idle check)
 * allocates nothing. Adding an entry copies the probe. The table is open addressing with linear probing (at most half
 * full; a removal shifts the entries after it back, so no tombstones), and compares keys with
 * {@link FourTuple#same}: no {@code hashCode}/{@code equals} call through {@code Object}, which the quick JIT the
 * launcher runs ({@code -XX:TieredStopAtLevel=1}) does not inline, as it did not inline {@code HashMap.get}.
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

    /** The entries by hash, each at its slot or after it (linear probing); a power of two, at most half full. */
    private Entry<V>[] slots = newSlots(16);
    private int size;
    private Entry<V> first;
    private Entry<V> last;

    /** The entry of the probe's 4-tuple, or null. */
    Entry<V> get(FourTuple probe) {
        int mask = slots.length - 1;
        for (int i = home(probe, mask); ; i = (i + 1) & mask) {
            Entry<V> e = slots[i];
            if (e == null || e.key.same(probe)) {
                return e;
            }
        }
    }

    /** Adds the probe's 4-tuple (a copy), which must be absent, at the end. */
    Entry<V> add(FourTuple probe, V value, long nanos) {
        Entry<V> e = new Entry<>(probe.copy(), value, nanos);
        if (++size > slots.length / 2) {
            Entry<V>[] old = slots;
            slots = newSlots(old.length * 2);
            for (Entry<V> o : old) {
                if (o != null) {
                    insert(o);
                }
            }
        }
        insert(e);
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
        delete(e);
        unlink(e);
    }

    /** Removes the probe's 4-tuple; returns its entry, or null if it was absent. */
    Entry<V> remove(FourTuple probe) {
        Entry<V> e = get(probe);
        if (e != null) {
            remove(e);
        }
        return e;
    }

    /** The first entry in the order, or null if empty. */
    Entry<V> first() {
        return first;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return first == null;
    }

    /** The values in order. */
    List<V> values() {
        List<V> out = new ArrayList<>(size);
        for (Entry<V> e = first; e != null; e = e.after) {
            out.add(e.value);
        }
        return out;
    }

    void clear() {
        Arrays.fill(slots, null);
        size = 0;
        first = null;
        last = null;
    }

    @SuppressWarnings("unchecked")
    private static <V> Entry<V>[] newSlots(int n) {
        return (Entry<V>[]) new Entry<?>[n];
    }

    /** The slot a key's probe starts at. */
    private static int home(FourTuple key, int mask) {
        int h = key.hashCode();
        return (h ^ (h >>> 16)) & mask;
    }

    /** Puts an entry in the first free slot from its home. */
    private void insert(Entry<V> e) {
        slots[slot(e, null)] = e;
    }

    /** The first slot from {@code e}'s home that holds {@code holding} (null: the first free one). */
    private int slot(Entry<V> e, Entry<V> holding) {
        int mask = slots.length - 1;
        int i = home(e.key, mask);
        while (slots[i] != holding) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /**
     * Takes an entry out of the table, then moves back each entry of the run after it whose home is not between the
     * hole and its slot (cyclically), so that every entry stays reachable from its home without tombstones.
     */
    private void delete(Entry<V> e) {
        int mask = slots.length - 1;
        int hole = slot(e, e);
        slots[hole] = null;
        size--;
        for (int j = (hole + 1) & mask; slots[j] != null; j = (j + 1) & mask) {
            int k = home(slots[j].key, mask);
            boolean stays = hole <= j ? hole < k && k <= j : hole < k || k <= j;
            if (!stays) {
                slots[hole] = slots[j];
                slots[j] = null;
                hole = j;
            }
        }
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
