package org.kwire.html;

import org.kwire.report.ApiStats;
import org.kwire.report.ErrorStats;
import org.kwire.report.PartitionStats;
import org.kwire.report.Readiness;
import org.kwire.report.Report;
import org.kwire.report.SlowExchange;
import org.kwire.text.ReportWords;
import org.kwire.text.ReportCounts;
import org.kwire.text.Units;

/**
 * The box at the top of the page: one tile per thing to check — requests, the clients the target Kafka release
 * would refuse, the error rate (responses with an error code, of all responses), unmatched exchanges, warnings, CRC
 * failures, the slowest exchange — each a number, a word and a detail, linking to its section. Tiles
 * that need a look are marked {@code look} (red), the others {@code ok}.
 */
final class GlanceSection implements PageSection {

    @Override
    public String id() {
        return "glance";
    }

    @Override
    public String title() {
        return "At a glance";
    }

    @Override
    public void write(Report r, Markup m) {
        if (r.filter() != null) {
            m.element("p", "Filtered report (" + r.filter().options() + "): the counts are of the exchanges the filter kept, "
                    + "whole; the capture, its connections and the warnings are of everything.", "class", "note filter");
        }
        long requests = r.apis().stream().mapToLong(ApiStats::requests).sum();
        long responses = r.apis().stream().mapToLong(ApiStats::responses).sum();
        long errors = r.apis().stream().flatMap(a -> a.errors().stream()).mapToLong(ErrorStats::count).sum();
        long apisWithErrors = r.apis().stream().filter(a -> !a.errors().isEmpty()).count();
        long unanswered = r.apis().stream().mapToLong(ApiStats::unmatchedRequests).sum();
        long orphans = r.apis().stream().mapToLong(ApiStats::unmatchedResponses).sum() + r.responsesWithoutRequest();
        long warnings = r.warnings().size() + r.warningsOmitted();
        long crcValid = r.partitions().stream().mapToLong(PartitionStats::crcValid).sum();
        long crcFailures = r.crcFailures().size() + r.crcFailuresOmitted();
        long failed = ReportCounts.errorResponses(r);
        m.open("ul", "class", "glance");
        tile(m, "#apis", false, Units.count(requests), requests == 1 ? "request" : "requests",
                Units.plural(responses, "response") + ", " + Units.plural(r.apis().size(), "API"));
        readiness(r, m);
        tile(m, "#errors", failed > 0, Units.percent(failed, responses), "error rate", failed == 0
                ? "no response carried an error code" : Units.count(failed) + " of " + Units.plural(responses, "response")
                + " carried " + Units.plural(errors, "error code") + ", in " + Units.plural(apisWithErrors, "API"));
        tile(m, "#apis", unanswered + orphans > 0, Units.count(unanswered + orphans), "unmatched",
                Units.plural(unanswered, "request") + " without response, " + Units.plural(orphans, "response")
                        + " without request");
        tile(m, "#warnings", warnings > 0, Units.count(warnings), warnings == 1 ? "warning" : "warnings",
                Units.plural(r.capture().malformedFrames(), "malformed frame") + ", "
                        + Units.count(r.capture().incompleteFrames()) + " incomplete");
        tile(m, crcFailures > 0 ? "#crc-failures" : "#topics", crcFailures > 0, Units.count(crcFailures),
                crcFailures == 1 ? "CRC failure" : "CRC failures", "of " + Units.count(crcValid + crcFailures)
                        + (crcValid + crcFailures == 1 ? " record batch" : " record batches") + " checked");
        if (!r.slowest().isEmpty()) {
            SlowExchange s = r.slowest().get(0);
            tile(m, "#slowest", false, Units.ms(s.latencyUs()) + " ms", "slowest",
                    s.api() + " v" + s.apiVersion() + ", frames " + s.requestFrame() + "-" + s.responseFrame());
        }
        m.close("ul");
    }

    /** The clients the target release would refuse, and the API versions; no tile for a report without readiness. */
    private static void readiness(Report r, Markup m) {
        Readiness ready = r.readiness();
        if (ready == null) {
            return;
        }
        long n = ready.clientsAffected();
        tile(m, "#readiness", n > 0, Units.count(n), (n == 1 ? "client" : "clients") + " Kafka " + ready.target()
                + " refuses", n > 0 ? ReportWords.refused(ready) : "every request version is accepted");
    }

    private static void tile(Markup m, String link, boolean look, String value, String label, String detail) {
        m.open("li", "class", look ? "tile look" : "tile ok").open("a", "href", link)
                .element("span", value, "class", "value").element("span", label, "class", "label")
                .element("span", detail, "class", "detail").close("a").close("li");
    }
}
