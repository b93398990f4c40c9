package org.kwire.html;

import org.kwire.report.Report;
import org.kwire.report.SlowExchange;

/**
 * The slowest exchanges, slowest first, with the frames, time and connection to find each in the capture; under them
 * the long-polls counted apart, in words.
 */
final class SlowestSection implements PageSection {

    @Override
    public String id() {
        return "slowest";
    }

    @Override
    public String title() {
        return "Slowest exchanges";
    }

    @Override
    public void write(Report r, Markup m) {
        Table t = new Table("table-slowest", "latency ms", "API", "version", "correlation id", "request frame",
                "response frame", "request time (UTC)", "stream", "client", "broker", "client id");
        for (SlowExchange s : r.slowest()) {
            t.row(new Table.Millis(s.latencyUs()), s.api(), new Table.Plain(s.apiVersion()), new Table.Plain(s.correlationId()),
                    new Table.Plain(s.requestFrame()), new Table.Plain(s.responseFrame()), new Table.Time(s.timestamp()),
                    new Table.Plain(s.stream()), s.client(), s.broker(), s.clientId());
        }
        PageSection.table(m, t, "No matched exchanges.");
        ApiSection.longPolls(r, m);
    }
}
