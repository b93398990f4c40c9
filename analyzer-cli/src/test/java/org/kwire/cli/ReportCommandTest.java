package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kwire.html.ReportPage;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire report} on reports of real captures: the page's tables carry the report's numbers exactly, its charts
 * draw them, user data is escaped, and bad input is one line with exit code 3 (2 for usage errors).
 */
class ReportCommandTest {

    @TempDir
    static Path dir;
    private static Path javaBasic;
    private static JsonNode report;
    private static Document page;

    @BeforeAll
    static void renderJavaBasic() throws IOException {
        javaBasic = ReportPages.report(dir, "java-basic.pcap");
        report = ReportPages.json(javaBasic);
        page = ReportPages.parse(ReportPages.page(javaBasic));
    }

    @Test
    void captureTableHasTheCapturesFacts() {
        assertEquals(List.of(
                List.of("files", javaBasicPath()),
                List.of("packets", "340"),
                List.of("capture bytes", "75770"),
                List.of("first packet (UTC)", "2026-11-29T17:28:42.135951Z"),
                List.of("last packet (UTC)", "2026-11-29T17:28:45.763373Z"),
                List.of("TCP connections", "17"),
                List.of("Kafka connections", "17"),
                List.of("Kafka frames", "146"),
                List.of("malformed frames", "0"),
                List.of("incomplete frames", "0"),
                List.of("responses without request", "0")), ReportPages.cells(page, "table-capture"));
    }

    private static String javaBasicPath() {
        return report.get("capture").get("files").get(0).asText();
    }

    @Test
    void apiTableHasEveryApiWithTheReportsExactNumbers() {
        List<List<String>> rows = ReportPages.cells(page, "table-apis");
        assertEquals(19, rows.size());
        List<List<String>> expected = new ArrayList<>();
        for (JsonNode a : report.get("apis")) {
            JsonNode l = a.get("latency_us");
            List<String> versions = new ArrayList<>();
            a.get("versions").fields().forEachRemaining(v -> versions.add(v.getKey() + ": " + v.getValue().asText()));
            long errors = 0;
            for (JsonNode e : a.get("errors")) {
                errors += e.get("count").asLong();
            }
            expected.add(List.of(a.get("api_key").asText(), a.get("name").asText(), String.join(", ", versions),
                    a.get("requests").asText(), a.get("responses").asText(), a.get("unmatched_requests").asText(),
                    a.get("unmatched_responses").asText(), l.get("count").asText(), l.get("min").asText(),
                    l.get("p50").asText(), l.get("p90").asText(), l.get("p99").asText(), l.get("max").asText(),
                    a.get("request_bytes").asText(), a.get("response_bytes").asText(), Long.toString(errors)));
        }
        assertEquals(expected, rows);
        // spot checks against the capture's truth (AnalyzeCommandTest) rather than the report itself
        assertEquals(List.of("3", "Metadata", "13: 16", "16", "16", "0", "0", "16"), rows.get(3).subList(0, 8));
        // the consumer's third Fetch waited its MaxWaitMs (500) for nothing: a long-poll, out of the latencies
        assertEquals(List.of("1", "Fetch", "18: 3", "3", "3", "0", "0", "2", "62932", "62943", "446232", "446232", "446232",
                "630", "8848", "0"), rows.get(1));
    }

    @Test
    void errorTableAndChartHaveTheFourErrorCodes() {
        assertEquals(List.of(
                List.of("FindCoordinator", "15", "COORDINATOR_NOT_AVAILABLE", "1", ""),
                List.of("JoinGroup", "79", "MEMBER_ID_REQUIRED", "1", ""),
                List.of("InitProducerId", "14", "COORDINATOR_LOAD_IN_PROGRESS", "1", ""),
                List.of("ConsumerGroupDescribe", "69", "GROUP_ID_NOT_FOUND", "1", "")), ReportPages.cells(page, "table-errors"));
        assertEquals(List.of(
                "FindCoordinator: COORDINATOR_NOT_AVAILABLE (15) · occurrences: 1",
                "JoinGroup: MEMBER_ID_REQUIRED (79) · occurrences: 1",
                "InitProducerId: COORDINATOR_LOAD_IN_PROGRESS (14) · occurrences: 1",
                "ConsumerGroupDescribe: GROUP_ID_NOT_FOUND (69) · occurrences: 1"), tooltips("errors"));
    }

