package org.kwire.html;

import org.kwire.report.ClientStats;
import org.kwire.report.Readiness;
import org.kwire.report.Report;
import org.kwire.text.ReportWords;
import org.kwire.text.Units;

import java.util.stream.Collectors;

/**
 * Upgrade readiness ({@code readiness}, {@code --target-kafka}), near the top of the page: a box that says in a
 * sentence whether a broker of the target release would refuse any client of the capture, red when it would; then a
 * row per client and API it used in a refused version: client_id, address, client software, the versions used, the
 * versions the target accepts, requests, what the broker does ({@code close} or {@code reject}) and the first frames.
 * Not shown for reports without a readiness section (older kwire).
 */
final class ReadinessSection implements PageSection {

    @Override
    public String id() {
        return "readiness";
    }

    @Override
    public String title() {
        return "Upgrade readiness";
    }

    @Override
    public boolean shown(Report r) {
        return r.readiness() != null;
    }

    @Override
    public void write(Report r, Markup m) {
        Readiness ready = r.readiness();
        String kafka = "Kafka " + ready.target();
        boolean affected = ready.clientsAffected() > 0;
        m.open("div", "class", affected ? "verdict look" : "verdict ok");
        m.element("p", affected
                ? Units.plural(ready.clientsAffected(), "client") + " of " + Units.count(r.clients().size()) + " sent request "
                + "versions that " + kafka + " refuses, in " + Units.plural(ready.requests(), "request") + ": "
                + ReportWords.refused(ready) + "."
                : r.clients().isEmpty() ? "No clients in this capture to check against " + kafka + "."
                : kafka + " accepts every request version the " + Units.plural(r.clients().size(), "client")
                + " of this capture used.");
        m.element("p", "What " + kafka + " accepts is read from the message schemas of Kafka " + ready.release()
                + " (--target-kafka chooses the release).", "class", "note");
        m.close("div");
        if (!affected) {
            return;
        }
        Table t = new Table("table-readiness", "client id", "address", "software", "API", "versions used",
                kafka + " accepts", "requests", "broker action", "first frames");
        for (Readiness.ReadinessClient c : ready.clients()) {
            ClientStats stats = ReportWords.client(r.clients(), c.address(), c.clientId());
            String software = stats != null ? ReportWords.software(stats)
                    : ReportWords.software(c.softwareName(), c.softwareVersion(), null);
            for (Readiness.RemovedVersions v : c.apis()) {
                t.row(new Table.Name(ReportWords.clientId(c.clientId())), c.address(), new Table.Words(software), v.api(),
                        ReportWords.used(v), ReportWords.accepted(v.accepted()), v.requests(),
                        v.brokerAction(), v.frames().stream().map(String::valueOf).collect(Collectors.joining(", ")));
            }
        }
        t.writeTo(m);
        m.element("p", "Broker action: close — a broker of " + kafka + " " + ReportWords.action("close")
                + "; reject — it " + ReportWords.action("reject") + ". " + (ReportWords.anyUnknown(ready) ? "Unknown "
                + "versions: defined by no Kafka release kwire knows (a newer Kafka's, or a damaged header). " : "")
                + "First frames: the capture frames of the first requests in each refused version (up to 10 per version).",
                "class", "note");
    }
}
