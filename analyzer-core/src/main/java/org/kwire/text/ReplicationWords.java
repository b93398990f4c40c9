package org.kwire.text;

import org.kwire.report.Report;
import org.kwire.report.ReplicationSummary;
import org.kwire.report.ReplicationSummary.FetchLink;
import org.kwire.report.ReplicationSummary.LeaderEventStats;
import org.kwire.report.ReplicationSummary.PartitionLag;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The summary's {@code Replication} entry (the report's {@code replication}): Fetch requests by class (consumer,
 * follower, metadata log; classes without any left out), the {@value #TOP} leader -&gt; follower pairs furthest behind the leader's high watermark
 * (the most of any partition they follow, and which), the partitions whose leader moved and the leadership errors by
 * name. Words shared with the HTML page. None when the capture has no follower or metadata-log fetch, no leader move
 * and no leadership error: a capture of clients and one broker has nothing to say here.
 */
public final class ReplicationWords {

    /** Leader -&gt; follower pairs named at most. */
    static final int TOP = 2;
    /** Leader moves named at most. */
    static final int MOVES = 3;

    private ReplicationWords() {
    }

    /** The entry, or null when there is nothing to say. */
    static SummaryEntry of(Report r) {
        ReplicationSummary s = r.replication();
        if (!shown(s)) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        parts.add("Fetch " + String.join(", ", s.classes().stream().filter(c -> c.requests() > 0)
                .map(c -> Units.count(c.requests()) + " " + kind(c.kind())).toList()));
        List<FetchLink> behind = s.followers().stream().filter(l -> worst(l) != null && worst(l).max() > 0)
                .sorted(Comparator.comparingLong((FetchLink l) -> -worst(l).max())).toList();
        if (!s.followers().isEmpty()) {
            List<String> pairs = new ArrayList<>();
            for (FetchLink l : behind.subList(0, Math.min(TOP, behind.size()))) {
                PartitionLag w = worst(l);
                pairs.add(pairs.isEmpty() ? Units.plural(w.max(), "record") + " (" + partition(w.topic(), w.partition())
                        + ", leader " + leader(l) + " -> follower " + l.replicaId() + ")"
                        : Units.count(w.max()) + " (" + partition(w.topic(), w.partition()) + ", " + leader(l) + " -> "
                        + l.replicaId() + ")");
            }
            parts.add(behind.isEmpty() ? "no follower behind the high watermark"
                    : "follower lag behind the high watermark, worst: " + String.join(", ", pairs)
                    + (behind.size() > TOP ? ", " + (behind.size() - TOP) + " more" : ""));
        }
        List<LeaderEventStats> moves = moves(s);
        if (!moves.isEmpty()) {
            parts.add("leader moved: " + String.join(", ", moves.stream().limit(MOVES)
                    .map(e -> partition(e.topic(), e.partition()) + " " + node(e.previousLeaderId()) + " -> "
                            + node(e.leaderId())).toList()) + (moves.size() > MOVES ? ", " + (moves.size() - MOVES) + " more" : ""));
        }
        Map<String, Long> errors = errors(s);
        if (!errors.isEmpty()) {
            parts.add("leadership errors " + ErrorSection.mostFirst(errors)
                    + (s.leadership().eventsOmitted() > 0 ? " in the first " + s.leadership().events().size() + " events" : ""));
        }
        return new SummaryEntry(false, String.join("; ", parts));
    }

    /** Whether the section has anything to say: fetches of followers or of the metadata log, leader moves, errors. */
    public static boolean shown(ReplicationSummary s) {
        return s != null && (s.classes().stream().anyMatch(c -> !c.kind().equals("consumer") && c.requests() > 0)
                || !moves(s).isEmpty() || !errors(s).isEmpty());
    }

    /** Leader changes that moved the leadership to another node (not only a new leader epoch), in capture order. */
    public static List<LeaderEventStats> moves(ReplicationSummary s) {
        return s.leadership() == null ? List.of() : s.leadership().events().stream()
                .filter(e -> e.kind().equals("leader") && e.previousLeaderId() != null
                        && !Objects.equals(e.previousLeaderId(), e.leaderId())).toList();
    }

    /** Leadership errors of the listed events by name. */
    public static Map<String, Long> errors(ReplicationSummary s) {
        Map<String, Long> errors = new TreeMap<>();
        if (s.leadership() != null) {
            s.leadership().events().stream().filter(e -> e.kind().equals("error"))
                    .forEach(e -> errors.merge(e.error(), 1L, Long::sum));
        }
        return errors;
    }

    /** A class as people read it: {@code consumer}, {@code follower}, {@code metadata log}. */
    public static String kind(String kind) {
        return kind.replace('_', ' ');
    }

    /** {@code orders-0}, as Kafka names a topic-partition. */
    public static String partition(String topic, int partition) {
        return topic + "-" + partition;
    }

    /** The partition a link's fetcher is furthest behind in (the most records; the first such), or null. */
    public static PartitionLag worst(FetchLink l) {
        PartitionLag worst = null;
        for (PartitionLag p : l.lag() == null ? List.<PartitionLag>of() : l.lag()) {
            if (worst == null || p.max() > worst.max()) {
                worst = p;
            }
        }
        return worst;
    }

    /** The leader of a link: its node id, else its endpoint. */
    public static String leader(FetchLink l) {
        return l.brokerId() != null ? l.brokerId().toString() : l.broker();
    }

    /** A leader id: {@code none} for -1 or unknown. */
    private static String node(Integer id) {
        return id == null || id < 0 ? "none" : id.toString();
    }
}
