package org.kwire.text;

import org.kwire.report.BrokerStats;
import org.kwire.report.Report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The brokers as their ApiVersions responses describe them ({@code brokers[]}), in brief: a row per broker endpoint
 * (ApiVersions responses, the version and frame of the response the ranges come from, APIs accepted, the epoch of
 * its finalized features), then the versions it accepts of the APIs this capture used and its cluster's finalized
 * features (KIP-584), once for brokers that say the same. The JSON report has every range and the supported
 * features.
 */
final class BrokerSection implements TextSection {

    /** What a broker's ApiVersions response said, in words: brokers that said the same are listed together. */
    private record Said(List<String> accepted, List<String> features) {
    }

    /** Brokers listed at most. */
    static final int TOP = 10;

    @Override
    public String title() {
        return "Brokers";
    }

    @Override
    public List<String> lines(Report r, int width) {
        List<BrokerStats> all = r.brokers() == null ? List.of() : r.brokers();
        List<BrokerStats> brokers = all.subList(0, Math.min(TOP, all.size()));
        if (brokers.isEmpty()) {
            return List.of();
        }
        TextTable t = new TextTable(TextTable.Column.text("broker"), TextTable.Column.number("ApiVersions"),
                TextTable.Column.fixed("ranges from"), TextTable.Column.number("APIs"),
                TextTable.Column.number("features epoch"));
        Map<Said, List<String>> alike = new LinkedHashMap<>();
        for (BrokerStats b : brokers) {
            t.row(b.broker(), Units.count(b.apiVersionsResponses()), "v" + b.responseVersion() + ", frame " + b.frame(),
                    Units.count(b.apis().size()), b.finalizedFeaturesEpoch() < 0 ? null : b.finalizedFeaturesEpoch());
            alike.computeIfAbsent(new Said(used(r, b), ReportWords.features(b.finalizedFeatures())),
                    k -> new ArrayList<>()).add(b.broker());
        }
        List<String> lines = new ArrayList<>(t.lines("  ", width));
        if (all.size() > TOP) {
            lines.add("  ... and " + Units.plural(all.size() - TOP, "more broker") + " (JSON report: brokers)");
        }
        for (Map.Entry<Said, List<String>> group : alike.entrySet()) {
            String who = brokers.size() == 1 ? "" : alike.size() == 1 ? "every broker: "
                    : String.join(", ", group.getValue()) + ": ";
            Said said = group.getKey();
            Wrap.list(lines, who + "accepted versions of the APIs used here: ", said.accepted(), "  ", "    ", width);
            Wrap.list(lines, who + "finalized features: ", said.features().isEmpty() ? List.of("none") : said.features(),
                    "  ", "    ", width);
        }
        lines.add("  ranges from: the ApiVersions response (version, frame) the accepted versions come from.");
        return lines;
    }

    /** The accepted versions of the report's APIs; {@code none} when the report has no APIs. */
    private static List<String> used(Report r, BrokerStats b) {
        List<String> ranges = ReportWords.acceptedHere(r, b);
        return ranges.isEmpty() ? List.of("none") : ranges;
    }
}