    @Test
    void topicChartStacksProducedAndFetchedBytes() {
        assertEquals(List.of(
                "basic-alpha · produced: 4268 bytes", "basic-alpha · fetched: 4268 bytes",
                "basic-beta · produced: 4253 bytes", "basic-beta · fetched: 4253 bytes"), tooltips("topics"));
        assertEquals(List.of("8536", "8506"), page.select("svg[data-chart=topics] text.value").eachText());
        assertEquals(List.of(
                List.of("basic-alpha", "7GC2duJITZCpZaFRWQ20yQ", "3",
                        "CreateTopics: 1, DeleteTopics: 1, DescribeTopicPartitions: 1, Fetch: 2, ListOffsets: 1, Metadata: 8, OffsetCommit: 1, OffsetFetch: 3, Produce: 5",
                        "50", "4268", "50", "4268", "0"),
                List.of("basic-beta", "g1YyoWZhTXSFapOvsPA7tA", "3",
                        "CreateTopics: 1, DeleteTopics: 1, DescribeTopicPartitions: 1, Fetch: 2, ListOffsets: 1, Metadata: 8, OffsetCommit: 1, OffsetFetch: 3, Produce: 5",
                        "50", "4253", "50", "4253", "0")),
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
        Pattern count = Pattern.compile(": (\\d+) requests$");
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

    @Test
    void latencyChartHasFiveBarsPerApiWithTheReportsValues() {
        List<String> tips = tooltips("latency");
        assertEquals(19 * 5, tips.size());
        assertEquals(List.of("Fetch min: 62932 µs (62.9 ms)", "Fetch p50: 62943 µs (62.9 ms)",
                "Fetch p90: 446232 µs (446.2 ms)", "Fetch p99: 446232 µs (446.2 ms)", "Fetch max: 446232 µs (446.2 ms)"),
                tips.subList(5, 10));
        assertEquals(List.of("1 ms", "10 ms", "100 ms", "1 s"), page.select("svg[data-chart=latency] text.tick").eachText());
    }

    @Test
    void connectionClientAndSlowestTablesHaveOneRowPerEntry() {
        List<List<String>> connections = ReportPages.cells(page, "table-connections");
        assertEquals(17, connections.size());
        assertEquals(List.of("0", "127.0.0.1:45760", "127.0.0.1:9092", "kafka", "basic-admin", "2", "2", "86", "945"),
                connections.get(0));
        List<List<String>> clients = ReportPages.cells(page, "table-clients");
        assertEquals(report.get("clients").size(), clients.size());
        assertEquals(List.of("basic-admin", "4", "19", "19", "866", "7503", "1"), clients.get(0).subList(0, 7));
        List<List<String>> slowest = ReportPages.cells(page, "table-slowest");
        assertEquals(10, slowest.size());
        assertEquals(List.of("446232", "Fetch", "18", "18", "284", "288", "2026-11-29T17:28:44.954064Z", "13",
                "127.0.0.1:45866", "127.0.0.1:9092", "basic-consumer"), slowest.get(0));
    }

    @Test
    void aCleanCaptureHasNoWarningsAndNoCrcOrPartialBatchSections() {
        assertTrue(page.select("#crc-failures, #partial-batches").isEmpty());
        assertEquals("No warnings.", page.select("#warnings .empty").text());
    }

    @Test
    void thePageIsSelfContained() throws IOException {
        String html = Files.readString(javaBasic.resolveSibling(javaBasic.getFileName() + ".html"));
        for (String external : List.of("<script", "<link", "<img", "<iframe", " src=", " href=", "url(", "@import")) {
            assertFalse(html.contains(external), external);
        }
        assertEquals(ReportPage.CONTENT_SECURITY_POLICY,
                page.select("meta[http-equiv=Content-Security-Policy]").attr("content"));
        assertEquals(4, page.select("svg.chart").size());
    }

    @Test
    void userDataIsEscaped() throws IOException {
        ObjectNode r = (ObjectNode) report.deepCopy();
        String topic = "<script>alert('t')</script> & \"q\"";
        String clientId = "<img src=x onerror=alert(1)>";
        ((ObjectNode) r.get("topics").get(0)).put("topic", topic);
        String longTopic = "<long>".repeat(20);
        ((ObjectNode) r.get("topics").get(1)).put("topic", longTopic);
        ((ObjectNode) r.get("clients").get(0)).put("client_id", clientId);
        ((ArrayNode) r.get("capture").get("files")).set(0, "</title><b>x");
        Document d = ReportPages.parse(ReportPages.page(write("escaped.json", r)));
        String html = d.outerHtml();
        assertFalse(html.contains("<script") || html.contains("<img") || html.contains("<b>"), html);
        assertEquals(topic, ReportPages.cells(d, "table-topics").get(0).get(0));
        List<Element> labels = d.select("svg[data-chart=topics] text.label");
        assertEquals(topic, labels.get(0).text());
        assertEquals(longTopic.substring(0, 63) + "…", labels.get(1).ownText()); // cut, whole in its tooltip
        assertEquals(longTopic, labels.get(1).selectFirst("title").text());
        assertEquals(clientId, ReportPages.cells(d, "table-clients").get(0).get(0));
        assertEquals("kwire report: </title><b>x", d.title());
    }

    @Test
    void crcFailuresAndPartialBatchesGetTablesWhenPresent() throws IOException {
        ObjectNode r = (ObjectNode) report.deepCopy();
        ((ArrayNode) r.get("crc_failures")).addObject().put("frame", 63).put("api", "Produce").put("topic", "basic-alpha")
                .put("partition", 2).put("base_offset", 0).put("magic", 2).put("stored", 242915648L).put("computed", 4001234567L);
        r.put("crc_failures_omitted", 7);
        ((ArrayNode) r.get("partial_batches")).addObject().put("frame", 287).put("api", "Fetch").put("topic", "basic-beta")
                .put("partition", 1).put("bytes_present", 100).put("bytes_declared", -1);
        Document d = ReportPages.parse(ReportPages.page(write("damaged.json", r)));
        assertEquals(List.of(List.of("63", "Produce", "basic-alpha", "2", "0", "2", "242915648", "4001234567")),
                ReportPages.cells(d, "table-crc-failures"));
        assertEquals("7 more CRC failures not listed in the report.", d.select("#crc-failures .omitted").text());
        assertEquals(List.of(List.of("287", "Fetch", "basic-beta", "1", "100", "-1")),
                ReportPages.cells(d, "table-partial-batches"));
        assertTrue(d.select("#partial-batches .omitted").isEmpty());
    }

    @Test
    void warningsAndExpertCountsOfADamagedCapture() throws IOException {
        Path json = ReportPages.report(dir, "java-basic-drop3.pcap");
        JsonNode r = ReportPages.json(json);
        Document d = ReportPages.parse(ReportPages.page(json));
        List<List<String>> expected = new ArrayList<>();
        for (int i = 0; i < r.get("warnings").size(); i++) {
            expected.add(List.of(Integer.toString(i + 1), r.get("warnings").get(i).asText()));
        }
        assertEquals(6, expected.size()); // two of them on connections whose first segment was lost (recovered since issue 10)
        assertEquals(expected, ReportPages.cells(d, "table-warnings"));
        List<List<String>> expert = new ArrayList<>();
        r.get("expert").fields().forEachRemaining(e -> expert.add(List.of(e.getKey(), e.getValue().asText())));
        assertFalse(expert.isEmpty());
        assertEquals(expert, ReportPages.cells(d, "table-expert"));
    }

    /** Other real captures: every chart draws marks, or says in words why it has none. */
    @ParameterizedTest
    @CsvSource({"kcat.pcap, 9092, 4", "sasl-plain.pcap, 9094, 4", "tls.pcap, 9095, 0", "nDPI-kafka.pcapng, 9092, 3",
            "java-basic-snap128.pcap, 9092, 3", "deepflow-01-fetch-v12-unknown.pcap, 9092, 2"})
    void otherCapturesRender(String capture, int port, int charts) throws IOException {
        Path json = ReportPages.report(dir, capture, "--port", Integer.toString(port));
        Document d = ReportPages.parse(ReportPages.page(json));
        assertEquals(charts, d.select("svg.chart").size());
        for (Element figure : d.select("figure.chart-figure")) {
            boolean drawn = !figure.select("svg.chart rect.mark").isEmpty();
            assertTrue(drawn ^ !figure.select("p.empty").isEmpty(), figure.id());
        }
        assertEquals(ReportPages.json(json).get("apis").size(), ReportPages.cells(d, "table-apis").size());
    }

    @Test
    void readsTheReportFromStdin() throws CliException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String json = "{\"report_version\": 1, \"capture\": {\"files\": [\"a.pcap\"], \"packets\": 7}}";
        int code = new ReportCommand(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)))
                .run(new String[] {"-"}, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertEquals(ExitCodes.OK, code);
        String html = out.toString(StandardCharsets.UTF_8);
        assertTrue(html.startsWith("<!DOCTYPE html>"), html);
        assertTrue(html.contains("<td class=\"num\">7</td>"), html);
        assertTrue(html.contains("No requests in this capture."), html);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "not json|not a kwire report: Unrecognized token 'not'",
            "[1, 2]|not a kwire report (no report_version and capture)",
            "{\"report_version\": 1}|not a kwire report (no report_version and capture)",
            "{\"report_version\": 2, \"capture\": {}}|report_version 2 is not one this kwire reads (1)",
            "{\"report_version\": 1, \"capture\": {}, \"apis\": [null]}|not a kwire report: Invalid `null` value",
            "{\"report_version\": 1, \"capture\": {}, \"apis\": 5}|not a kwire report: Cannot deserialize"})
    void inputThatIsNotAReportIsOneLineAndExitCode3(String content, String message) throws IOException {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, content);
        CliRun run = CliRun.of("report", bad.toString());
        assertEquals(ExitCodes.INPUT, run.exit());
        assertTrue(run.err().startsWith("kwire: " + bad + ": " + message), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertEquals("", run.out());
    }

    @Test
    void missingInputUnwritableOutputAndBadUsage() {
        Path missing = dir.resolve("missing.json");
        assertEquals(new CliRun(3, "", "kwire: no such file: " + missing + "\n"), CliRun.of("report", missing.toString()));
        assertEquals(new CliRun(3, "", "kwire: " + dir + ": is a directory, not a report\n"), CliRun.of("report", dir.toString()));
        CliRun unwritable = CliRun.of("report", javaBasic.toString(), "-o", dir.resolve("no/such/dir/page.html").toString());
        assertEquals(3, unwritable.exit());
        assertTrue(unwritable.err().startsWith("kwire: cannot write "), unwritable.err());
        assertEquals(2, CliRun.of("report").exit());
        assertEquals(2, CliRun.of("report", javaBasic.toString(), javaBasic.toString()).exit());
        assertEquals(2, CliRun.of("report", "--bogus", javaBasic.toString()).exit());
        assertEquals(0, CliRun.of("report", "--help").exit());
        assertTrue(CliRun.of("--help").out().contains("report REPORT.json"));
    }

    private static List<String> tooltips(String chart) {
        return page.select("svg[data-chart=" + chart + "] rect.mark > title").eachText();
    }

    /** Writes an edited report, which must still match the report's schema. */
    private static Path write(String name, JsonNode json) throws IOException {
        String text = new ObjectMapper().writeValueAsString(json);
        ReportSchema.assertValid(text);
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }
}
