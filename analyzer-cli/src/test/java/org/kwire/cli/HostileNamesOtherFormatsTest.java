package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The outputs with a format of their own keep that format's escaping, which holds for hostile names (the names of
 * {@link HostileNamesTest#EXACT}): the JSON report gives every name back exactly (Jackson writes C0 controls as
 * {@code \\u00XX}, so no raw control character but its own newlines), the HTML page shows them as text and never as
 * markup, and the Prometheus exposition passes {@code promtool check metrics} with label values that unescape to the
 * names ({@code \\}, {@code "} and newline escaped, as the exposition format says).
 */
class HostileNamesOtherFormatsTest {

    private static final NamedTraffic.Names N = HostileNamesTest.EXACT;

    @Test
    void jsonHtmlAndMetricsKeepTheNamesAndTheirOwnEscaping(@TempDir Path dir) throws Exception {
        Path capture = HostileNamesTest.write(dir, HostileNamesTest.FILE, N);
        Path json = dir.resolve("report.json");
        Path metrics = dir.resolve("kafka.prom");
        CliRun run = CliRun.of("analyze", "-o", json.toString(), "--metrics-file", metrics.toString(), capture.toString());
        assertEquals(0, run.exit(), run.err());

        String text = Files.readString(json, StandardCharsets.UTF_8);
        ReportSchema.assertValid(text);
        assertTrue(text.chars().noneMatch(c -> c < 0x20 && c != '\n'), "JSON escapes C0 controls");
        JsonNode r = new CliRun(0, text, "").json();
        assertEquals(capture.toString(), r.get("capture").get("files").get(0).asText());
        Set<String> clients = new TreeSet<>();
        r.get("clients").forEach(c -> clients.add(c.get("client_id").asText()));
        assertEquals(new TreeSet<>(List.of(N.clientId(), N.slowClientId(), N.oldClientId(), "sasl")), clients);
        JsonNode one = client(r, N.clientId());
        assertEquals(N.software(), one.get("software_name").asText());
        assertEquals(N.version(), one.get("software_version").asText());
        assertEquals(N.topic(), r.get("topics").get(0).get("topic").asText());
        assertEquals(N.transaction(), r.get("transactions").get(0).get("transactional_id").asText());
        assertEquals(N.group(), r.get("transactions").get(0).get("groups").get(0).asText());
        JsonNode tls = r.get("tls").get("sessions").get(0);
        assertEquals(N.host(), tls.get("server_name").asText(), "SNI is ASCII: its controls kept");
        assertEquals("M?", tls.get("alpn_offered").get(0).asText(), "U+202D is not ASCII: the ClientHello carried '?'");

        Path html = dir.resolve("report.html");
        CliRun page = CliRun.of("report", json.toString(), "-o", html.toString());
        assertEquals(0, page.exit(), page.err());
        String markup = Files.readString(html, StandardCharsets.UTF_8);
        Document doc = Jsoup.parse(markup);
        assertTrue(doc.select("img").isEmpty(), "a name never becomes an element");
        assertTrue(markup.contains("&lt;img src=x onerror=1&gt;"), "it is text");
        assertTrue(doc.text().contains(N.clientId()), "shown as the capture has it");

        String exposition = Files.readString(metrics, StandardCharsets.UTF_8);
        Promtool.check(exposition, "check", "metrics");
        for (String line : exposition.split("\n")) {
            assertTrue(line.startsWith("#") || line.startsWith("kwire_"), "one line per sample: " + line);
        }
        Set<String> labelled = new TreeSet<>();
        for (Map.Entry<String, Double> e : Exposition.parse(exposition).entrySet()) {
            String id = Exposition.labels(e.getKey()).get("client_id");
            if (id != null) {
                labelled.add(unescape(id));
            }
            String topic = Exposition.labels(e.getKey()).get("topic");
            if (topic != null) {
                assertEquals(N.topic(), unescape(topic));
            }
        }
        assertEquals(clients, labelled);
    }

    private static JsonNode client(JsonNode r, String clientId) {
        for (JsonNode c : r.get("clients")) {
            if (c.get("client_id").asText().equals(clientId)) {
                return c;
            }
        }
        throw new AssertionError(clientId);
    }

    /** A label value of the text exposition format: {@code \\}, {@code \"} and {@code \n} escaped. */
    private static String unescape(String v) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c == '\\' && i + 1 < v.length()) {
                char e = v.charAt(++i);
                b.append(e == 'n' ? '\n' : e);
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
