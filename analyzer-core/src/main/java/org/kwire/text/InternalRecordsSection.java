package org.kwire.text;

import org.kwire.internaltopics.TransactionMarkers;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What Kafka's own records said ({@code internal_records}, issue 23): the transaction markers per producer id, each
 * marker counted once however many fetches carried it. Names from the wire are shown by {@link VisibleText}'s rule
 * (through {@link Wrap}).
 */
final class InternalRecordsSection implements TextSection {

    /** Producer ids listed at most. */
    static final int TOP = 10;

    @Override
    public String title() {
        return "Kafka's own records";
    }

    @Override
    public List<String> lines(Report r, int width) {
        TransactionMarkers m = r.internalRecords() == null ? null : r.internalRecords().transactionMarkers();
        if (m == null) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add("  transaction markers: " + Units.count(m.markers()) + " (fetched " + Units.plural(m.sightings(), "time")
                + (m.omitted() > 0 ? ", " + Units.count(m.omitted()) + " past the bound not told apart" : "") + ")");
        List<TransactionMarkers.Producer> listed = m.producers().subList(0, Math.min(TOP, m.producers().size()));
        for (TransactionMarkers.Producer p : listed) {
            Wrap.wrap(lines, producer(p), "    ", "      ", width);
        }
        if (m.producers().size() > TOP) {
            lines.add("    ... and " + Units.plural(m.producers().size() - TOP, "more producer id")
                    + " (JSON report: internal_records.transaction_markers)");
        }
        return lines;
    }

    /** {@code producer id 0 (kwire-txn): 3 COMMIT, 3 ABORT in 3 partitions of txn-data; coordinator epoch 1}. */
    private static String producer(TransactionMarkers.Producer p) {
        String epochs = p.coordinatorEpochs().stream().map(String::valueOf).collect(Collectors.joining(", "));
        return "producer id " + p.producerId() + (p.transactionalId() == null ? "" : " (" + p.transactionalId() + ")")
                + ": " + Units.count(p.commits()) + " COMMIT, " + Units.count(p.aborts()) + " ABORT in "
                + Units.plural(p.partitions(), "partition") + " of " + String.join(", ", p.topics())
                + "; coordinator epoch" + (p.coordinatorEpochs().size() == 1 ? " " : "s ") + epochs;
    }
}
