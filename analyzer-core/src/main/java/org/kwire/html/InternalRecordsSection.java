package org.kwire.html;

import org.kwire.internaltopics.InternalRecordsSummary;
import org.kwire.internaltopics.MetadataLog;
import org.kwire.internaltopics.OffsetCommits;
import org.kwire.internaltopics.TransactionLog;
import org.kwire.internaltopics.TransactionMarkers;
import org.kwire.report.Report;

import java.util.stream.Collectors;

/**
 * What Kafka's own records said ({@code internal_records}, issue 23): the transaction markers per producer id, the
 * offsets each group's commits left in {@code __consumer_offsets}, each transactional id's state transitions in
 * {@code __transaction_state}, the KRaft metadata log's timeline; each record counted once however many fetches carried
 * it. Not shown when the capture carried none.
 */
final class InternalRecordsSection implements PageSection {

    /** Metadata log events listed at most on the page (the JSON report has all it kept). */
    static final int MAX_EVENTS = 500;

    @Override
    public String id() {
        return "internal-records";
    }

    @Override
    public String title() {
        return "Kafka's own records";
    }

    @Override
    public boolean shown(Report r) {
        return r.internalRecords() != null;
    }

    @Override
    public void write(Report r, Markup m) {
        InternalRecordsSummary s = r.internalRecords();
        markers(s.transactionMarkers(), m);
        commits(s.offsetCommits(), m);
        transactions(s.transactionLog(), m);
        metadata(s.metadataLog(), m);
        m.element("p", "Each record is counted once by its topic, partition and offset, however many followers, "
                + "consumers or brokers fetched it; " + s.unreadBatches() + " batch(es) of the internal topics could not be "
                + "read whole.", "class", "note");
    }

    private static void markers(TransactionMarkers x, Markup m) {
        if (x == null) {
            return;
        }
        Table t = new Table("table-transaction-markers", "producer id", "transactional.id", "COMMIT", "ABORT",
                "partitions", "topics", "producer epochs", "coordinator epochs", "first", "last");
        for (TransactionMarkers.Producer p : x.producers()) {
            t.row(new Table.Plain(p.producerId()), p.transactionalId() == null ? null : new Table.Name(p.transactionalId()),
                    p.commits(), p.aborts(), p.partitions(), new Table.Words(String.join(", ", p.topics())),
                    join(p.producerEpochs()), join(p.coordinatorEpochs()), time(p.first()), time(p.last()));
        }
        t.writeTo(m);
        PageSection.omitted(m, x.omitted(), "marker sightings (past the bound)");
    }

    private static void commits(OffsetCommits c, Markup m) {
        if (c == null) {
            return;
        }
        Table t = new Table("table-offset-commits", "group", "commits", "offsets its last commits left");
        for (OffsetCommits.Group g : c.groups()) {
            t.row(new Table.Name(g.group()), g.commits(), new Table.Words(g.offsets().stream()
                    .map(o -> o.topic() + "/" + o.partition() + " " + o.offset()).collect(Collectors.joining(", "))));
        }
        t.writeTo(m);
        PageSection.omitted(m, c.commitsOmitted(), "OffsetCommit records");
    }

    private static void transactions(TransactionLog x, Markup m) {
        if (x == null) {
            return;
        }
        Table t = new Table("table-transaction-log", "transactional.id", "state", "producer id (epoch)", "transitions");
        for (TransactionLog.TransactionalId id : x.transactionalIds()) {
            t.row(new Table.Name(id.transactionalId()), id.state(), id.producerId() + " (" + id.producerEpoch() + ")",
                    new Table.Words(id.transitions().stream().map(TransactionLog.Transition::state)
                            .collect(Collectors.joining(" → "))));
        }
        t.writeTo(m);
        PageSection.omitted(m, x.omitted(), "TransactionLog records");
    }

    private static void metadata(MetadataLog x, Markup m) {
        if (x == null) {
            return;
        }
        Table t = new Table("table-metadata-log", "offset", "time", "record", "change");
        for (MetadataLog.Event e : x.events().subList(0, Math.min(MAX_EVENTS, x.events().size()))) {
            t.row(new Table.Plain(e.offset()), time(e.time()), e.record(), new Table.Words(change(e)));
        }
        t.writeTo(m);
        PageSection.omitted(m, x.omitted() + Math.max(0, x.events().size() - MAX_EVENTS), "metadata log records");
    }

    /** {@code txn-data/0 leader 2 epoch 1 isr [2, 0]}, {@code broker 1 fenced}, ... */
    static String change(MetadataLog.Event e) {
        if (e.topic() != null) {
            return e.topic().name() + " (" + e.topic().topicId() + ")";
        }
        if (e.partition() != null) {
            MetadataLog.PartitionState p = e.partition();
            return p.topic() + "/" + p.partition() + " leader " + p.leader() + " epoch " + p.leaderEpoch()
                    + " partition epoch " + p.partitionEpoch() + " isr " + p.isr();
        }
        if (e.broker() != null) {
            return "broker " + e.broker().brokerId() + " " + e.broker().state() + " (epoch " + e.broker().brokerEpoch() + ")";
        }
        return e.feature() == null ? "" : e.feature().name() + " " + e.feature().level();
    }

    private static Table.Time time(String iso) {
        return iso == null ? null : new Table.Time(iso);
    }

    private static String join(java.util.List<Integer> xs) {
        return xs.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
