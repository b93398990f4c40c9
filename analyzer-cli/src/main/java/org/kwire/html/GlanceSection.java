package org.kwire.html;

import org.kwire.report.ApiStats;
import org.kwire.report.ErrorStats;
import org.kwire.report.PartitionStats;
import org.kwire.report.Report;
import org.kwire.report.SlowExchange;
import org.kwire.text.Units;

/**
 * The box at the top of the page: one tile per thing to check — requests, error codes, unmatched exchanges,
 * warnings, CRC failures, the slowest exchange — each a number, a word and a detail, linking to its section. Tiles
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
        long requests = r.apis().stream().mapToLong(ApiStats::requests).sum();
        long responses = r.apis().stream().mapToLong(ApiStats::responses).sum();
        long errors = r.apis().stream().flatMap(a -> a.errors().stream()).mapToLong(ErrorStats::count).sum();
        long apisWithErrors = r.apis().stream().filter(a -> !a.errors().isEmpty()).count();
        long unanswered = r.apis().stream().mapToLong(ApiStats::unmatchedRequests).sum();
        long orphans = r.apis().stream().mapToLong(ApiStats::unmatchedResponses).sum() + r.responsesWithoutRequest();
        long warnings = r.warnings().size() + r.warningsOmitted();
        long crcValid = r.partitions().stream().mapToLong(PartitionStats::crcValid).sum();
        long crcFailures = r.crcFailures().size() + r.crcFailuresOmitted();
        m.open("ul", "class", "glance");
        tile(m, "#apis", false, requests, requests == 1 ? "request" : "requests",
                Units.plural(responses, "response") + ", " + Units.plural(r.apis().size(), "API"));
        tile(m, "#errors", errors > 0, errors, errors == 1 ? "error code" : "error codes",
                errors == 0 ? "in no response" : "in the responses of " + Units.plural(apisWithErrors, "API"));
        tile(m, "#apis", unanswered + orphans > 0, unanswered + orphans, "unmatched",
                Units.plural(unanswered, "request") + " without response, " + Units.plural(orphans, "response")
                        + " without request");
        tile(m, "#warnings", warnings > 0, warnings, warnings == 1 ? "warning" : "warnings",
                Units.plural(r.capture().malformedFrames(), "malformed frame") + ", "
                        + Units.count(r.capture().incompleteFrames()) + " incomplete");
        tile(m, crcFailures > 0 ? "#crc-failures" : "#topics", crcFailures > 0, crcFailures,
                crcFailures == 1 ? "CRC failure" : "CRC failures", "of " + Units.count(crcValid + crcFailures)
                        + (crcValid + crcFailures == 1 ? " record batch" : " record batches") + " checked");
        if (!r.slowest().isEmpty()) {
            SlowExchange s = r.slowest().get(0);
            m.open("li", "class", "tile ok").open("a", "href", "#slowest").element("span", Units.ms(s.latencyUs()) + " ms", "class", "value")
                    .element("span", "slowest", "class", "label")
                    .element("span", s.api() + " v" + s.apiVersion() + ", frames " + s.requestFrame() + "-" + s.responseFrame(),
                            "class", "detail").close("a").close("li");
        }
        m.close("ul");
    }

    private static void tile(Markup m, String link, boolean look, long value, String label, String detail) {
        m.open("li", "class", look ? "tile look" : "tile ok").open("a", "href", link)
                .element("span", Units.count(value), "class", "value").element("span", label, "class", "label")
                .element("span", detail, "class", "detail").close("a").close("li");
    }
}
