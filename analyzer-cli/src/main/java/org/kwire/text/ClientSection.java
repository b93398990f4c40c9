package org.kwire.text;

import org.kwire.report.ClientStats;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The busiest client_ids: connections, requests, error codes, bytes each way, and the APIs they used most. */
final class ClientSection implements TextSection {

    /** Clients listed at most. */
    static final int TOP = 10;

    @Override
    public String title() {
        return "Top clients";
    }

    @Override
    public List<String> lines(Report r, int width) {
        List<ClientStats> clients = new ArrayList<>(r.clients());
        clients.sort(Comparator.comparingLong(ClientStats::requests).reversed()
                .thenComparing(c -> String.valueOf(c.clientId())));
        TextTable t = new TextTable(TextTable.Column.text("client_id"), TextTable.Column.number("conns"),
                TextTable.Column.number("requests"), TextTable.Column.number("errors"), TextTable.Column.number("sent"),
                TextTable.Column.number("received"), TextTable.Column.text("APIs (requests)"));
        for (ClientStats c : clients.subList(0, Math.min(TOP, clients.size()))) {
            t.row(c.clientId() == null ? "(none: header v0)" : c.clientId(), Units.count(c.connections()),
                    Units.count(c.requests()), Units.count(c.errors()), Units.bytes(c.requestBytes()),
                    Units.bytes(c.responseBytes()), busiest(c.apis()));
        }
        if (t.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(t.lines("  ", width));
        if (clients.size() > TOP) {
            lines.add("  ... and " + Units.plural(clients.size() - TOP, "more client") + " (JSON report: clients)");
        }
        return lines;
    }

    /** {@code Metadata 4, ApiVersions 4, ...}: most requests first. */
    static String busiest(Map<String, Long> apis) {
        return apis.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + " " + Units.count(e.getValue())).collect(Collectors.joining(", "));
    }
}
