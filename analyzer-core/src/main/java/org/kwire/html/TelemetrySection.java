package org.kwire.html;

import org.kwire.report.ClientTelemetry;
import org.kwire.report.Report;

import java.util.stream.Collectors;

/**
 * Client telemetry ({@code client_telemetry}, KIP-714): a table of the clients that pushed their own metrics or got
 * a subscription (client_id, instance id, software, pushes, the subscription's prefixes and interval), and a table of
 * the latest point of each series they pushed (metric, type, unit, attributes, value or count and sum, the point's
 * time), at most {@value #ROWS} rows; the JSON report has them all. Shown when a client pushed.
 */
final class TelemetrySection implements PageSection {

    /** Series rows shown at most. */
    static final int ROWS = 500;

    @Override
    public String id() {
        return "client-telemetry";
    }

    @Override
    public String title() {
        return "Client telemetry";
    }

    @Override
    public boolean shown(Report r) {
        return r.clientTelemetry() != null && r.clientTelemetry().clients().stream().anyMatch(c -> c.pushes() > 0);
    }

    @Override
    public void write(Report r, Markup m) {
        Table clients = new Table("table-telemetry-clients", "client_id", "client instance id", "software", "pushes",
                "terminating push", "subscription: metric prefixes", "push interval ms", "not decoded");
        Table series = new Table("table-telemetry-metrics", "client_id", "metric", "type", "unit", "attributes",
                "latest value", "count", "sum", "time");
        int rows = 0;
        long left = 0;
        for (ClientTelemetry.Client c : r.clientTelemetry().clients()) {
            ClientTelemetry.Subscription s = c.subscription();
            clients.row(new Table.Name(c.clientId() == null ? "" : c.clientId()), new Table.Name(c.clientInstanceId()),
                    new Table.Words(c.softwareName() == null ? "" : c.softwareName() + " " + c.softwareVersion()),
                    c.pushes(), c.terminatingPushSeen() ? "yes" : "no",
                    s == null ? null : s.requestedMetrics().stream().map(p -> p.isEmpty() ? "(all)" : p)
                            .collect(Collectors.joining(", ")),
                    s == null ? null : (Object) (long) s.pushIntervalMs(), c.payloadProblems());
            for (ClientTelemetry.Metric metric : c.metrics()) {
                for (ClientTelemetry.Point p : metric.points()) {
                    if (rows == ROWS) {
                        left++;
                        continue;
                    }
                    rows++;
                    series.row(new Table.Name(c.clientId() == null ? "" : c.clientId()), new Table.Name(metric.name()), metric.type(), metric.unit(),
                            new Table.Words(p.attributes().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                                    .collect(Collectors.joining(", "))),
                            p.value() == null ? null : String.valueOf(p.value()), p.count(),
                            p.sum() == null ? null : String.valueOf(p.sum()), new Table.Time(p.time()));
                }
            }
        }
        clients.writeTo(m);
        series.writeTo(m);
        if (left > 0) {
            m.element("p", left + " more series in the JSON report (client_telemetry).", "class", "note");
        }
        m.element("p", "What clients pushed of their own metrics (KIP-714 PushTelemetry, OTLP MetricsData), the latest "
                + "point of each metric and set of attributes by the point's own time (the client's clock).", "class", "note");
    }
}
