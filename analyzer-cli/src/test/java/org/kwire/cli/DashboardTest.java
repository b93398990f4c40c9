package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.metrics.CaptureCounts;
import org.kwire.metrics.CaptureHealthMetrics;
import org.kwire.metrics.KwireMetrics;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Grafana dashboard (docs/grafana/kwire.json) and the alerting rules (docs/prometheus/kwire-alerts.yml): valid
 * JSON and YAML, every query valid PromQL ({@code promtool check rules}) and naming only metrics kwire exports; every
 * alert fired by the rules' unit tests (docs/prometheus/kwire-alerts.test.yml, {@code promtool test rules}).
 */
class DashboardTest {

    private static final Path ROOT = Path.of(System.getProperty("kwire.testCaptures")).getParent();
    private static final Pattern METRIC = Pattern.compile("\\bkwire_[a-z_]+\\b");

    /** Every series name kwire exports: counters with _total, histograms with _bucket, _count and _sum. */
    static Set<String> exported() {
        PrometheusRegistry registry = new PrometheusRegistry();
        new KwireMetrics(registry);
        CaptureHealthMetrics.register(registry, () -> new CaptureCounts(0, 0, 0, 0, 0, 0, 0, 0, 0));
        Set<String> names = new TreeSet<>();
        for (MetricSnapshot s : registry.scrape()) {
            String name = s.getMetadata().getPrometheusName();
            if (s instanceof CounterSnapshot) {
                names.add(name + "_total");
            } else if (s instanceof HistogramSnapshot) {
                names.addAll(List.of(name + "_bucket", name + "_count", name + "_sum"));
            } else {
                names.add(name);
            }
        }
        return names;
    }

    private static List<String> metrics(String expr) {
        List<String> names = new ArrayList<>();
        Matcher m = METRIC.matcher(expr);
        while (m.find()) {
            names.add(m.group());
        }
        return names;
    }

    @Test
    void theDashboardQueriesOnlyExportedMetricsInValidPromQl(@TempDir Path dir) throws Exception {
        JsonNode dash = new ObjectMapper().readTree(ROOT.resolve("docs/grafana/kwire.json").toFile());
        assertEquals("kwire-kafka-wire", dash.get("uid").asText());
        Set<String> exported = exported();
        List<String> titles = new ArrayList<>();
        StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
        int n = 0;
        for (JsonNode panel : dash.get("panels")) {
            titles.add(panel.get("title").asText());
            assertTrue(panel.get("targets").size() > 0, panel.get("title").asText());
            for (JsonNode target : panel.get("targets")) {
                String expr = target.get("expr").asText();
                List<String> names = metrics(expr);
                assertFalse(names.isEmpty(), expr);
                for (String name : names) {
                    assertTrue(exported.contains(name), name + " in " + expr + " is not exported; kwire exports " + exported);
                }
                String promql = expr.replace("$__rate_interval", "1m").replace("$instance", ".*");
                rules.append("      - record: kwire:dashboard:").append(n++).append("\n        expr: '")
                        .append(promql.replace("'", "''")).append("'\n");
            }
        }
        assertTrue(titles.containsAll(List.of("Request rate by API", "Request rate by client_id", "Latency p50 by API",
                "Latency p99 by API", "Error rate by error name", "Top topics by throughput", "Capture drops",
                "Consumer lag by group and partition", "Consumer fetch lag by client_id", "Rebalances by group and cause",
                "Rebalance duration p50 and p99 by group", "Throttle time by client_id", "Replication lag by follower")),
                titles.toString());
        Path file = dir.resolve("dashboard-queries.yml");
        Files.writeString(file, rules);
        Promtool.check(null, "check", "rules", file.toString()); // every query parses as PromQL
    }

    @Test
    void theAlertingRulesAreValidAndUseExportedMetrics() throws Exception {
        Path file = ROOT.resolve("docs/prometheus/kwire-alerts.yml");
        JsonNode doc = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        Set<String> exported = exported();
        List<String> alerts = new ArrayList<>();
        for (JsonNode rule : doc.get("groups").get(0).get("rules")) {
            alerts.add(rule.get("alert").asText());
            assertFalse(rule.path("labels").path("severity").asText().isEmpty(), rule.toString());
            assertFalse(rule.path("annotations").path("summary").asText().isEmpty(), rule.toString());
            for (String name : metrics(rule.get("expr").asText())) {
                assertTrue(exported.contains(name), name + " is not exported");
            }
        }
        assertEquals(List.of("KafkaErrorRateHigh", "KafkaRequestLatencyP99High", "KwireCaptureDropping",
                "KafkaRecordBatchCrcFailures", "KafkaConsumerLagHigh", "KafkaConsumerLagGrowing",
                "KafkaConsumerGroupRebalanceStorm", "KafkaClientThrottled", "KafkaFollowerLagHigh"), alerts);
        assertTrue(Promtool.check(null, "check", "rules", file.toString()).contains("SUCCESS: 9 rules found"));
    }

    /**
     * {@code promtool test rules} of the rules' unit tests passes, and they make every alert fire from input series
     * named as kwire exports them (and check where it must not: a steady lag is not growing, a fetch lag is not a
     * group's committed lag, a follower past the high watermark is not behind).
     */
    @Test
    void theAlertingRulesUnitTestsFireEveryAlert() throws Exception {
        Path rules = ROOT.resolve("docs/prometheus/kwire-alerts.yml");
        Path tests = ROOT.resolve("docs/prometheus/kwire-alerts.test.yml");
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        Set<String> alerts = new TreeSet<>();
        yaml.readTree(rules.toFile()).get("groups").get(0).get("rules").forEach(r -> alerts.add(r.get("alert").asText()));
        Set<String> fired = new TreeSet<>();
        Set<String> exported = exported();
        for (JsonNode test : yaml.readTree(tests.toFile()).get("tests")) {
            for (JsonNode series : test.get("input_series")) {
                String name = series.get("series").asText().replaceAll("\\{.*", "");
                assertTrue(exported.contains(name), name + " in the unit tests is not exported");
            }
            for (JsonNode t : test.get("alert_rule_test")) {
                if (t.path("exp_alerts").size() > 0) {
                    fired.add(t.get("alertname").asText());
                }
            }
        }
        assertEquals(alerts, fired, "every alert fires in a unit test");
        String out = Promtool.check(null, "test", "rules", tests.toString());
        assertTrue(out.contains("SUCCESS"), out);
    }

    @Test
    void everyExportedMetricIsInTheReference() throws Exception {
        String guide = Files.readString(ROOT.resolve("docs/reference/metrics.md"));
        for (String name : exported()) {
            String base = name.replaceAll("_(bucket|count|sum)$", "");
            assertTrue(guide.contains("`" + base + "`"), base + " is missing from docs/reference/metrics.md");
        }
    }
}
