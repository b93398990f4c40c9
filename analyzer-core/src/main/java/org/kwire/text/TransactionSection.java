package org.kwire.text;

import org.kwire.report.Report;
import org.kwire.report.TransactionStats;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Transactions at a glance ({@code transactions[]}, KIP-98): a row per transactional.id with its InitProducerId
 * requests, partitions added, transactional Produce requests and their records, offsets sent to transactions,
 * commits and aborts (EndTxn), the COMMIT and ABORT markers Fetch responses delivered, and error codes; under it the
 * producer ids, the consumer groups of its offsets and its error codes by name.
 */
final class TransactionSection implements TextSection {

    /** transactional.ids listed at most. */
    static final int TOP = 10;

    @Override
    public String title() {
        return "Transactions";
    }

    @Override
    public List<String> lines(Report r, int width) {
        List<TransactionStats> txns = r.transactions() == null ? List.of() : r.transactions();
        if (txns.isEmpty()) {
            return List.of();
        }
        TextTable t = new TextTable(TextTable.Column.text("transactional.id"), TextTable.Column.number("inits"),
                TextTable.Column.number("added"), TextTable.Column.number("produce"), TextTable.Column.number("records"),
                TextTable.Column.number("offsets"), TextTable.Column.number("commits"), TextTable.Column.number("aborts"),
                TextTable.Column.number("markers"), TextTable.Column.number("errors"));
        List<TransactionStats> listed = txns.subList(0, Math.min(TOP, txns.size()));
        for (TransactionStats x : listed) {
            t.row(x.transactionalId() == null ? "(not seen: markers only)" : x.transactionalId(),
                    Units.count(x.initProducerId()), Units.count(x.partitionsAdded()), Units.count(x.produceRequests()),
                    Units.count(x.producedRecords()), Units.count(x.offsetsCommitted()), Units.count(x.commits()),
                    Units.count(x.aborts()), Units.count(x.commitMarkers()) + " / " + Units.count(x.abortMarkers()),
                    Units.count(x.errors()));
        }
        List<String> table = t.lines("  ", width);
        List<String> lines = new ArrayList<>();
        lines.add(table.get(0));
        for (int i = 0; i < listed.size(); i++) {
            lines.add(table.get(i + 1));
            Wrap.wrap(lines, detail(listed.get(i)), "    ", "      ", width);
        }
        if (txns.size() > TOP) {
            lines.add("  ... and " + Units.plural(txns.size() - TOP, "more transactional.id") + " (JSON report: transactions)");
        }
        lines.add("  inits: InitProducerId requests; added: partitions added to transactions; produce, records:");
        lines.add("  transactional Produce requests and their records; offsets: partitions of TxnOffsetCommit;");
        lines.add("  commits, aborts: EndTxn requests; markers: COMMIT / ABORT markers in Fetch responses;");
        lines.add("  errors: error codes in the responses to its requests.");
        return lines;
    }

    /** {@code producer id 0 (epoch 1); groups g; errors NOT_COORDINATOR 16, ...}. */
    private static String detail(TransactionStats x) {
        List<String> parts = new ArrayList<>();
        List<Long> ids = x.producerIds() == null ? List.of() : x.producerIds();
        parts.add((ids.size() == 1 ? "producer id " : "producer ids ")
                + (ids.isEmpty() ? "none" : ids.stream().map(String::valueOf).collect(Collectors.joining(", ")))
                + (x.producerEpoch() < 0 ? "" : " (epoch " + x.producerEpoch() + ")"));
        if (x.groups() != null && !x.groups().isEmpty()) {
            parts.add("offsets of group " + String.join(", ", x.groups()));
        }
        if (x.errorCodes() != null && !x.errorCodes().isEmpty()) {
            List<String> codes = ErrorSection.mostFirstItems(x.errorCodes()).stream().map(Wrap::keep).toList();
            parts.add("errors " + String.join(", ", codes));
        }
        return String.join("; ", parts);
    }
}
