package org.kwire.html;

import org.kwire.report.ConsumerLag;
import org.kwire.report.ConsumerLag.CommittedSeries;
import org.kwire.report.ConsumerLag.FetchSeries;
import org.kwire.report.Report;
import org.kwire.text.ReplicationWords;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Consumer lag ({@code consumer_lag}, issue 22): a lag-over-time chart per group — its committed lag (all its
 * partitions added up) and the fetch lag of each consumer tied to it (the partition furthest behind in each time
 * bucket) — and one for the consumers tied to no group; then the committed lag per group and partition at the end of
 * the capture, and the fetch lag per consumer and partition. Not shown when the report has no consumer lag.
 */
final class LagSection implements PageSection {

    @Override
    public String id() {
        return "lag";
    }

    @Override
    public String title() {
        return "Consumer lag";
    }

    @Override
    public boolean shown(Report r) {
        return r.consumerLag() != null;
    }

    @Override
    public void write(Report r, Markup m) {
        ConsumerLag l = r.consumerLag();
        ConsumerLag.OverTime t = l.overTime();
        if (t == null) {
            m.element("p", "This report has no lag over time (it was written by an older kwire).", "class", "empty");
        } else {
            charts(t, m);
        }
        Table committed = new Table("table-committed-lag", "group", "partition", "committed offset", "commits",
                "high watermark", "lag (records)");
        for (ConsumerLag.CommittedLag c : l.committed()) {
            committed.row(new Table.Name(c.group()), new Table.Name(ReplicationWords.partition(c.topic(), c.partition())),
                    c.committedOffset(), c.commits(), c.highWatermark(), c.lag());
        }
        PageSection.table(m, committed, "No group committed an offset in this capture.");
        Table fetch = new Table("table-fetch-lag", "client", "address", "group", "partition", "against", "samples",
                "min", "max", "first", "last", "trend");
        for (ConsumerLag.FetchLag f : l.fetch()) {
            fetch.row(new Table.Name(f.clientId()), f.address(), f.group() == null ? null : new Table.Name(f.group()),
                    new Table.Name(ReplicationWords.partition(f.topic(), f.partition())), ReplicationWords.kind(f.against()),
                    f.samples(), f.min(), f.max(), f.first(), f.last(), f.trend());
        }
        PageSection.table(m, fetch, "No consumer Fetch gave a high watermark in this capture.");
        PageSection.omitted(m, l.omitted(), "lag updates (past the bounds of the lists)");
        m.element("p", "Fetch lag: a consumer's FetchOffset behind the HighWatermark (LastStableOffset for read_committed) "
                + "its Fetch response gave. Committed lag: the partition's last high watermark minus the group's last "
                + "committed offset, as kafka-consumer-groups --describe prints it. A consumer belongs to the group whose "
                + "group requests came from its client_id and address.", "class", "note");
    }

    /** A chart per group (by group id), then one of the consumers tied to none. */
    private static void charts(ConsumerLag.OverTime t, Markup m) {
        Instant start = t.start() == null ? Instant.EPOCH : Instant.parse(t.start());
        Map<String, List<LagLines.Line>> byGroup = new TreeMap<>();
        Map<String, List<List<Long>>> committed = new TreeMap<>();
        for (CommittedSeries c : t.committed()) {
            committed.computeIfAbsent(c.group(), g -> new ArrayList<>()).add(c.lag());
        }
        committed.forEach((g, lags) -> byGroup.computeIfAbsent(g, x -> new ArrayList<>())
                .add(new LagLines.Line(new Series("committed lag", Palette.category(0), "circle"), combine(lags, true))));
        Map<String, Map<String, List<List<Long>>>> consumers = new TreeMap<>();
        for (FetchSeries f : t.fetch()) {
            consumers.computeIfAbsent(f.group() == null ? "" : f.group(), g -> new TreeMap<>())
                    .computeIfAbsent(f.clientId() + " (" + f.address() + ")", c -> new ArrayList<>()).add(f.maxLag());
        }
        TreeSet<String> named = new TreeSet<>(byGroup.keySet());
        named.addAll(consumers.keySet());
        List<String> groups = new ArrayList<>(named.tailSet("", false));
        if (consumers.containsKey("")) {
            groups.add(""); // the consumers tied to no group, last
        }
        int n = 0;
        for (String g : groups) {
            List<LagLines.Line> lines = byGroup.computeIfAbsent(g, x -> new ArrayList<>());
            consumers.getOrDefault(g, Map.of()).forEach((client, lags) -> lines.add(new LagLines.Line(
                    new Series("fetch lag of " + client, Palette.category(lines.size()), "circle"), combine(lags, false))));
            boolean none = g.isEmpty();
            String title = none ? "Fetch lag of consumers without a group" : "Lag of group " + g + " over time";
            new Figure(title, (none ? "Per consumer tied to no group" : "The group's committed lag at the end of each "
                    + "interval (its partitions added up), and per consumer tied to it") + " the most records its Fetch "
                    + "responses in the interval were behind, in the partition furthest behind; per " + t.bucketSeconds()
                    + " s from " + org.kwire.text.Units.dateTime(t.start() == null ? start.toString() : t.start()) + ".", "No lag sample of " + (none ? "these consumers." : "this group."),
                    new LagLines("lag-" + (++n), title, start, t.bucketSeconds(), lines)).writeTo(m);
        }
        PageSection.omitted(m, t.omitted(), "lag samples over time (past the first series of a list)");
    }

    /** Bucket by bucket the sum ({@code add}) or the largest of the values that are not null; null where all are. */
    private static List<Long> combine(List<List<Long>> series, boolean add) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < series.get(0).size(); i++) {
            Long v = null;
            for (List<Long> s : series) {
                Long x = s.get(i);
                if (x != null) {
                    v = v == null ? x : Long.valueOf(add ? v + x : Math.max(v, x));
                }
            }
            out.add(v);
        }
        return out;
    }
}
