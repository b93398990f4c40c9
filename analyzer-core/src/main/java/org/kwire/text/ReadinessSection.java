package org.kwire.text;

import org.kwire.report.ClientStats;
import org.kwire.report.Readiness;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Which clients will break on the upgrade ({@code readiness}, {@code --target-kafka}): for every client that used a
 * request version the target release refuses, a line naming it (client_id, address, client software), then a row
 * per API: the versions it used, the versions the target accepts, its requests in those versions, what a broker of
 * the target does with them ({@code close} or {@code reject}) and the capture frames of the first of them. Left out
 * when no client is affected (the summary says so in a line).
 */
final class ReadinessSection implements TextSection {

    /** Frame numbers listed per API at most (the JSON report has up to 10 per version). */
    private static final int FRAMES = 5;

    @Override
    public String title() {
        return "Upgrade readiness";
    }

    @Override
    public List<String> lines(Report r, int width) {
        Readiness ready = r.readiness();
        if (ready == null || ready.clients().isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add(cut("! Kafka " + ready.target() + " (schemas of " + ready.release() + ") refuses request versions that "
                + Units.plural(ready.clientsAffected(), "client") + " used, in " + Units.plural(ready.requests(), "request")
                + ":", width));
        TextTable t = new TextTable(TextTable.Column.fixed("API"), TextTable.Column.fixed("used"),
                TextTable.Column.fixed("accepted"), TextTable.Column.number("requests"), TextTable.Column.fixed("broker"),
                TextTable.Column.text("frames"));
        List<Integer> firstRows = new ArrayList<>();
        List<String> clientLines = new ArrayList<>();
        int row = 0;
        for (Readiness.ReadinessClient c : ready.clients()) {
            firstRows.add(row);
            clientLines.add(cut("  " + client(r.clients(), c), width));
            for (Readiness.RemovedVersions v : c.apis()) {
                t.row(v.api(), ReportWords.used(v), ReportWords.accepted(v.accepted()),
                        Units.count(v.requests()), v.brokerAction(), frames(v));
                row++;
            }
        }
        List<String> table = t.lines("    ", width);
        lines.add(table.get(0));
        for (int i = 0, next = 0; i < table.size() - 1; i++) {
            if (next < firstRows.size() && firstRows.get(next) == i) {
                lines.add(clientLines.get(next++));
            }
            lines.add(table.get(i + 1));
        }
        Wrap.wrap(lines, "used: the refused versions the client sent" + (ReportWords.anyUnknown(ready) ? " (unknown: defined by no Kafka "
                + "release kwire knows)" : "") + "; accepted: the versions Kafka " + ready.target()
                + " accepts; broker: what a broker of that release does (close: " + ReportWords.action("close")
                + "; reject: " + ReportWords.action("reject") + "); frames: the first of those requests.",
                "  ", "  ", width);
        return lines;
    }

    /** {@code client old0_10_2_2-consumer at 127.0.0.1; software: none (ApiVersions v0)}. */
    private static String client(List<ClientStats> clients, Readiness.ReadinessClient c) {
        ClientStats stats = ReportWords.client(clients, c.address(), c.clientId());
        String software = stats != null ? ReportWords.software(stats)
                : ReportWords.software(c.softwareName(), c.softwareVersion(), null);
        return "client " + ReportWords.clientId(c.clientId()) + " at " + c.address() + "; software: " + software;
    }

    private static String frames(Readiness.RemovedVersions v) {
        List<Long> f = v.frames();
        String listed = f.subList(0, Math.min(FRAMES, f.size())).stream().map(String::valueOf)
                .collect(Collectors.joining(", "));
        return f.size() > FRAMES || v.requests() > f.size() ? listed + ", ..." : listed;
    }

    /** {@code line} shown by {@link VisibleText}'s rule, cut to {@code width} with {@code ...} when longer. */
    private static String cut(String line, int width) {
        String visible = VisibleText.of(line);
        return visible.length() <= width ? visible : VisibleText.cut(visible, width - 3) + "...";
    }
}
