package org.kwire.text;

import org.kwire.report.Report;
import org.kwire.report.SlowExchange;

import java.util.List;

/**
 * The slowest exchanges, slowest first: latency, API and version, correlation_id, the capture frames of request and
 * response, the request's time, the TCP stream and the client_id.
 */
final class SlowestSection implements TextSection {

    @Override
    public String title() {
        return "Slowest exchanges";
    }

    @Override
    public List<String> lines(Report r, int width) {
        TextTable t = new TextTable(TextTable.Column.number("latency ms"), TextTable.Column.fixed("API"),
                TextTable.Column.number("corr. id"), TextTable.Column.fixed("frames"), TextTable.Column.fixed("time (UTC)"),
                TextTable.Column.number("stream"), TextTable.Column.text("client_id"));
        for (SlowExchange s : r.slowest()) {
            t.row(Units.ms(s.latencyUs()), s.api() + " v" + s.apiVersion(), s.correlationId(),
                    s.requestFrame() + "-" + s.responseFrame(), Units.time(s.timestamp()), s.stream(), s.clientId());
        }
        return t.isEmpty() ? List.of() : t.lines("  ", width);
    }
}
