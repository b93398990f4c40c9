package org.kwire.html;

import org.kwire.report.Report;
import org.kwire.report.TransactionStats;

import java.util.stream.Collectors;

/**
 * Transactions at a glance ({@code transactions[]}, KIP-98): one row per transactional.id with its producer ids and
 * epoch, InitProducerId requests, partitions added, transactional Produce requests and records, offsets sent to
 * transactions and their groups, commits and aborts (EndTxn), the COMMIT and ABORT markers Fetch responses delivered,
 * and its error codes by name. Not shown when the capture has no transactions.
 */
final class TransactionSection implements PageSection {

    @Override
    public String id() {
        return "transactions";
    }

    @Override
    public String title() {
        return "Transactions";
    }

    @Override
    public boolean shown(Report r) {
        return r.transactions() != null && !r.transactions().isEmpty();
    }

    @Override
    public void write(Report r, Markup m) {
        Table t = new Table("table-transactions", "transactional.id", "producer id (epoch)", "producer inits",
                "partitions added", "Produce requests", "records", "offsets committed", "groups", "commits", "aborts",
                "commit markers", "abort markers", "error codes by name");
        for (TransactionStats x : r.transactions()) {
            t.row(new Table.Name(x.transactionalId() == null ? "(not seen: markers only)" : x.transactionalId()),
                    x.producerIds().stream().map(String::valueOf).collect(Collectors.joining(", "))
                            + (x.producerEpoch() < 0 ? "" : " (" + x.producerEpoch() + ")"),
                    x.initProducerId(), x.partitionsAdded(), x.produceRequests(), x.producedRecords(),
                    x.offsetsCommitted(), String.join(", ", x.groups()), x.commits(), x.aborts(), x.commitMarkers(),
                    x.abortMarkers(), new Table.Words(ApiSection.entries(x.errorCodes())));
        }
        t.writeTo(m);
        m.element("p", "Producer inits: InitProducerId requests. Commits and aborts are EndTxn requests; markers are the COMMIT and ABORT control batches of its "
                + "producer ids that Fetch responses delivered; partitions added count those a broker added on the "
                + "producer's behalf too (AddPartitionsToTxn v4+, transaction.version 2).", "class", "note");
    }
}
