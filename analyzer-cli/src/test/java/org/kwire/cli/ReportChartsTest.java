package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The charts and the at-a-glance box of {@code kwire report}'s page, on reports of real captures: every mark is the
 * report's number, p50/p99/max are told apart, a single exchange is a point, topics keep their colors over time.
 */
class ReportChartsTest {

    @TempDir
    static Path dir;
    private static JsonNode report;
    private static Document page;

    @BeforeAll
    static void renderJavaBasic() throws IOException {
        Path javaBasic = ReportPages.report(dir, "java-basic.pcap");
        report = ReportPages.json(javaBasic);
        page = ReportPages.parse(ReportPages.page(javaBasic));
    }

    @Test
    void topicChartStacksProducedAndFetchedBytes() {
        assertEquals(List.of(
                "basic-alpha · produced: 4,268 bytes", "basic-alpha · fetched: 4,268 bytes",
                "basic-beta · produced: 4,253 bytes", "basic-beta · fetched: 4,253 bytes"), tooltips("topics"));
        assertEquals(List.of("8,536", "8,506"), page.select("svg[data-chart=topics] text.value").eachText());
        assertEquals(List.of(
                List.of("basic-alpha", "7GC2duJITZCpZaFRWQ20yQ", "3",
                        "CreateTopics: 1, DeleteTopics: 1, DescribeTopicPartitions: 1, Fetch: 2, ListOffsets: 1, Metadata: 8, OffsetCommit: 1, OffsetFetch: 3, Produce: 5",
                        "50", "4,268", "50", "4,268", "0"),
                List.of("basic-beta", "g1YyoWZhTXSFapOvsPA7tA", "3",
                        "CreateTopics: 1, DeleteTopics: 1, DescribeTopicPartitions: 1, Fetch: 2, ListOffsets: 1, Metadata: 8, OffsetCommit: 1, OffsetFetch: 3, Produce: 5",
                        "50", "4,253", "50", "4,253", "0")),
                ReportPages.cells(page, "table-topics"));
    }

    /**
     * The rate chart draws every request of request_rate: 73 requests in four 1 s buckets, the eight busiest APIs in
     * their own color and the other eleven stacked as one "other" series; a mark per non-empty (series, bucket).
     */
    @Test
    void rateChartDrawsEveryRequestOfTheRequestRate() {
        List<String> tips = tooltips("rate");
        long drawn = 0;
        Pattern count = Pattern.compile(": (\\d+) requests?$");
        for (String t : tips) {
            Matcher m = count.matcher(t);
            assertTrue(m.find(), t);
            drawn += Long.parseLong(m.group(1));
        }
        assertEquals(73, drawn);
        assertEquals(20, tips.size());
        assertEquals("17:28:42 UTC +1 s · ApiVersions: 2 requests", tips.get(0));
        assertEquals(List.of("ApiVersions", "Metadata", "Produce", "InitProducerId", "FindCoordinator", "Fetch", "OffsetFetch",
                "DescribeCluster", "other (11 APIs)"), page.select("#chart-rate .legend li").eachText());
        assertEquals(List.of("17:28:42", "17:28:43", "17:28:44", "17:28:45"),
                page.select("svg[data-chart=rate] text.tick").eachText().subList(5, 9)); // after the y ticks 0..40
    }

    /**
     * Per API with several timed exchanges a range from fastest to slowest, a p50 dot, a p99 diamond and a max tick
     * (9 APIs of java-basic.pcap); an API answered once is one dark dot (the other 10); the values after each row.
     */
    @Test
    void latencyChartDrawsP50P99AndMaxApartAndASingleExchangeAsAPoint() {
        List<String> tips = tooltips("latency");
        assertEquals(9 * 4 + 10, tips.size());
        assertEquals(List.of("Fetch fastest 62.9 ms (62,932 µs), slowest 446.2 ms (446,232 µs) (2 exchanges)",
                "Fetch p50: 62.9 ms (62,943 µs)", "Fetch p99: 446.2 ms (446,232 µs)", "Fetch max: 446.2 ms (446,232 µs)",
                "ListOffsets (a single exchange): 24.7 ms (24,658 µs)"), tips.subList(4, 9));
        Elements chart = page.select("svg[data-chart=latency]");
        assertEquals(9, chart.select("circle.mark[fill=#3b6fb6]").size(), "p50 dots");
        assertEquals(9, chart.select("polygon.mark[fill=#e07b39]").size(), "p99 diamonds");
        assertEquals(9, chart.select("rect.mark[fill=#c8475b]").size(), "max ticks");
        assertEquals(10, chart.select("circle.mark[fill=#1f2630]").size(), "single exchanges");
        assertEquals(List.of("p50 (median)", "p99", "max (slowest)", "fastest to slowest", "a single exchange"),
                page.select("#chart-latency .legend li").eachText());
        assertEquals(List.of("circle", "diamond", "tick", "range", "circle"), page.select("#chart-latency .legend .swatch")
                .stream().map(e -> e.className().replace("swatch ", "")).toList());
        assertEquals("p50 62.9 · p99 446.2 · max 446.2 ms (2)", chart.select("text.value").get(1).text());
        assertEquals("24.7 ms (1)", chart.select("text.value").get(2).text());
        assertEquals(List.of("1 ms", "10 ms", "100 ms", "1 s"), chart.select("text.tick").eachText());
    }

