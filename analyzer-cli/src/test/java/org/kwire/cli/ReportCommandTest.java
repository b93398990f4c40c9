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
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
                List.of("capture bytes", "75,770"),
                List.of("first packet (UTC)", "2026-11-29T17:28:42.135951Z"),
                List.of("last packet (UTC)", "2026-11-29T17:28:45.763373Z"),
                List.of("TCP connections", "17"),
                List.of("Kafka connections", "17"),
                List.of("Kafka frames", "146"),
                List.of("malformed frames", "0"),
                List.of("incomplete frames", "0"),
                List.of("responses without request, API unknown", "0")), ReportPages.cells(page, "table-capture"));
    }

    private static String javaBasicPath() {
        return report.get("capture").get("files").get(0).asText();
    }

    /** Counts with thousands separators, latencies in ms (one decimal, rounded half up) with the exact µs in a tooltip. */
    @Test
    void apiTableHasEveryApiWithTheReportsNumbers() {
        List<List<String>> rows = ReportPages.cells(page, "table-apis");
        assertEquals(19, rows.size());
        List<List<String>> expected = new ArrayList<>();
        List<String> titles = new ArrayList<>();
        for (JsonNode a : report.get("apis")) {
            JsonNode l = a.get("latency_us");
            List<String> versions = new ArrayList<>();
            a.get("versions").fields().forEachRemaining(v -> versions.add(v.getKey() + ": " + v.getValue().asText()));
            long errors = 0;
            for (JsonNode e : a.get("errors")) {
                errors += e.get("count").asLong();
            }
            expected.add(List.of(a.get("api_key").asText(), a.get("name").asText(), String.join(", ", versions),
                    count(a.get("requests")), count(a.get("responses")), count(a.get("unmatched_requests")),
                    count(a.get("unmatched_responses")), count(l.get("count")), ms(l.get("min")), ms(l.get("p50")),
                    ms(l.get("p90")), ms(l.get("p99")), ms(l.get("max")), count(a.get("request_bytes")),
                    count(a.get("response_bytes")), String.format(Locale.ROOT, "%,d", errors)));
            for (String p : List.of("min", "p50", "p90", "p99", "max")) {
                titles.add(String.format(Locale.ROOT, "%,d µs", l.get(p).asLong()));
            }
        }
        assertEquals(expected, rows);
        assertEquals(titles, page.select("#table-apis td[title]").eachAttr("title"));
        // spot checks against the capture's truth (AnalyzeCommandTest) rather than the report itself
        assertEquals(List.of("3", "Metadata", "13: 16", "16", "16", "0", "0", "16"), rows.get(3).subList(0, 8));
        assertEquals(List.of("1", "Fetch", "18: 3", "3", "3", "0", "0", "2", "62.9", "62.9", "446.2", "446.2", "446.2",
                "630", "8,848", "0"), rows.get(1));
        assertEquals("1,197", rows.get(12).get(13)); // ApiVersions' request bytes
    }

    private static String count(JsonNode n) {
        return String.format(Locale.ROOT, "%,d", n.asLong());
    }

    private static String ms(JsonNode micros) {
        return String.format(Locale.ROOT, "%,.1f", new BigDecimal(micros.asLong()).movePointLeft(3));
    }

    @Test
    void errorTableAndChartHaveTheFourErrorCodes() {
        assertEquals(List.of(
                List.of("FindCoordinator", "15", "COORDINATOR_NOT_AVAILABLE", "1", "1", ""),
                List.of("JoinGroup", "79", "MEMBER_ID_REQUIRED", "1", "1", ""),
                List.of("InitProducerId", "14", "COORDINATOR_LOAD_IN_PROGRESS", "1", "1", ""),
                List.of("ConsumerGroupDescribe", "69", "GROUP_ID_NOT_FOUND", "1", "1", "")), ReportPages.cells(page, "table-errors"));
        assertEquals(List.of(
                "FindCoordinator: COORDINATOR_NOT_AVAILABLE (15) · occurrences: 1",
                "JoinGroup: MEMBER_ID_REQUIRED (79) · occurrences: 1",
                "InitProducerId: COORDINATOR_LOAD_IN_PROGRESS (14) · occurrences: 1",
                "ConsumerGroupDescribe: GROUP_ID_NOT_FOUND (69) · occurrences: 1"), tooltips("errors"));
    }

    @Test
    void connectionClientAndSlowestTablesHaveOneRowPerEntry() {
        List<List<String>> connections = ReportPages.cells(page, "table-connections");
        assertEquals(17, connections.size());
        assertEquals(List.of("0", "127.0.0.1:45760", "127.0.0.1:9092", "kafka", "basic-admin", "2", "2", "86", "945"),
                connections.get(0));
        List<List<String>> clients = ReportPages.cells(page, "table-clients");
        assertEquals(report.get("clients").size(), clients.size());
        assertEquals(List.of("basic-admin", "127.0.0.1", "apache-kafka-java 4.4.0", "19", "1", "866", "7,503",
                "GROUP_ID_NOT_FOUND: 1", "ApiVersions v5 (4), ConsumerGroupDescribe v1 (1), CreateTopics v7 (1), "
                        + "DeleteTopics v6 (1), DescribeCluster v2 (2), DescribeGroups v6 (1), DescribeTopicPartitions v0 (1), "
                        + "FindCoordinator v6 (2), ListGroups v5 (1), Metadata v13 (4), OffsetFetch v9 (1)"), clients.get(0));
        List<List<String>> slowest = ReportPages.cells(page, "table-slowest");
        assertEquals(10, slowest.size());
        assertEquals(List.of("446.2", "Fetch", "18", "18", "284", "288", "17:28:44.954", "13",
                "127.0.0.1:45866", "127.0.0.1:9092", "basic-consumer"), slowest.get(0));
        assertEquals(List.of("446,232 µs", "2026-11-29T17:28:44.954064Z"),
                page.select("#table-slowest tbody tr").get(0).select("td[title]").eachAttr("title"));
    }

    @Test
    void aCleanCaptureHasNoWarningsAndNoCrcOrPartialBatchSections() {
        assertTrue(page.select("#crc-failures, #partial-batches").isEmpty());
        assertEquals("No warnings.", page.select("#warnings .empty").text());
    }

    @Test
    void thePageIsSelfContained() throws IOException {
        String html = Files.readString(javaBasic.resolveSibling(javaBasic.getFileName() + ".html"));
        for (String external : List.of("<script", "<link", "<img", "<iframe", " src=", "url(", "@import")) {
            assertFalse(html.contains(external), external);
        }
        assertEquals(html.split(" href=", -1).length - 1, html.split(" href=\"#", -1).length - 1, "links only within the page");
        assertEquals(ReportPage.CONTENT_SECURITY_POLICY,
                page.select("meta[http-equiv=Content-Security-Policy]").attr("content"));
        assertEquals(9, page.select("svg.chart").size()); // with the lag and end-to-end charts
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
        ((ObjectNode) r.at("/consumer_lag/over_time/fetch/0")).put("client_id", clientId).put("group", topic);
        ((ObjectNode) r.at("/consumer_lag/over_time/committed/0")).put("group", topic);
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
        assertEquals("Lag of group " + topic + " over time", d.select("#lag figcaption").get(0).text());
        assertEquals(List.of("committed lag", "fetch lag of " + clientId + " (127.0.0.1)"),
                d.select("#chart-lag-1 .legend li").eachText());
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
            "not json|not a kwire report: not JSON at line 1, column 1: Unrecognized token 'not'",
            "[1, 2]|not a kwire report (no report_version and capture)",
            "{\"report_version\": 1}|not a kwire report (no report_version and capture)",
            "{\"report_version\": 2, \"capture\": {}}|report_version 2 is not one this kwire reads (1)",
            "{\"report_version\": 1, \"capture\": {}, \"apis\": [null]}|/apis/0: null found, object expected",
            "{\"report_version\": 1, \"capture\": {}, \"apis\": 5}|/apis: integer found, array expected",
            "{\"report_version\": 1, \"capture\": {}, \"apis\": [{\"requests\": -4}]}|/apis/0/requests: must have a "
                    + "minimum value of 0",
            "{\"report_version\": 1, \"capture\": {\"packets\": 1, \"packets\": 2}}|/capture/packets: not a kwire report: the "
                    + "name \"packets\" given twice in one object",
            "{\"type\":\"exchange\",\"request_frame\":4}|not a kwire report (no report_version and capture; these look like NDJSON "
                    + "events: give kwire report the JSON report of analyze (--format json))"})
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
        assertEquals("kwire: cannot write " + dir.resolve("no/such/dir/page.html") + ": no such directory: "
                + dir.resolve("no/such/dir") + "\n", unwritable.err());
        assertEquals(2, CliRun.of("report").exit());
        assertEquals(2, CliRun.of("report", javaBasic.toString(), javaBasic.toString()).exit());
        assertEquals(2, CliRun.of("report", "--bogus", javaBasic.toString()).exit());
        assertEquals(0, CliRun.of("report", "--help").exit());
        assertTrue(CliRun.of("--help").out().contains("report REPORT.json"));
    }

    private static List<String> tooltips(String chart) {
        return ReportPages.tooltips(page, chart);
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
