package org.kwire.internaltopics;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The rule of every list made from an internal topic's records ({@link CommitsPart}, {@link GroupChangesPart},
 * {@link TxnLogPart}, {@link MetadataPart}): each record once, by its (topic, partition, offset), in that order; at most
 * {@link #MAX_ENTRIES}, the lowest places kept (a record past them is counted in {@code omitted}: exact while under the
 * bound; past it a record fetched again may count again). Merging two lists gives the list of one analysis of both,
 * whatever their order. Immutable.
 *
 * @param entries the entries, by place
 * @param omitted records past the bound
 * @param <T>     the entry type
 */
record Bounded<T extends Placed>(List<T> entries, long omitted) {

    /** Most entries of one list. */
    public static final int MAX_ENTRIES = 10_000;

    /** Both lists' entries, each place once, cut to the bound. */
    Bounded<T> merge(Bounded<T> o) {
        TreeMap<LogPlace, T> all = new TreeMap<>();
        entries.forEach(e -> all.put(e.at(), e));
        o.entries.forEach(e -> all.putIfAbsent(e.at(), e));
        long left = omitted + o.omitted;
        while (all.size() > MAX_ENTRIES) {
            all.pollLastEntry();
            left++;
        }
        return new Bounded<>(List.copyOf(new ArrayList<>(all.values())), left);
    }

    /** Collects entries of one analysis, each place once. Not thread-safe. */
    static final class Builder<T extends Placed> {
        private final TreeMap<LogPlace, T> entries = new TreeMap<>();
        private long omitted;

        void add(T entry) {
            if (entry == null || entries.containsKey(entry.at())) {
                return;
            }
            entries.put(entry.at(), entry);
            if (entries.size() > MAX_ENTRIES) {
                entries.pollLastEntry();
                omitted++;
            }
        }

        Bounded<T> part() {
            return new Bounded<>(List.copyOf(new ArrayList<>(entries.values())), omitted);
        }
    }
}
