package org.kwire.html;

import org.kwire.report.Report;

/**
 * One section of the report page, rendering one part of a {@link Report} (a table, charts, a box); a new part of the
 * report gets its own section class, listed in {@link ReportPage#SECTIONS}.
 */
interface PageSection {

    /** The section's {@code id} attribute, which links and tests use. */
    String id();

    /** Its heading. */
    String title();

    /** Whether the report has anything for it; a section that is not shown leaves no trace on the page. */
    default boolean shown(Report report) {
        return true;
    }

    /** Writes the section's content, below its heading. */
    void write(Report report, Markup m);

    /** The table, or {@code emptyText} (nothing if null) when it has no rows. */
    static void table(Markup m, Table table, String emptyText) {
        if (!table.isEmpty()) {
            table.writeTo(m);
        } else if (emptyText != null) {
            m.element("p", emptyText, "class", "empty");
        }
    }

    /** A line saying how many more entries the report counted but did not list, when there are any. */
    static void omitted(Markup m, long omitted, String what) {
        if (omitted > 0) {
            m.element("p", omitted + " more " + what + " not listed in the report.", "class", "omitted");
        }
    }
}
