package org.kwire.html;

import org.kwire.report.BrokerStats;
import org.kwire.report.Report;
import org.kwire.text.ReportWords;

import java.util.List;
import java.util.Map;

/**
 * One row per broker endpoint as its ApiVersions responses describe it ({@code brokers[]}): responses, the one the
 * ranges come from (version, frame, time), how many APIs it accepts, the versions it accepts of the APIs this
 * capture used, and its cluster's finalized features (KIP-584) with their epoch. Not shown when no ApiVersions
 * response was captured.
 */
final class BrokerSection implements PageSection {

    @Override
    public String id() {
        return "brokers";
    }

    @Override
    public String title() {
        return "Brokers";
    }

    @Override
    public boolean shown(Report r) {
        return r.brokers() != null && !r.brokers().isEmpty();
    }

    @Override
    public void write(Report r, Markup m) {
        Table t = new Table("table-brokers", "broker", "ApiVersions responses", "ranges from version", "frame",
                "time (UTC)", "APIs accepted", "accepted versions of the APIs used here", "finalized features",
                "features epoch");
        for (BrokerStats b : r.brokers()) {
            t.row(b.broker(), b.apiVersionsResponses(), new Table.Plain(b.responseVersion()), new Table.Plain(b.frame()),
                    b.timestamp() == null ? null : new Table.Time(b.timestamp()), b.apis().size(),
                    String.join(", ", ReportWords.acceptedHere(r, b)), features(b.finalizedFeatures()),
                    b.finalizedFeaturesEpoch() < 0 ? null : new Table.Plain(b.finalizedFeaturesEpoch()));
        }
        t.writeTo(m);
        m.element("p", "From the last ApiVersions response without an error on a connection to each broker; the report "
                + "has the ranges of every API and the supported features.", "class", "note");
    }

    private static String features(Map<String, BrokerStats.Range> features) {
        List<String> levels = ReportWords.features(features);
        return levels.isEmpty() ? null : String.join(", ", levels);
    }
}
