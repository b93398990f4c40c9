package org.kwire.html;

import org.kwire.groups.ConsumerGroups;
import org.kwire.groups.ConsumerGroups.Group;
import org.kwire.groups.ConsumerGroups.Member;
import org.kwire.groups.ConsumerGroups.Rebalance;
import org.kwire.report.Report;
import org.kwire.text.ReportWords;
import org.kwire.text.Units;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Consumer groups ({@code consumer_groups}, issue 22): a row per group (type, assignor, coordinator, generation or
 * epoch, members, rebalances, a storm), the rebalances on a time axis, a row per rebalance (members before and after,
 * causes) and a row per member with its last assignment. Members are named by their client_id where that is unique in
 * their group, else by their member id. Not shown when the capture has no group.
 */
final class GroupSection implements PageSection {

    @Override
    public String id() {
        return "groups";
    }

    @Override
    public String title() {
        return "Consumer groups";
    }

    @Override
    public boolean shown(Report r) {
        return r.consumerGroups() != null && !r.consumerGroups().groups().isEmpty();
    }

    @Override
    public void write(Report r, Markup m) {
        ConsumerGroups cg = r.consumerGroups();
        Table groups = new Table("table-groups", "group", "type", "protocol type", "assignor", "coordinators",
                "generation / epoch", "members", "rebalances", "storm", "partitions committed");
        for (Group g : cg.groups()) {
            groups.row(new Table.Name(g.groupId()), g.type(), g.protocolType(), g.assignor(),
                    String.join(", ", g.coordinators()), formed(g.generationId(), g.groupEpoch()), g.members().size(),
                    g.rebalances().size(), g.storm() ? "yes" : "no", g.offsets().size());
        }
        groups.writeTo(m);
        PageSection.omitted(m, cg.groupsOmitted(), "groups");
        timeline(r, m);
        Table rebalances = new Table("table-rebalances", "group", "generation / epoch", "start", "end", "duration ms",
                "members before", "members after", "causes");
        Table members = new Table("table-group-members", "group", "member", "member id", "instance id", "client",
                "software", "first seen", "left", "left by", "generation / epoch", "assignment");
        for (Group g : cg.groups()) {
            Map<String, String> names = names(g);
            for (Rebalance b : g.rebalances()) {
                rebalances.row(new Table.Name(g.groupId()), formed(b.generationId(), b.groupEpoch()),
                        new Table.Time(b.start()), b.end() == null ? null : new Table.Time(b.end()),
                        b.durationMs() == null ? null : new Table.Millis(Math.round(b.durationMs() * 1000)),
                        new Table.Name(who(b.membersBefore(), names)), new Table.Name(who(b.membersAfter(), names)),
                        new Table.Name(causes(b, names)));
            }
            for (Member x : g.members()) {
                members.row(new Table.Name(g.groupId()), new Table.Name(names.get(x.memberId())), new Table.Name(x.memberId()),
                        x.instanceId() == null ? null : new Table.Name(x.instanceId()), x.client(),
                        new Table.Words(ReportWords.software(x.softwareName(), x.softwareVersion(), null)),
                        x.firstSeen() == null ? null : new Table.Time(x.firstSeen()),
                        x.left() == null ? null : new Table.Time(x.left()), x.leftBy(),
                        formed(x.generationId(), x.memberEpoch()), x.assignment() == null ? null
                                : new Table.Name(x.assignment().stream().map(a -> a.topic() + " " + a.partitions().stream()
                                .map(String::valueOf).collect(Collectors.joining(","))).collect(Collectors.joining("; "))));
            }
        }
        PageSection.table(m, rebalances, "No group rebalanced in this capture.");
        PageSection.omitted(m, cg.eventsOmitted(), "group exchanges (the rebalances above are cut short)");
        members.writeTo(m);
        m.element("p", "A rebalance starts at the first request that opened it (a JoinGroup, a LeaveGroup, an answer "
                + "REBALANCE_IN_PROGRESS; KIP-848: a join, a leave, an error or a new epoch) and ends at the last response "
                + "that completed it (SyncGroup; KIP-848: the last member reconciled). Storm: " + cg.stormRule()
                + ". Assignment: a member's last, topic then partitions. Their lag: Consumer lag, below.", "class", "note");
    }

    /** The rebalance timeline; groups without a rebalance have no row. */
    private static void timeline(Report r, Markup m) {
        String first = r.capture().firstTimestamp();
        Instant start = first == null ? Instant.EPOCH : Instant.parse(first);
        double span = r.capture().lastTimestamp() == null ? 1 : seconds(start, r.capture().lastTimestamp());
        List<RebalanceTimeline.Row> rows = new ArrayList<>();
        for (Group g : r.consumerGroups().groups()) {
            Map<String, String> names = names(g);
            List<RebalanceTimeline.Bar> bars = new ArrayList<>();
            for (Rebalance b : g.rebalances()) {
                String formed = formed(b.generationId(), b.groupEpoch());
                String tip = g.groupId() + " · " + (formed == null ? "" : formed + ": ") + Units.time(b.start())
                        + (b.end() == null ? ", not ended in the capture" : " to " + Units.time(b.end()) + ", "
                        + Units.duration(Math.round(b.durationMs() * 1000))) + "; members " + b.membersBefore().size()
                        + " → " + b.membersAfter().size() + (b.causes().isEmpty() ? "" : "; " + causes(b, names));
                bars.add(new RebalanceTimeline.Bar(seconds(start, b.start()),
                        b.end() == null ? span : seconds(start, b.end()), b.end() != null, tip));
            }
            if (!bars.isEmpty()) {
                rows.add(new RebalanceTimeline.Row(g.groupId(), bars));
            }
        }
        new Figure("Rebalances over time", "Each group's rebalances from start to end, in seconds since the capture's "
                + "first packet" + (first == null ? "" : " (" + Units.dateTime(first) + ")") + "; hover a bar for its "
                + "members and causes.", "No group rebalanced in this capture.",
                new RebalanceTimeline("Rebalances over time", span, rows)).writeTo(m);
    }

    private static double seconds(Instant start, String iso) {
        return Duration.between(start, Instant.parse(iso)).toNanos() / 1e9;
    }

    /** {@code generation 1}, {@code epoch 3}, or null when neither. */
    static String formed(int generation, int epoch) {
        return generation >= 0 ? "generation " + generation : epoch >= 0 ? "epoch " + epoch : null;
    }

    /** Each member's name: its client_id where no other member of the group has it, else its member id. */
    private static Map<String, String> names(Group g) {
        Map<String, Long> uses = g.members().stream().filter(x -> x.clientId() != null)
                .collect(Collectors.groupingBy(Member::clientId, Collectors.counting()));
        Map<String, String> names = new HashMap<>();
        for (Member x : g.members()) {
            names.put(x.memberId(), x.clientId() != null && uses.get(x.clientId()) == 1 ? x.clientId() : x.memberId());
        }
        return names;
    }

    private static String who(List<String> memberIds, Map<String, String> names) {
        return memberIds.isEmpty() ? "none" : memberIds.stream().map(id -> names.getOrDefault(id, id))
                .collect(Collectors.joining(", "));
    }

    /** {@code member_joined cons-1, member_left cons-2}. */
    private static String causes(Rebalance b, Map<String, String> names) {
        return b.causes().stream().map(c -> c.cause() + (c.memberId() == null ? "" : " " + names.getOrDefault(c.memberId(), c.memberId())))
                .collect(Collectors.joining(", "));
    }
}
