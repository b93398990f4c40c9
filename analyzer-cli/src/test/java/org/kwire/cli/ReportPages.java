package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Reports of real captures made in-process by {@code kwire analyze}, and their pages made by {@code kwire report}. */
final class ReportPages {

    private ReportPages() {
    }

    /**
     * Analyzes a capture of {@code test-captures/} into {@code dir/<capture>.json}, which must match the report's
     * schema; returns that file.
     */
    static Path report(Path dir, String capture, String... options) throws IOException {
        Path json = dir.resolve(capture + ".json");
        List<String> args = new ArrayList<>(List.of("analyze", "-q", "-o", json.toString()));
        args.addAll(List.of(options));
        args.add(TestCaptures.path(capture).toString());
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.err());
        ReportSchema.assertValid(Files.readString(json, StandardCharsets.UTF_8));
        return json;
    }

    /** Writes the page of a report file next to it with {@code kwire report}; returns the page file. */
    static Path page(Path report) {
        Path html = report.resolveSibling(report.getFileName() + ".html");
        CliRun run = CliRun.of("report", report.toString(), "-o", html.toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.out() + run.err());
        return html;
    }

    static JsonNode json(Path report) throws IOException {
        return new ObjectMapper().readTree(report.toFile());
    }

    static Document parse(Path page) throws IOException {
        return Jsoup.parse(Files.readString(page, StandardCharsets.UTF_8));
    }

    /** The tooltips of a chart's marks, in drawing order. */
    static List<String> tooltips(Document page, String chart) {
        return page.select("svg[data-chart=" + chart + "] .mark > title").eachText();
    }

    /** The text of every cell of a table's body, row by row (empty cells included). */
    static List<List<String>> cells(Document page, String tableId) {
        List<List<String>> rows = new ArrayList<>();
        for (Element tr : page.select("#" + tableId + " tbody tr")) {
            rows.add(tr.select("td").stream().map(Element::text).toList());
        }
        return rows;
    }
}
