package org.kwire.text;

import org.kwire.report.ClientStats;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The busiest clients ({@code clients[]}: one per client address and client_id): the client software their
 * ApiVersions v3+ requests named (KIP-511), requests, responses that carried an error code, and bytes each way.
 */
final class ClientSection implements TextSection {

    /** Clients listed at most. */
    static final int TOP = 10;

    @Override
    public String title() {
        return "Clients";
    }

    @Override
    public List<String> lines(Report r, int width) {
        List<ClientStats> clients = new ArrayList<>(r.clients());
        clients.sort(Comparator.comparingLong(ClientStats::requests).reversed()
                .thenComparing(c -> String.valueOf(c.clientId())).thenComparing(c -> String.valueOf(c.address())));
        TextTable t = new TextTable(TextTable.Column.text("client_id"), TextTable.Column.text("address"),
                TextTable.Column.text("software"), TextTable.Column.number("requests"),
                TextTable.Column.number("errors"), TextTable.Column.number("sent"), TextTable.Column.number("received"));
        for (ClientStats c : clients.subList(0, Math.min(TOP, clients.size()))) {
            t.row(ReportWords.clientId(c.clientId()), c.address(), ReportWords.software(c),
                    Units.count(c.requests()), Units.count(c.errorResponses()),
                    Units.bytes(c.requestBytes()), Units.bytes(c.responseBytes()));
        }
        if (t.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(t.lines("  ", width));
        if (clients.size() > TOP) {
            lines.add("  ... and " + Units.plural(clients.size() - TOP, "more client") + " (JSON report: clients)");
        }
        Wrap.wrap(lines, "software: as its ApiVersions v3+ requests name it (v0-2 carry no name); errors: responses "
                + "carrying an error code; sent, received: its requests and their responses, size prefixes included; "
                + "connections and API versions: JSON report, clients.", "  ", "  ", width);
        return lines;
    }
}
