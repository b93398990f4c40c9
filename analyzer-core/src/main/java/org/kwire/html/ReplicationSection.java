package org.kwire.html;

import org.kwire.report.LatencySummary;
import org.kwire.report.Report;
import org.kwire.report.ReplicationSummary;
import org.kwire.report.ReplicationSummary.FetchClass;
import org.kwire.report.ReplicationSummary.FetchLink;
import org.kwire.report.ReplicationSummary.LeaderEventStats;
import org.kwire.report.ReplicationSummary.PartitionLag;
import org.kwire.text.ReplicationWords;
import org.kwire.text.Units;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Replication ({@code replication}, issue 22): Fetch by class (consumer, follower, metadata log) with its latency, the
 * followers' lag behind the leader's high watermark per leader → follower (the worst partition as a bar, every
 * partition in the table), the partitions' last leaders and the leadership timeline (leader changes and leadership
 * errors). Shown when the text summary has a {@code Replication} line: followers or the metadata log fetched, a leader
 * moved or a partition answered a leadership error.
 */
final class ReplicationSection implements PageSection {

    @Override
    public String id() {
        return "replication";
    }

    @Override
    public String title() {
        return "Replication";
    }

    @Override
    public boolean shown(Report r) {
        return ReplicationWords.shown(r.replication());
    }

    @Override
    public void write(Report r, Markup m) {
        ReplicationSummary s = r.replication();
        Table classes = new Table("table-fetch-classes", "class", "Fetch requests", "responses", "records",
                "response bytes", "p50 ms", "p99 ms", "max ms");
        for (FetchClass c : s.classes()) {
            LatencySummary l = c.latency();
            classes.row(ReplicationWords.kind(c.kind()), c.requests(), c.responses(), c.records(), c.responseBytes(),
                    l == null ? null : new Table.Millis(l.p50()), l == null ? null : new Table.Millis(l.p99()),
                    l == null ? null : new Table.Millis(l.max()));
        }
        classes.writeTo(m);
        List<StackedBars.Row> bars = new ArrayList<>();
        for (FetchLink l : s.followers()) {
            PartitionLag w = ReplicationWords.worst(l);
            bars.add(new StackedBars.Row("leader " + ReplicationWords.leader(l) + " → follower " + l.replicaId()
                    + (w == null ? "" : " (" + ReplicationWords.partition(w.topic(), w.partition()) + ")"),
                    new long[] {w == null ? 0 : Math.max(0, w.max())}));
        }
        new Figure("Followers behind the high watermark", "Per leader → follower, the most records its Fetch offset "
                + "was behind the leader's high watermark in the same exchange, in the partition where it was furthest "
                + "behind (0: never behind).", "No follower fetched in this capture.",
                new StackedBars("follower-lag", "Followers behind the high watermark", "records",
                        List.of(new Series("records behind", Palette.category(1))), bars)).writeTo(m);
        Table links = new Table("table-follower-lag", "class", "leader", "endpoint", "follower", "client_ids",
                "Fetch requests", "records", "errors", "p99 ms", "partitions", "records behind per partition: max, last (samples)");
        List<FetchLink> all = new ArrayList<>(s.followers());
        all.addAll(s.metadataLog());
        for (FetchLink l : all) {
            links.row(s.followers().contains(l) ? "follower" : "metadata log", l.brokerId() == null ? null : new Table.Plain(l.brokerId()),
                    l.broker(), l.replicaId() == null ? null : new Table.Plain(l.replicaId()),
                    new Table.Name(String.join(", ", l.clientIds())), l.requests(), l.records(), l.errors(),
                    l.latency() == null ? null : new Table.Millis(l.latency().p99()), l.partitionsFollowed(),
                    new Table.Name(l.lag().stream().map(p -> ReplicationWords.partition(p.topic(), p.partition()) + " "
                            + Units.count(p.max()) + ", " + Units.count(p.last()) + " (" + p.samples() + ")")
                            .collect(Collectors.joining("; "))));
        }
        PageSection.table(m, links, null);
        PageSection.omitted(m, s.linesOmitted(), "Fetch lines");
        leadership(s, m);
    }

    private static void leadership(ReplicationSummary s, Markup m) {
        ReplicationSummary.Leadership lead = s.leadership();
        if (lead == null) {
            return;
        }
        Table leaders = new Table("table-leaders", "partition", "leader", "leader epoch", "leader changes");
        for (ReplicationSummary.PartitionLeadership p : lead.partitions()) {
            leaders.row(new Table.Name(ReplicationWords.partition(p.topic(), p.partition())), new Table.Plain(p.leaderId()),
                    new Table.Plain(p.leaderEpoch()), p.changes());
        }
        PageSection.table(m, leaders, null);
        PageSection.omitted(m, lead.partitionsOmitted(), "partitions");
        Table events = new Table("table-leadership", "time", "frame", "partition", "event", "leader", "leader epoch",
                "broker", "client_id", "API");
        for (LeaderEventStats e : lead.events()) {
            boolean leader = e.kind().equals("leader");
            events.row(new Table.Time(e.time()), new Table.Plain(e.frame()),
                    new Table.Name(ReplicationWords.partition(e.topic(), e.partition())),
                    leader ? "leader change" : e.error(), leader ? change(e.previousLeaderId(), e.leaderId()) : null,
                    leader ? change(e.previousLeaderEpoch(), e.leaderEpoch()) : null, e.broker(),
                    e.clientId() == null ? null : new Table.Name(e.clientId()), e.api());
        }
        PageSection.table(m, events, "No leader changed and no partition answered a leadership error in this capture.");
        PageSection.omitted(m, lead.eventsOmitted(), "leadership events");
        m.element("p", "Leaders as Metadata and DescribeTopicPartitions responses gave them; errors are partitions answered "
                + "NOT_LEADER_OR_FOLLOWER or FENCED_LEADER_EPOCH. Followers are Fetch requests with a replica id "
                + "(ReplicaState from Fetch v15); the metadata log is KRaft's __cluster_metadata.", "class", "note");
    }

    private static String change(Integer before, Integer after) {
        return (before == null ? "" : before + " → ") + after;
    }
}
