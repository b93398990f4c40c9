package org.kwire.html;

import org.kwire.report.ConnectionStats;
import org.kwire.report.Report;

/** One row per TCP connection: endpoints, protocol, client ids, frames and bytes each way. */
final class ConnectionSection implements PageSection {

    @Override
    public String id() {
        return "connections";
    }

    @Override
    public String title() {
        return "Connections";
    }

    @Override
    public void write(Report r, Markup m) {
        Table t = new Table("table-connections", "stream", "client", "broker", "protocol", "client ids", "requests",
                "responses", "bytes from client", "bytes from broker");
        for (ConnectionStats c : r.connections()) {
            t.row(new Table.Plain(c.stream()), c.client(), c.broker(), c.protocol(), String.join(", ", c.clientIds()),
                    c.requests(), c.responses(), c.bytesFromClient(), c.bytesFromBroker());
        }
        PageSection.table(m, t, "No Kafka connections.");
    }
}
