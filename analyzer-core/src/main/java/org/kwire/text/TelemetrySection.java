package org.kwire.text;

import org.kwire.report.ClientTelemetry;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.List;

/**
 * Client telemetry at a glance ({@code client_telemetry}, KIP-714), when a client pushed: a line per client instance
 * that pushed (client_id, software, pushes, whether it pushed its terminating push, the subscription it got), then a
 * row per metric it pushed with its
 * type and latest value (the first set of attributes; how many more there are). At most {@value #ROWS} metric rows in
 * all; the clients that got a subscription but pushed nothing are counted. The JSON report has every series.
 */
final class TelemetrySection implements TextSection {

    /** Metric rows listed at most, all clients together. */
    static final int ROWS = 20;

    @Override
    public String title() {
        return "Client telemetry";
    }

    @Override
    public List<String> lines(Report r, int width) {
        ClientTelemetry t = r.clientTelemetry();
        if (t == null || t.clients().stream().noneMatch(c -> c.pushes() > 0)) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        int rows = 0;
        long left = 0;
        long quiet = t.clients().stream().filter(c -> c.pushes() == 0).count();
        for (ClientTelemetry.Client c : t.clients()) {
            if (c.pushes() == 0) {
                continue;
            }
            Wrap.wrap(lines, head(c), "  ", "    ", width);
            TextTable table = new TextTable(TextTable.Column.text("metric"), TextTable.Column.text("type"),
                    TextTable.Column.text("latest"));
            int here = 0;
            for (ClientTelemetry.Metric m : c.metrics()) {
                if (rows == ROWS) {
                    left++;
                    continue;
                }
                rows++;
                here++;
                table.row(m.name(), m.type(), latest(m));
            }
            if (here > 0) {
                lines.addAll(table.lines("    ", width));
            }
        }
        if (quiet > 0) {
            lines.add("  " + Units.plural(quiet, "more client") + " got a subscription but pushed nothing (JSON report)");
        }
        if (left > 0) {
            lines.add("  ... and " + Units.plural(left, "more metric") + " (JSON report: client_telemetry)");
        }
        if (t.pushesLeftOut() + t.pointsLeftOut() > 0) {
            lines.add("! " + pushes(t.pushesLeftOut()) + " of clients and " + Units.plural(t.pointsLeftOut(),
                    "data point") + " of series past the report's bounds left out");
        }
        return lines;
    }

    private static String head(ClientTelemetry.Client c) {
        StringBuilder b = new StringBuilder();
        b.append(c.clientId() == null ? "(no client_id)" : c.clientId()).append(" (instance ").append(c.clientInstanceId())
                .append(", ").append(c.address());
        if (c.softwareName() != null) {
            b.append(", ").append(c.softwareName()).append(' ').append(c.softwareVersion());
        }
        b.append("): ").append(pushes(c.pushes()));
        if (c.terminatingPushSeen()) {
            b.append(", terminating push seen");
        }
        if (c.payloadProblems() > 0) {
            b.append(", ").append(Units.count(c.payloadProblems())).append(" not decoded");
        }
        ClientTelemetry.Subscription s = c.subscription();
        if (s != null) {
            b.append("; subscription ").append(s.subscriptionId()).append(": every ").append(Units.count(s.pushIntervalMs()))
                    .append(" ms, ").append(s.requestedMetrics().isEmpty() ? "no metrics"
                            : s.requestedMetrics().equals(List.of("")) ? "all metrics"
                            : "prefixes " + String.join(", ", s.requestedMetrics()))
                    .append(", codecs ").append(String.join(", ", s.acceptedCompressionTypes()));
        }
        return b.toString();
    }

    private static String pushes(long n) {
        return Units.count(n) + (n == 1 ? " push" : " pushes");
    }

    /** The first point's value (or count and sum), its unit, and how many more series the metric has. */
    private static String latest(ClientTelemetry.Metric m) {
        if (m.points().isEmpty()) {
            return "-";
        }
        ClientTelemetry.Point p = m.points().get(0);
        String v = p.value() != null ? number(p.value()) + (m.unit().isEmpty() ? "" : " " + m.unit())
                : "count " + p.count() + (p.sum() == null ? "" : ", sum " + number(p.sum()));
        return m.points().size() == 1 ? v : v + " (+" + (m.points().size() - 1) + " series)";
    }

    private static String number(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : String.format(java.util.Locale.ROOT, "%.6g", d);
    }
}