    /**
     * End-to-end latency per topic (the report's {@code end_to_end}, which EndToEndTest checks against the wire): per
     * topic of java-basic.pcap its 14 delivered batches from fastest to slowest, p50 and p99 (here the max) as the
     * report gives them, the slowest topic at p99 first.
     */
    @Test
    void endToEndChartDrawsTheReportsPercentilesPerTopic() {
        List<String> tips = new java.util.ArrayList<>();
        for (JsonNode t : report.get("end_to_end").get("topics")) {
            JsonNode l = t.get("latency");
            String topic = t.get("topic").asText() + " ";
            tips.add(topic + "fastest " + ms(l.get("min")) + ", slowest " + ms(l.get("max")) + " (14 batches)");
            tips.add(topic + "p50: " + ms(l.get("p50")));
            tips.add(topic + "p99: " + ms(l.get("p99")));
            tips.add(topic + "max: " + ms(l.get("max")));
        }
        assertEquals(List.of("basic-alpha fastest 745.7 ms (745,709 µs), slowest 1,412.3 ms (1,412,277 µs) (14 batches)",
                "basic-alpha p50: 1,058.8 ms (1,058,815 µs)", "basic-alpha p99: 1,412.3 ms (1,412,277 µs)",
                "basic-alpha max: 1,412.3 ms (1,412,277 µs)"), tips.subList(0, 4));
        assertEquals(tips, tooltips("end-to-end"));
    }

    private static String ms(JsonNode micros) {
        return org.kwire.text.Units.ms(micros.asLong()) + " ms (" + org.kwire.text.Units.count(micros.asLong()) + " µs)";
    }

    /** Bytes per topic per second as produced and fetched, each topic the same color in both charts. */
    @Test
    void throughputChartsDrawEachTopicsBytesOverTime() {
        assertEquals(List.of("17:28:43 UTC +1 s · basic-alpha: 3,559 bytes (3.5 KiB)",
                "17:28:43 UTC +1 s · basic-beta: 3,545 bytes (3.5 KiB)", "17:28:44 UTC +1 s · basic-alpha: 709 bytes (709 B)",
                "17:28:44 UTC +1 s · basic-beta: 708 bytes (708 B)"), tooltips("throughput-produced"));
        assertEquals(List.of("17:28:44 UTC +1 s · basic-alpha: 4,268 bytes (4.2 KiB)",
                "17:28:44 UTC +1 s · basic-beta: 4,253 bytes (4.2 KiB)"), tooltips("throughput-fetched"));
        for (String chart : List.of("produced", "fetched")) {
            assertEquals(List.of("basic-alpha", "basic-beta"), page.select("#chart-throughput-" + chart + " .legend li").eachText());
            assertEquals(List.of("background:#3b6fb6", "background:#e07b39"),
                    page.select("#chart-throughput-" + chart + " .legend .swatch").eachAttr("style"));
        }
        assertEquals(List.of("0", "2 k", "4 k", "6 k", "8 k"),
                page.select("svg[data-chart=throughput-produced] text.tick").eachText().subList(0, 5));
    }

    /** The box at the top: a tile per thing to check, red when it needs a look, each linking to its section. */
    @Test
    void atAGlanceBoxSaysWhatToLookAt() throws IOException {
        assertEquals(List.of("73 | requests | 73 responses, 19 APIs",
                "0 | clients Kafka 4.0 refuses | every request version is accepted",
                "5.5 % | error rate | 4 of 73 responses carried 4 error codes, in 4 APIs",
                "0 | unmatched | 0 requests without response, 0 responses without request",
                "0 | warnings | 0 malformed frames, 0 incomplete", "0 | CRC failures | of 56 record batches checked",
                "446.2 ms | slowest | Fetch v18, frames 284-288"), tiles(page));
        assertEquals(List.of("tile ok", "tile ok", "tile look", "tile ok", "tile ok", "tile ok", "tile ok"),
                page.select("#glance li").eachAttr("class"));
        for (Element a : page.select("#glance a")) {
            assertEquals(1, page.select(a.attr("href")).size(), a.attr("href"));
        }
        Document damaged = ReportPages.parse(ReportPages.page(ReportPages.report(dir, "java-basic-drop3.pcap")));
        assertEquals(List.of("68 | requests | 69 responses, 19 APIs",
                "0 | clients Kafka 4.0 refuses | every request version is accepted",
                "5.8 % | error rate | 4 of 69 responses carried 4 error codes, in 4 APIs",
                "6 | unmatched | 1 request without response, 5 responses without request",
                "6 | warnings | 0 malformed frames, 0 incomplete", "0 | CRC failures | of 56 record batches checked",
                "446.2 ms | slowest | Fetch v18, frames 275-279"), tiles(damaged));
        assertEquals(List.of("tile ok", "tile ok", "tile look", "tile look", "tile look", "tile ok", "tile ok"),
                damaged.select("#glance li").eachAttr("class"));
    }

