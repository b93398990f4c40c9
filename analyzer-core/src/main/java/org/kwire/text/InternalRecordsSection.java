package org.kwire.text;

import org.kwire.internaltopics.InternalRecordsSummary;
import org.kwire.internaltopics.MetadataLog;
import org.kwire.internaltopics.OffsetCommits;
import org.kwire.internaltopics.TransactionLog;
import org.kwire.internaltopics.TransactionMarkers;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What Kafka's own records said ({@code internal_records}, issue 23), a few lines: the transaction markers per
 * producer id, each marker counted once however many fetches carried it; the groups' commits of the offsets log; the
 * transactional ids' last state in the transaction log; the metadata log's topics and leader changes. Names from the
 * wire are shown by {@link VisibleText}'s rule (through {@link Wrap}).
 */
final class InternalRecordsSection implements TextSection {

    /** Entries listed at most per list. */
    static final int TOP = 10;

    @Override
    public String title() {
        return "Kafka's own records";
    }

    @Override
    public List<String> lines(Report r, int width) {
        InternalRecordsSummary s = r.internalRecords();
        if (s == null) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        markers(s.transactionMarkers(), lines, width);
        commits(s.offsetCommits(), lines, width);
        transactions(s.transactionLog(), lines, width);
        MetadataLog m = s.metadataLog();
        if (m != null) {
            lines.add("  metadata log: " + Units.plural(m.events().size(), "change") + ", "
                    + Units.plural(m.topicsCreated(), "topic") + " created, " + Units.count(m.topicsDeleted())
                    + " deleted, " + Units.plural(m.leaderChanges(), "leader change")
                    + (m.omitted() > 0 ? " (" + Units.count(m.omitted()) + " past the bound)" : ""));
        }
        if (s.unreadBatches() > 0) {
            lines.add("  unread: " + Units.count(s.unreadBatches()) + " batch(es) of the internal topics not read whole");
        }
        return lines;
    }

    private static void markers(TransactionMarkers m, List<String> lines, int width) {
        if (m == null) {
            return;
        }
        lines.add("  transaction markers: " + Units.count(m.markers()) + " (fetched " + Units.plural(m.sightings(), "time")
                + (m.omitted() > 0 ? ", " + Units.count(m.omitted()) + " past the bound not told apart" : "") + ")");
        for (TransactionMarkers.Producer p : m.producers().subList(0, Math.min(TOP, m.producers().size()))) {
            String epochs = p.coordinatorEpochs().stream().map(String::valueOf).collect(Collectors.joining(", "));
            Wrap.wrap(lines, "producer id " + p.producerId() + (p.transactionalId() == null ? "" : " ("
                    + p.transactionalId() + ")") + ": " + Units.count(p.commits()) + " COMMIT, " + Units.count(p.aborts())
                    + " ABORT in " + Units.plural(p.partitions(), "partition") + " of " + String.join(", ", p.topics())
                    + "; coordinator epoch" + (p.coordinatorEpochs().size() == 1 ? " " : "s ") + epochs, "    ", "      ",
                    width);
        }
        more(lines, m.producers().size(), "producer id", "transaction_markers");
    }

    private static void commits(OffsetCommits c, List<String> lines, int width) {
        if (c == null) {
            return;
        }
        lines.add("  offset commits: " + Units.count(c.commits().size() + c.commitsOmitted()) + " (__consumer_offsets), "
                + Units.plural(c.groupChanges().size() + c.groupChangesOmitted(), "group state record"));
        for (OffsetCommits.Group g : c.groups().subList(0, Math.min(TOP, c.groups().size()))) {
            Wrap.wrap(lines, "group " + g.group() + ": " + Units.plural(g.commits(), "commit") + ", offsets of "
                    + Units.plural(g.offsets().size(), "partition"), "    ", "      ", width);
        }
        more(lines, c.groups().size(), "group", "offset_commits");
    }

    private static void transactions(TransactionLog t, List<String> lines, int width) {
        if (t == null) {
            return;
        }
        lines.add("  transaction log: " + Units.plural(t.transactionalIds().size(), "transactional id"));
        for (TransactionLog.TransactionalId x : t.transactionalIds().subList(0, Math.min(TOP, t.transactionalIds().size()))) {
            Wrap.wrap(lines, x.transactionalId() + ": " + x.state() + " (producer id " + x.producerId() + ", epoch "
                    + x.producerEpoch() + "), " + Units.plural(x.transitions().size(), "record"), "    ", "      ", width);
        }
        more(lines, t.transactionalIds().size(), "transactional id", "transaction_log");
    }

    private static void more(List<String> lines, int size, String noun, String section) {
        if (size > TOP) {
            lines.add("    ... and " + Units.plural(size - TOP, "more " + noun) + " (JSON report: internal_records."
                    + section + ")");
        }
    }
}
