package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The metrics of consumer groups, lag, throttling and replication (issue 22, item 7) of a saved capture against its
 * report's sections, series for series: {@code kwire_consumer_lag_records} = {@code consumer_lag}'s fetch
 * {@code last} and committed {@code lag}; {@code kwire_rebalances_total} = the {@code consumer_groups} rebalances by
 * group and first cause, {@code kwire_rebalance_duration_seconds} their durations; the throttle counters = the
 * {@code load} section's throttled responses and {@code ThrottleTimeMs} per client_id and API, and per broker;
 * {@code kwire_replication_lag_records} = {@code replication}'s follower and metadata-log {@code lag[].last}. For
 * captures whose label values stay within their bounds (no {@code other}).
 */
final class ReportMetrics {

    private ReportMetrics() {
    }

    /** Asserts the metrics {@code m} are the report's sections; {@code what} names the capture. */
    static void assertSameAsReport(Map<String, Double> m, JsonNode report, String what) {
        Map<String, Double> fetch = new TreeMap<>();
        Map<String, Double> committed = new TreeMap<>();
        for (JsonNode f : report.path("consumer_lag").path("fetch")) {
            fetch.merge(String.join(" ", f.get("client_id").asText(), text(f.get("group")), f.get("topic").asText(),
                    f.get("partition").asText()), f.get("last").asDouble(), Math::max);
        }
        for (JsonNode c : report.path("consumer_lag").path("committed")) {
            if (!c.get("lag").isNull()) {
                committed.put(String.join(" ", c.get("group").asText(), c.get("topic").asText(),
                        c.get("partition").asText()), c.get("lag").asDouble());
            }
        }
        assertEquals(fetch, series(m, "kwire_consumer_lag_records{", "kind", "fetch", "client_id", "group", "topic",
                "partition"), what + ": fetch lag");
        assertEquals(committed, series(m, "kwire_consumer_lag_records{", "kind", "committed", "group", "topic",
                "partition"), what + ": committed lag");

        Map<String, Double> rebalances = new TreeMap<>();
        Map<String, Double> ended = new TreeMap<>();
        Map<String, Double> seconds = new TreeMap<>();
        for (JsonNode g : report.path("consumer_groups").path("groups")) {
            String group = g.get("group_id").asText();
            for (JsonNode r : g.get("rebalances")) {
                JsonNode causes = r.get("causes");
                rebalances.merge(group + " " + (causes.isEmpty() ? "unknown" : causes.get(0).get("cause").asText()), 1.0,
                        Double::sum);
                if (!r.get("duration_ms").isNull()) {
                    ended.merge(group, 1.0, Double::sum);
                    seconds.merge(group, r.get("duration_ms").asDouble() / 1000, Double::sum);
                }
            }
        }
        assertEquals(rebalances, series(m, "kwire_rebalances_total{", null, null, "group", "cause"),
                what + ": rebalances by group and first cause");
        assertEquals(ended, series(m, "kwire_rebalance_duration_seconds_count{", null, null, "group"),
                what + ": rebalances that ended");
        Map<String, Double> sums = series(m, "kwire_rebalance_duration_seconds_sum{", null, null, "group");
        assertEquals(seconds.keySet(), sums.keySet(), what);
        // the report gives milliseconds to the microsecond: half a microsecond per rebalance
        seconds.forEach((g, s) -> assertEquals(s, sums.get(g), 5e-7 * ended.get(g) + 1e-9, what + ": durations of " + g));

        Map<String, Double> throttled = new TreeMap<>();
        Map<String, Double> throttleMs = new TreeMap<>();
        for (JsonNode c : report.path("load").path("clients")) {
            for (JsonNode a : c.get("apis")) {
                JsonNode t = a.get("throttle");
                if (t.get("throttled").asLong() > 0) {
                    String key = text(c.get("client_id")) + " " + a.get("api").asText();
                    throttled.merge(key, t.get("throttled").asDouble(), Double::sum);
                    throttleMs.merge(key, t.get("throttle_time_ms").asDouble(), Double::sum);
                }
            }
        }
        Map<String, Double> byBroker = new TreeMap<>();
        for (JsonNode b : report.path("load").path("brokers")) {
            if (b.get("throttle").get("throttled").asLong() > 0) {
                byBroker.put(b.get("broker").asText(), b.get("throttle").get("throttled").asDouble());
            }
        }
        assertEquals(throttled, series(m, "kwire_throttled_responses_total{", null, null, "client_id", "api"),
                what + ": throttled responses");
        Map<String, Double> ms = new TreeMap<>();
        series(m, "kwire_throttle_time_seconds_total{", null, null, "client_id", "api")
                .forEach((k, v) -> ms.put(k, (double) Math.round(v * 1000)));
        assertEquals(throttleMs, ms, what + ": throttle time, ms");
        assertEquals(byBroker, series(m, "kwire_throttled_responses_total{", null, null, "broker"),
                what + ": throttled responses per broker");

        Map<String, Double> replication = new TreeMap<>();
        for (String kind : new String[] {"followers", "metadata_log"}) {
            for (JsonNode l : report.path("replication").path(kind)) {
                for (JsonNode lag : l.get("lag")) {
                    replication.put(String.join(" ", l.get("broker").asText(), l.get("replica_id").asText(),
                            lag.get("topic").asText(), lag.get("partition").asText()), lag.get("last").asDouble());
                }
            }
        }
        assertEquals(replication, series(m, "kwire_replication_lag_records{", null, null, "broker", "replica_id",
                "topic", "partition"), what + ": replication lag");
    }

    /**
     * The samples of one metric (series starting with {@code prefix}) with {@code label=value} (any if null), added
     * up by the values of {@code by}, joined by spaces.
     */
    static Map<String, Double> series(Map<String, Double> m, String prefix, String label, String value, String... by) {
        Map<String, Double> out = new TreeMap<>();
        m.forEach((series, v) -> {
            if (series.startsWith(prefix)) {
                Map<String, String> labels = Exposition.labels(series);
                if (label == null || value.equals(labels.get(label))) {
                    java.util.List<String> key = new java.util.ArrayList<>();
                    for (String b : by) {
                        key.add(labels.get(b));
                    }
                    out.merge(String.join(" ", key), v, Double::sum);
                }
            }
        });
        return out;
    }

    /** A JSON string, "" for null. */
    private static String text(JsonNode n) {
        return n == null || n.isNull() ? "" : n.asText();
    }
}
