package org.kwire.text;

import org.kwire.report.ConsumerLag;
import org.kwire.report.ConsumerLag.CommittedLag;
import org.kwire.report.ConsumerLag.FetchLag;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The summary's {@code Lag} entry (the report's {@code consumer_lag}): the {@value #TOP} groups with the most committed
 * lag at the end of the capture (all their partitions added up, the {@value #PARTITIONS} worst named), and the
 * {@value #TOP} consumer clients (client_id and address) whose Fetch was furthest behind the end it read to, in the
 * partition where it was (its last sample too where that differs, and its group). Shown, needing a look, only when
 * some lag is above 0; none otherwise.
 */
final class LagWords {

    /** Groups, and clients, named at most. */
    static final int TOP = 3;
    /** A group's partitions named at most. */
    static final int PARTITIONS = 2;

    private LagWords() {
    }

    /** The entry, or null when no lag is above 0. */
    static SummaryEntry of(Report r) {
        ConsumerLag l = r.consumerLag();
        if (l == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        String committed = committed(l.committed());
        if (committed != null) {
            parts.add("committed lag " + committed);
        }
        String fetched = fetched(l.fetch());
        if (fetched != null) {
            parts.add("fetch lag, most behind: " + fetched);
        }
        return parts.isEmpty() ? null : new SummaryEntry(true, String.join("; ", parts));
    }

    /** {@code g1 39 records (t-1 27, t-0 12), g2 3 (t-0 3), 1 more}: groups by lag, most first; null if none. */
    private static String committed(List<CommittedLag> committed) {
        Map<String, List<CommittedLag>> byGroup = new TreeMap<>();
        for (CommittedLag c : committed) {
            if (c.lag() != null && c.lag() > 0) {
                byGroup.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c);
            }
        }
        Map<String, Long> total = new TreeMap<>();
        byGroup.forEach((g, cs) -> total.put(g, cs.stream().mapToLong(CommittedLag::lag).sum()));
        List<String> items = new ArrayList<>();
        for (String g : byGroup.keySet().stream().sorted(Comparator.comparingLong((String g) -> -total.get(g))).toList()) {
            List<String> worst = byGroup.get(g).stream().sorted(Comparator.comparingLong((CommittedLag c) -> -c.lag()))
                    .map(c -> ReplicationWords.partition(c.topic(), c.partition()) + " " + Units.count(c.lag())).toList();
            items.add(g + " " + (items.isEmpty() ? Units.plural(total.get(g), "record") : Units.count(total.get(g)))
                    + " (" + firstAndMore(worst, PARTITIONS, ", ") + ")");
        }
        return items.isEmpty() ? null : firstAndMore(items, TOP, ", ");
    }

    /**
     * {@code c1 (10.0.0.1), 27 records in t-0, group g1; c2 (10.0.0.2), 20 in t-1, last 3}: per client the partition it
     * was furthest behind in, clients by that, most first; null if none was ever behind.
     */
    private static String fetched(List<FetchLag> fetch) {
        Map<String, FetchLag> worst = new LinkedHashMap<>(); // the list is sorted by client_id, address, ...
        for (FetchLag f : fetch) {
            worst.merge(f.clientId() + '\0' + f.address(), f, (a, b) -> b.max() > a.max() ? b : a);
        }
        List<String> items = new ArrayList<>();
        for (FetchLag f : worst.values().stream().filter(f -> f.max() > 0)
                .sorted(Comparator.comparingLong((FetchLag f) -> -f.max())).toList()) {
            items.add(client(f.clientId(), f.address()) + ", " + (items.isEmpty() ? Units.plural(f.max(), "record")
                    : Units.count(f.max())) + " in " + ReplicationWords.partition(f.topic(), f.partition())
                    + (f.last() != f.max() ? ", last " + Units.count(f.last()) : "")
                    + (f.group() != null ? ", group " + f.group() : ""));
        }
        return items.isEmpty() ? null : firstAndMore(items, TOP, "; ");
    }

    /** A client as the summary names it: {@code client_id (address)}; {@code (no client_id)} for an empty or null one. */
    static String client(String clientId, String address) {
        return (clientId == null || clientId.isEmpty() ? "(no client_id)" : clientId) + " (" + address + ")";
    }

    /** The first {@code top} items, then {@code N more} if there are more, {@code separator} between them. */
    static String firstAndMore(List<String> items, int top, String separator) {
        return String.join(separator, items.subList(0, Math.min(top, items.size())))
                + (items.size() > top ? separator + (items.size() - top) + " more" : "");
    }
}
