package org.kwire.html;

import org.kwire.report.PartialBatchEntry;
import org.kwire.report.Report;

/** Batches cut short at the end of their records field (not an error); shown only when the report has any. */
final class PartialBatchSection implements PageSection {

    @Override
    public String id() {
        return "partial-batches";
    }

    @Override
    public String title() {
        return "Partial batches";
    }

    @Override
    public boolean shown(Report r) {
        return !r.partialBatches().isEmpty();
    }

    @Override
    public void write(Report r, Markup m) {
        m.element("p", "Batches cut short at the end of their records field, as Fetch responses do at their size limit: "
                + "not an error.", "class", "note");
        Table t = new Table("table-partial-batches", "frame", "API", "topic", "partition", "bytes present",
                "bytes declared");
        for (PartialBatchEntry p : r.partialBatches()) {
            t.row(new Table.Plain(p.frame()), p.api(), p.topic(), new Table.Plain(p.partition()), p.bytesPresent(),
                    p.bytesDeclared());
        }
        PageSection.table(m, t, null);
        PageSection.omitted(m, r.partialBatchesOmitted(), "partial batches");
    }
}
