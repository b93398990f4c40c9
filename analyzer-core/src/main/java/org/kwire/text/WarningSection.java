package org.kwire.text;

import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.List;

/**
 * The warnings, each wrapped to the line width: the first {@value #SHOWN} of those the report lists, then how many
 * more the JSON report has or only counted.
 */
final class WarningSection implements TextSection {

    /** Warnings printed at most. */
    static final int SHOWN = 20;

    @Override
    public String title() {
        return "Warnings";
    }

    @Override
    public List<String> lines(Report r, int width) {
        List<String> lines = new ArrayList<>();
        List<String> w = r.warnings();
        for (String warning : w.subList(0, Math.min(SHOWN, w.size()))) {
            Wrap.wrap(lines, warning, "  - ", "    ", width);
        }
        long more = w.size() - Math.min(SHOWN, w.size());
        if (more > 0) {
            lines.add("  ... and " + Units.count(more) + " more in the JSON report (warnings)");
        }
        if (r.warningsOmitted() > 0) {
            lines.add("  " + Units.plural(r.warningsOmitted(), "further warning") + " only counted (JSON report: expert)");
        }
        return lines;
    }
}
