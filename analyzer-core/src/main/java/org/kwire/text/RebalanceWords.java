package org.kwire.text;

import org.kwire.groups.ConsumerGroups;
import org.kwire.groups.ConsumerGroups.Group;
import org.kwire.groups.ConsumerGroups.Rebalance;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The summary's {@code Rebalances} entry (the report's {@code consumer_groups}): how many rebalances, in which groups
 * (the {@value #TOP} with most first), their causes by count, the longest that ended, those the capture did not see
 * end, and the groups in a storm. It needs a look when a group rebalanced in a storm, or a rebalance had a cause other
 * than members joining and leaving (a session timeout, an error code answered to a member): a member was dropped or
 * fenced. None when no group rebalanced.
 */
final class RebalanceWords {

    /** Groups named at most. */
    static final int TOP = 3;
    /** Causes of members coming and going of their own accord. */
    private static final Set<String> VOLUNTARY = Set.of("member_joined", "member_rejoined", "member_left");

    private RebalanceWords() {
    }

    /** The entry, or null when no group rebalanced. */
    static SummaryEntry of(Report r) {
        ConsumerGroups cg = r.consumerGroups();
        List<Group> groups = cg == null ? List.of()
                : cg.groups().stream().filter(g -> !g.rebalances().isEmpty()).toList();
        if (groups.isEmpty()) {
            return null;
        }
        long total = groups.stream().mapToLong(g -> g.rebalances().size()).sum();
        Map<String, Long> causes = new TreeMap<>();
        Group longestGroup = null;
        Rebalance longest = null;
        long open = 0;
        for (Group g : groups) {
            for (Rebalance b : g.rebalances()) {
                b.causes().forEach(c -> causes.merge(c.cause(), 1L, Long::sum));
                if (b.durationMs() == null) {
                    open++;
                } else if (longest == null || b.durationMs() > longest.durationMs()) {
                    longest = b;
                    longestGroup = g;
                }
            }
        }
        List<String> parts = new ArrayList<>();
        parts.add(groups.size() == 1 ? Units.plural(total, "rebalance") + " of group " + groups.get(0).groupId()
                : Units.plural(total, "rebalance") + " in " + groups.size() + " groups: " + mostFirst(groups));
        if (!causes.isEmpty()) {
            parts.add("causes " + ErrorSection.mostFirst(causes));
        }
        if (longest != null) {
            parts.add((total == 1 ? "took " : "longest ") + Units.duration(Math.round(longest.durationMs() * 1000)) + ": "
                    + (groups.size() == 1 ? "" : longestGroup.groupId() + " ") + formed(longest) + ", "
                    + longest.membersBefore().size() + " -> " + Units.plural(longest.membersAfter().size(), "member"));
        }
        if (open > 0) {
            parts.add(open + " not ended in the capture");
        }
        List<String> storms = groups.stream().filter(Group::storm).map(Group::groupId).toList();
        if (!storms.isEmpty()) {
            parts.add("storm in " + String.join(", ", storms) + " (" + cg.stormRule() + ")");
        }
        boolean dropped = causes.keySet().stream().anyMatch(c -> !VOLUNTARY.contains(c));
        return new SummaryEntry(!storms.isEmpty() || dropped, String.join("; ", parts));
    }

    /** {@code generation 1} (classic) or {@code epoch 3} (KIP-848), or {@code no generation} when it formed none. */
    private static String formed(Rebalance b) {
        return b.generationId() >= 0 ? "generation " + b.generationId()
                : b.groupEpoch() >= 0 ? "epoch " + b.groupEpoch() : "no generation";
    }

    /** {@code g1 7, g2 1, g3 1, 2 more}: groups by rebalances, most first, then by group id. */
    private static String mostFirst(List<Group> groups) {
        List<Group> sorted = groups.stream().sorted(Comparator.comparingInt((Group g) -> -g.rebalances().size())
                .thenComparing(Group::groupId)).toList();
        List<String> named = sorted.stream().limit(TOP).map(g -> g.groupId() + " " + g.rebalances().size()).toList();
        return String.join(", ", named) + (sorted.size() > TOP ? ", " + (sorted.size() - TOP) + " more" : "");
    }
}
