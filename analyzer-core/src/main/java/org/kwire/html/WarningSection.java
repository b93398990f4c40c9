package org.kwire.html;

import org.kwire.report.Report;

import java.util.List;

/** Expert-note counts by expert item, and the warnings the report lists, numbered. */
final class WarningSection implements PageSection {

    @Override
    public String id() {
        return "warnings";
    }

    @Override
    public String title() {
        return "Warnings";
    }

    @Override
    public void write(Report r, Markup m) {
        Table expert = new Table("table-expert", "expert item", "notes");
        r.expert().forEach(expert::row);
        PageSection.table(m, expert, null);
        Table t = new Table("table-warnings", "#", "warning");
        List<String> w = r.warnings();
        for (int i = 0; i < w.size(); i++) {
            t.row(new Table.Plain(i + 1), w.get(i));
        }
        PageSection.table(m, t, "No warnings.");
        PageSection.omitted(m, r.warningsOmitted(), "warnings");
    }
}
