package org.kwire.metrics;

import org.junit.jupiter.api.Test;
import org.kwire.report.GroupTies;
import org.kwire.report.LagFacts;
import org.kwire.report.LagPart;
import org.kwire.summary.TopicNames;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The lag gauges' bounds, which real traffic of the test suite does not reach: label values past their bounds folded
 * under {@code other} at the largest lag; at most {@link LagMetrics#MAX_SERIES} facts of a kind; facts not updated for
 * the expiry dropped, but a committed offset kept while its partition's high watermark is seen. The facts are those
 * {@link LagFacts} gives (their rules are checked on real traffic in analyzer-cli's tests).
 */
class LagMetricsTest {

    private static final long S = 1_000_000_000L;

    private final AtomicLong now = new AtomicLong();

    private LagMetrics lag(int clients) {
        Labels labels = new Labels(limiter(clients), limiter(50), limiter(50), limiter(50), limiter(50));
        return new LagMetrics(new GroupTies(100), new TopicNames(), labels, now::get);
    }

    private LabelLimiter limiter(int max) {
        return new LabelLimiter(max, 0, now::get, v -> { });
    }

    private static LagPart.FetchLag fetch(String client, int partition, long lag) {
        return new LagPart.FetchLag(client, "10.0.0.1", "t", partition, LagFacts.HIGH_WATERMARK, 1, lag, lag, lag, 1, lag,
                0, lag, 1);
    }

    private static Map<String, Double> consumerLag(LagMetrics l) {
        Map<String, Double> out = new TreeMap<>();
        l.consumerLag((v, labels) -> out.put(String.join(" ", labels), v));
        return out;
    }

    @Test
    void clientsPastTheBoundShowTheLargestLagAmongThemUnderOther() {
        LagMetrics l = lag(1);
        l.consumer(fetch("a", 0, 5));
        l.consumer(fetch("b", 0, 7));
        l.consumer(fetch("c", 0, 3));
        l.consumer(fetch("c", 1, 9));
        assertEquals(Map.of("fetch  a t 0", 5.0, "fetch  other t 0", 7.0, "fetch  other t 1", 9.0), consumerLag(l));
    }

    @Test
    void atMostMaxSeriesFactsOfAKind() {
        LagMetrics l = lag(1);
        for (int p = 0; p <= LagMetrics.MAX_SERIES; p++) {
            l.consumer(fetch("a", p, p));
        }
        assertEquals(LagMetrics.MAX_SERIES, consumerLag(l).size());
        l.consumer(fetch("a", 0, 42));
        assertEquals(42.0, consumerLag(l).get("fetch  a t 0"), "a kept fact is still updated");
    }

    @Test
    void committedOffsetsStayWhileTheirHighWatermarkIsSeen() {
        LagMetrics l = lag(50);
        l.commit(new LagPart.Commit("g", "t", 0, 100, 1, 1));
        l.commit(new LagPart.Commit("g", "t", 1, 100, 1, 1));
        l.watermark(new LagPart.Watermark("t", 0, 150, -1, 2));
        l.watermark(new LagPart.Watermark("t", 1, 120, -1, 2));
        l.consumer(fetch("a", 0, 50));
        now.set(700 * S);
        l.watermark(new LagPart.Watermark("t", 0, 400, -1, 3)); // the group stopped committing; producers go on
        l.expire(now.get() - 600 * S);
        assertEquals(Map.of("committed g  t 0", 300.0), consumerLag(l),
                "partition 0's lag grows on; partition 1's high watermark and the fetch lag were not seen for 600 s");
    }
}
