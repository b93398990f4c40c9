package org.kwire.html;

import org.kwire.report.ClientStats;
import org.kwire.report.Report;
import org.kwire.text.ReportWords;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One row per client ({@code clients[]}: a client address and client_id): the client software its ApiVersions v3+
 * requests named (KIP-511), requests, the responses that carried an error code, bytes each way, error codes by name,
 * and the API versions it used with their requests (its connections and when it was first and last seen are in the
 * report).
 */
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
        Table t = new Table("table-clients", "client id", "address", "software", "requests", "responses with errors",
                "request bytes", "response bytes", "error codes by name", "API versions (requests)");
        for (ClientStats c : r.clients()) {
            t.row(new Table.Name(ReportWords.clientId(c.clientId())), c.address(), new Table.Words(ReportWords.software(c)), c.requests(),
                    c.errorResponses(), c.requestBytes(), c.responseBytes(),
                    c.errorCodes() == null ? null : new Table.Words(ApiSection.entries(c.errorCodes())), versions(c));
        }
        PageSection.table(m, t, "No clients.");
        m.element("p", "A client is a client address and a client_id: the connections a process opens to several brokers "
                + "count as one (the connections table has each). Software: as its ApiVersions v3+ requests name it; versions "
                + "v0-2 carry no name. When each client was first and last seen is in the report (clients[].first_seen, "
                + "last_seen).", "class", "note");
    }

    /** {@code ApiVersions v5 (4), Metadata v13 (4), ...}: each API it used (by name), its versions and requests. */
    private static String versions(ClientStats c) {
        Map<String, List<Integer>> versions = c.apiVersions() == null ? Map.of() : c.apiVersions();
        return c.apis().entrySet().stream().map(e -> e.getKey()
                        + (versions.containsKey(e.getKey()) ? " " + ReportWords.versions(versions.get(e.getKey())) : "")
                        + " (" + e.getValue() + ")").collect(Collectors.joining(", "));
    }
}
