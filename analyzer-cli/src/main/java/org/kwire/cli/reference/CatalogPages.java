package org.kwire.cli.reference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import org.kwire.expert.ExpertItem;
import org.kwire.metrics.CaptureCounts;
import org.kwire.metrics.CaptureHealthMetrics;
import org.kwire.metrics.KwireMetrics;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.kwire.cli.reference.OptionPages.cell;

/**
 * The catalogue pages: expert items in {@link ExpertItem}'s order (grouped by layer), metrics sorted by name (labels, unit, help) as a
 * registry of {@link KwireMetrics} and {@link CaptureHealthMetrics} defines them, and report fields in the order of
 * docs/report.schema.json, one row per property at every depth ({@code a.b}, {@code a[].b} for array items,
 * {@code a.*} for a map's values).
 */
final class CatalogPages {

    private CatalogPages() {
    }

    static String expertItems() {
        StringBuilder b = page("Expert items", "Every expert item kwire can report (org.kwire.expert.ExpertItem): the "
                + "report's expert object counts them by id; severities and groups are Wireshark's.")
                .append("| Id | Severity | Group | Summary |\n|---|---|---|---|\n");
        for (ExpertItem i : ExpertItem.values()) {
            b.append("| `").append(i.id()).append("` | ").append(i.severity().label()).append(" | ")
                    .append(i.group().label()).append(" | ").append(cell(i.summary())).append(" |\n");
        }
        return b.toString();
    }

    static String metrics() {
        List<Collector> collectors = new ArrayList<>();
        PrometheusRegistry registry = new PrometheusRegistry() {
            @Override
            public void register(Collector collector) {
                collectors.add(collector);
                super.register(collector);
            }
        };
        new KwireMetrics(registry);
        CaptureHealthMetrics.register(registry, () -> new CaptureCounts(0, 0, 0, 0, 0, 0, 0, 0, 0));
        Map<String, String> rows = new TreeMap<>();
        for (Collector c : collectors) {
            MetricSnapshot s = c.collect();
            MetricMetadata m = s.getMetadata();
            String name = m.getName() + (s instanceof CounterSnapshot ? "_total" : "");
            String type = s.getClass().getSimpleName().replace("Snapshot", "").toLowerCase(Locale.ROOT);
            Set<String> labels = c.getLabelNames() == null ? Set.of() : new TreeSet<>(c.getLabelNames());
            rows.put(name, "| `" + name + "` | " + type + " | "
                    + String.join(", ", labels.stream().map(l -> "`" + l + "`").toList()) + " | "
                    + (m.hasUnit() ? m.getUnit().toString() : "") + " | " + cell(m.getHelp()) + " |\n");
        }
        StringBuilder b = page("Metrics", "The Prometheus metrics of kwire live (--metrics) and analyze "
                + "--metrics-file, as org.kwire.metrics defines them; the capture_ and analysis_queue_ ones only live. "
                + "Labels sorted by name.")
                .append("| Metric | Type | Labels | Unit | Help |\n|---|---|---|---|---|\n");
        rows.values().forEach(b::append);
        return b.toString();
    }

    static String reportFields(String schemaJson) throws IOException {
        JsonNode schema = new ObjectMapper().readTree(schemaJson);
        List<String[]> rows = new ArrayList<>();
        walk(schema, "", rows);
        StringBuilder b = page("Report fields", "Every field of the JSON report of kwire analyze and live, from "
                + "docs/report.schema.json (its own words; a[] is an array's items, a.* a map's values).")
                .append("| Field | Type | Description |\n|---|---|---|\n");
        for (String[] r : rows) {
            b.append("| `").append(r[0]).append("` | ").append(r[1]).append(" | ").append(cell(r[2])).append(" |\n");
        }
        return b.toString();
    }

    private static void walk(JsonNode node, String path, List<String[]> rows) {
        if (!path.isEmpty() && !path.endsWith("[]") && !path.endsWith(".*")) {
            rows.add(new String[] {path, type(node), node.path("description").asText("")});
        }
        node.path("properties").fields().forEachRemaining(
                e -> walk(e.getValue(), path.isEmpty() ? e.getKey() : path + "." + e.getKey(), rows));
        if (node.path("items").isObject()) {
            walk(node.get("items"), path + "[]", rows);
        }
        if (node.path("additionalProperties").isObject()) {
            walk(node.get("additionalProperties"), path + ".*", rows);
        }
    }

    private static String type(JsonNode node) {
        JsonNode t = node.path("type");
        if (t.isArray()) {
            List<String> types = new ArrayList<>();
            t.forEach(x -> types.add(x.asText()));
            return String.join(" or ", types);
        }
        String type = t.asText("");
        if (type.isEmpty() && node.has("const")) {
            return "const " + node.get("const");
        }
        return type.equals("array") && node.path("items").has("type") ? "array of " + type(node.get("items")) : type;
    }

    private static StringBuilder page(String title, String about) {
        return new StringBuilder("# ").append(title).append("\n\n<!-- ").append(ReferencePages.REGENERATE)
                .append(" -->\n\n").append(about).append("\n\n");
    }
}
