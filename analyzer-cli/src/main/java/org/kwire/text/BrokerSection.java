package org.kwire.text;

import org.kwire.report.ApiStats;
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
        Map<List<String>, List<String>> alike = new LinkedHashMap<>();
        for (BrokerStats b : brokers) {
            t.row(b.broker(), Units.count(b.apiVersionsResponses()), "v" + b.responseVersion() + ", frame " + b.frame(),
                    Units.count(b.apis().size()), b.finalizedFeaturesEpoch() < 0 ? null : b.finalizedFeaturesEpoch());
            alike.computeIfAbsent(List.of(String.join("\n", used(r, b)), String.join("\n", finalized(b))),
                    k -> new ArrayList<>()).add(b.broker());
        }
        List<String> lines = new ArrayList<>(t.lines("  ", width));
        if (all.size() > TOP) {
            lines.add("  ... and " + Units.plural(all.size() - TOP, "more broker") + " (JSON report: brokers)");
        }
        for (Map.Entry<List<String>, List<String>> group : alike.entrySet()) {
            String who = brokers.size() == 1 ? "" : alike.size() == 1 ? "every broker: "
                    : String.join(", ", group.getValue()) + ": ";
            Wrap.list(lines, who + "accepted versions of the APIs used here: ", List.of(group.getKey().get(0).split("\n")),
                    "  ", "    ", width);
            String features = group.getKey().get(1);
            Wrap.list(lines, who + "finalized features: ", features.isEmpty() ? List.of("none") : List.of(features.split("\n")),
                    "  ", "    ", width);
        }
        lines.add("  ranges from: the ApiVersions response (version, frame) the accepted versions come from.");
        return lines;
    }

    /** {@code Produce v3-13}, {@code Fetch v4-18}, ...: the accepted versions of each API of the report, in ApiKey order. */
    private static List<String> used(Report r, BrokerStats b) {
        List<String> ranges = new ArrayList<>();
        for (ApiStats a : r.apis()) {
            BrokerStats.Range range = b.apis().get(a.name());
            ranges.add(a.name() + " " + (range == null ? "none" : "v" + levels(range)));
        }
        return ranges.isEmpty() ? List.of("none") : ranges;
    }

    /** {@code metadata.version 33}, ...: the finalized feature levels; none before ApiVersions v3. */
    private static List<String> finalized(BrokerStats b) {
        Map<String, BrokerStats.Range> f = b.finalizedFeatures();
        return f == null ? List.of() : f.entrySet().stream().map(e -> e.getKey() + " " + levels(e.getValue())).toList();
    }

    private static String levels(BrokerStats.Range r) {
        return r.min() + (r.max() == r.min() ? "" : "-" + r.max());
    }
}
