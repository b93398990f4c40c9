package org.kwire.html;

import org.kwire.report.ClientStats;
import org.kwire.report.Report;

/** One row per client_id: connections, requests, responses, bytes, error codes, requests per API. */
final class ClientSection implements PageSection {

    @Override
    public String id() {
        return "clients";
    }

    @Override
    public String title() {
        return "Clients";
    }

    @Override
    public void write(Report r, Markup m) {
        Table t = new Table("table-clients", "client id", "connections", "requests", "responses", "request bytes",
                "response bytes", "error codes", "requests per API");
        for (ClientStats c : r.clients()) {
            t.row(c.clientId(), c.connections(), c.requests(), c.responses(), c.requestBytes(), c.responseBytes(),
                    c.errors(), ApiSection.entries(c.apis()));
        }
        PageSection.table(m, t, "No client ids.");
    }
}