    /** A report of an older kwire, without the per-topic rate: the throughput charts say so in words. */
    @Test
    void aReportWithoutTheTopicRateSaysSo() throws IOException {
        ObjectNode r = (ObjectNode) report.deepCopy();
        r.remove("topic_rate");
        Path older = dir.resolve("older.json");
        Files.writeString(older, new ObjectMapper().writeValueAsString(r), StandardCharsets.UTF_8);
        Document d = ReportPages.parse(ReportPages.page(older));
        String said = "This report has no per-topic rate (it was written by an older kwire).";
        assertEquals(List.of(said, said), d.select("#chart-throughput-produced p.empty, #chart-throughput-fetched p.empty")
                .eachText());
        assertEquals(7, d.select("svg.chart").size()); // with the lag and end-to-end charts
    }

    /**
     * The lag chart of basic-group: its committed lag in the one 1 s bucket of its samples (its six partitions' lags,
     * all 0, added up) and basic-consumer's fetch lag there (the most of its partitions, basic-alpha-0's 19), each
     * the report's; a report without lag over time (an older kwire's) says so instead.
     */
    @Test
    void lagOverTimePerGroup() throws IOException {
        JsonNode over = report.at("/consumer_lag/over_time");
        long committed = 0;
        for (JsonNode c : over.get("committed")) {
            committed += c.get("lag").get(0).asLong();
        }
        long fetch = 0;
        for (JsonNode f : over.get("fetch")) {
            fetch = Math.max(fetch, f.get("max_lag").get(0).asLong());
        }
        assertEquals(List.of(0L, 19L), List.of(committed, fetch));
        assertEquals(List.of("17:28:44 UTC +1 s · committed lag: 0 records behind",
                "17:28:44 UTC +1 s · fetch lag of basic-consumer (127.0.0.1): 19 records behind"), tooltips("lag-1"));
        assertEquals(List.of("Lag of group basic-group over time"), page.select("#lag figcaption").eachText());
        assertEquals(6, ReportPages.cells(page, "table-fetch-lag").size());

        ObjectNode r = (ObjectNode) report.deepCopy();
        ((ObjectNode) r.get("consumer_lag")).remove("over_time");
        Path older = dir.resolve("older-lag.json");
        Files.writeString(older, new ObjectMapper().writeValueAsString(r), StandardCharsets.UTF_8);
        Document d = ReportPages.parse(ReportPages.page(older));
        assertEquals(List.of("This report has no lag over time (it was written by an older kwire)."),
                d.select("#lag p.empty").eachText());
    }

    /** Other real captures: every chart draws marks, or says in words why it has none. */
    @ParameterizedTest
    @CsvSource({"kcat.pcap, 9092, 10", "sasl-plain.pcap, 9094, 9", "tls.pcap, 9095, 0", "nDPI-kafka.pcapng, 9092, 4",
            "java-basic-snap128.pcap, 9092, 3", "deepflow-01-fetch-v12-unknown.pcap, 9092, 2"})
    void otherCapturesRender(String capture, int port, int charts) throws IOException {
        Path json = ReportPages.report(dir, capture, "--port", Integer.toString(port));
        Document d = ReportPages.parse(ReportPages.page(json));
        assertEquals(charts, d.select("svg.chart").size());
        for (Element figure : d.select("figure.chart-figure")) {
            boolean drawn = !figure.select("svg.chart .mark").isEmpty();
            assertTrue(drawn ^ !figure.select("p.empty").isEmpty(), figure.id());
        }
        assertEquals(ReportPages.json(json).get("apis").size(), ReportPages.cells(d, "table-apis").size());
    }

    /** Each tile of the at-a-glance box: its value, label and detail. */
    private static List<String> tiles(Document d) {
        return d.select("#glance li").stream().map(li -> String.join(" | ", li.select("span").eachText())).toList();
    }

    private static List<String> tooltips(String chart) {
        return ReportPages.tooltips(page, chart);
    }
}
