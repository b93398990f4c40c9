package org.kwire.html;

import org.kwire.report.CrcFailureEntry;
import org.kwire.report.Report;

/** Record batches whose checksum did not match; shown only when the report has any. */
final class CrcFailureSection implements PageSection {

    @Override
    public String id() {
        return "crc-failures";
    }

    @Override
    public String title() {
        return "CRC failures";
    }

    @Override
    public boolean shown(Report r) {
        return !r.crcFailures().isEmpty();
    }

    @Override
    public void write(Report r, Markup m) {
        Table t = new Table("table-crc-failures", "frame", "API", "topic", "partition", "base offset", "magic",
                "stored CRC", "computed CRC");
        for (CrcFailureEntry f : r.crcFailures()) {
            t.row(new Table.Plain(f.frame()), f.api(), f.topic(), new Table.Plain(f.partition()), new Table.Plain(f.baseOffset()),
                    new Table.Plain(f.magic()), new Table.Plain(f.stored()), new Table.Plain(f.computed()));
        }
        PageSection.table(m, t, null);
        PageSection.omitted(m, r.crcFailuresOmitted(), "CRC failures");
    }
}
