package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kwire.html.ReportPage;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * End to end: the page of java-basic.pcap's report, opened in headless Chromium in a 1400-pixel window, renders every
 * chart and no table needs scrolling sideways. The page has no script and its Content-Security-Policy forbids
 * scripts, so the test loads a copy whose policy also allows inline scripts, with an error collector at the top of
 * {@code <head>} and a probe ({@code chart-probe.js}) at the end of {@code <body>} that measures the laid-out page
 * into the DOM; {@code chromium --headless --dump-dom} prints it.
 */
class ReportPageInChromiumTest {

    private static final List<String> CHARTS = List.of("rate", "latency", "errors", "topics", "throughput-produced",
            "throughput-fetched", "rebalances", "lag-1", "end-to-end");

    @Test
    void everyChartRendersWithVisibleMarksAndNoErrors(@TempDir Path dir) throws IOException, InterruptedException {
        Path page = ReportPages.page(ReportPages.report(dir, "java-basic.pcap"));
        Document source = ReportPages.parse(page);
        JsonNode probe = probe(page, dir);

        assertEquals("[]", probe.get("errors").toString());
        assertEquals(19, probe.get("apiRows").asInt());
        assertEquals(1400, probe.get("windowWidth").asInt());
        assertEquals("[]", probe.get("scrollingTables").toString(), "tables wider than a 1400-pixel window");
        assertTrue(probe.get("pageWidth").asInt() <= 1400, "the page scrolls sideways: " + probe);
        assertEquals(CHARTS.size(), probe.get("charts").size(), probe.toString());
        for (String name : CHARTS) {
            JsonNode chart = probe.get("charts").get(name);
            assertNotNull(chart, name + " not rendered: " + probe);
            assertTrue(chart.get("width").asDouble() > 0 && chart.get("height").asDouble() > 0, name + ": " + chart);
            int marks = source.select("svg[data-chart=" + name + "] .mark").size();
            assertTrue(marks > 0, name);
            assertEquals(marks, chart.get("marks").asInt(), name + ": " + chart);
            assertEquals(0, chart.get("flat").asInt(), name + ": marks of zero width or height: " + chart);
            assertEquals(0, chart.get("outside").asInt(), name + ": marks outside the chart: " + chart);
            assertTrue(chart.get("texts").asInt() > 0, name + ": no labels: " + chart);
            assertTrue(chart.get("fill").asText().startsWith("rgb("), name + ": marks not filled: " + chart);
        }
    }

    /**
     * Pages of other real captures (other clients, a damaged capture, IPv4 addresses of a network, clients Kafka 4.0
     * refuses, a transactional producer, share groups) fit as well.
     */
    @ParameterizedTest
    @CsvSource({"kcat.pcap, 9092", "sasl-plain.pcap, 9094", "nDPI-kafka.pcapng, 9092", "java-basic-drop3.pcap, 9092",
            "kafkajs.pcap, 9092", "old-client-0.10.2.2.pcap, 9192", "transactions.pcap, 43085", "share-group.pcap, 9092"})
    void otherPagesFitA1400PixelWindow(String capture, int port, @TempDir Path dir) throws IOException, InterruptedException {
        JsonNode probe = probe(ReportPages.page(ReportPages.report(dir, capture, "--port", Integer.toString(port))), dir);
        assertEquals("[]", probe.get("errors").toString());
        assertEquals("[]", probe.get("scrollingTables").toString(), "tables wider than a 1400-pixel window");
        assertTrue(probe.get("pageWidth").asInt() <= 1400, "the page scrolls sideways: " + probe);
    }

    /** What the probe measured of the page laid out by headless Chromium. */
    static JsonNode probe(Path page, Path dir) throws IOException, InterruptedException {
        Path probed = dir.resolve("probed.html");
        Files.writeString(probed, withProbe(Files.readString(page, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
        Element out = Jsoup.parse(HeadlessChromium.dumpDom(probed, dir)).getElementById("kwire-probe");
        assertNotNull(out, "the probe wrote nothing; Chromium's log: " + HeadlessChromium.tail(dir.resolve("chromium.log")));
        return new ObjectMapper().readTree(out.text());
    }

    /** The page with scripts allowed, an error collector first in {@code <head>} and the probe last in {@code <body>}. */
    private static String withProbe(String html) throws IOException {
        String policy = ReportPage.CONTENT_SECURITY_POLICY;
        String collector = "<script>window.kwireErrors = []; window.addEventListener('error', "
                + "function (e) { window.kwireErrors.push(String(e.message)); });</script>";
        String probe;
        try (InputStream in = ReportPageInChromiumTest.class.getResourceAsStream("chart-probe.js")) {
            probe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String probed = replaceOnce(html, contentAttribute(policy), contentAttribute(policy + "; script-src 'unsafe-inline'"));
        probed = replaceOnce(probed, "<head>", "<head>" + collector);
        return replaceOnce(probed, "</body>", "<script>" + probe + "</script></body>");
    }

    /** The page's {@code content} attribute of a policy, as {@link ReportPage} escapes it. */
    private static String contentAttribute(String policy) {
        return "content=\"" + policy.replace("'", "&#39;") + "\"";
    }

    private static String replaceOnce(String text, String target, String replacement) {
        int at = text.indexOf(target);
        assertTrue(at >= 0 && text.indexOf(target, at + 1) < 0, "expected exactly one " + target + " in the page");
        return text.substring(0, at) + replacement + text.substring(at + target.length());
    }
}
