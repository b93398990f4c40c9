package org.kwire.html;

import org.kwire.report.Report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The HTML page of a {@code kwire analyze} report ({@code kwire report}): one self-contained document — stylesheet
 * inline, charts as inline SVG, no script, nothing loaded from elsewhere (its Content-Security-Policy forbids it) — with
 * the capture's facts, requests over time, latency per API, error codes, topics, connections, clients, the slowest
 * exchanges, CRC failures and partial batches when there are any, and the warnings. Every text from the report is
 * HTML-escaped.
 */
public final class ReportPage {

    /** The page's Content-Security-Policy: inline styles only; no scripts, fonts, images or connections. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
    private static final String CSS = stylesheet();

    private ReportPage() {
    }

    /**
     * Renders the page.
     *
     * @param report a report as {@code kwire analyze} writes it; its lists and maps must not be null (empty is fine)
     * @return the HTML document, UTF-8 text
     */
    public static String render(Report report) {
        Markup m = new Markup();
        m.trusted("<!DOCTYPE html>\n").open("html", "lang", "en").open("head")
                .empty("meta", "charset", "utf-8")
                .empty("meta", "http-equiv", "Content-Security-Policy", "content", CONTENT_SECURITY_POLICY)
                .empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1")
                .element("title", "kwire report: " + String.join(", ", report.capture().files()))
                .open("style").trusted(CSS).close("style").close("head").open("body");
        m.open("header").element("h1", "kwire report").element("p", String.join(", ", report.capture().files()), "class", "files")
                .close("header");
        m.open("main");
        section(m, "capture", "Capture", s -> ReportTables.capture(report).writeTo(s));
        section(m, "requests", "Requests over time", s -> ReportCharts.rate(report).writeTo(s));
        section(m, "apis", "APIs", s -> {
            ReportCharts.latency(report).writeTo(s);
            table(s, ReportTables.apis(report), "No Kafka requests in this capture.");
        });
        section(m, "errors", "Error codes", s -> {
            ReportCharts.errors(report).writeTo(s);
            table(s, ReportTables.errors(report), null);
        });
        section(m, "topics", "Topics", s -> {
            ReportCharts.topics(report).writeTo(s);
            table(s, ReportTables.topics(report), "No topics named in this capture.");
        });
        section(m, "connections", "Connections", s -> table(s, ReportTables.connections(report), "No Kafka connections."));
        section(m, "clients", "Clients", s -> table(s, ReportTables.clients(report), "No client ids."));
        section(m, "slowest", "Slowest exchanges", s -> table(s, ReportTables.slowest(report), "No matched exchanges."));
        if (!report.crcFailures().isEmpty()) {
            section(m, "crc-failures", "CRC failures", s -> {
                table(s, ReportTables.crcFailures(report), null);
                omitted(s, report.crcFailuresOmitted(), "CRC failures");
            });
        }
        if (!report.partialBatches().isEmpty()) {
            section(m, "partial-batches", "Partial batches", s -> {
                s.element("p", "Batches cut short at the end of their records field, as Fetch responses do at their "
                        + "size limit: not an error.", "class", "note");
                table(s, ReportTables.partialBatches(report), null);
                omitted(s, report.partialBatchesOmitted(), "partial batches");
            });
        }
        section(m, "warnings", "Warnings", s -> {
            table(s, ReportTables.expert(report), null);
            table(s, ReportTables.warnings(report), "No warnings.");
            omitted(s, report.warningsOmitted(), "warnings");
        });
        m.close("main").open("footer")
                .element("p", "Written by kwire report from a report_version " + report.reportVersion() + " report.")
                .close("footer").close("body").close("html");
        return m.toString();
    }

    private static void section(Markup m, String id, String title, Consumer<Markup> body) {
        m.open("section", "id", id).element("h2", title);
        body.accept(m);
        m.close("section");
    }

    /** The table, or {@code emptyText} (nothing if null) when it has no rows. */
    private static void table(Markup m, Table table, String emptyText) {
        if (!table.isEmpty()) {
            table.writeTo(m);
        } else if (emptyText != null) {
            m.element("p", emptyText, "class", "empty");
        }
    }

    private static void omitted(Markup m, long omitted, String what) {
        if (omitted > 0) {
            m.element("p", omitted + " more " + what + " not listed in the report.", "class", "omitted");
        }
    }

    private static String stylesheet() {
        try (InputStream in = ReportPage.class.getResourceAsStream("report.css")) {
            if (in == null) {
                throw new IllegalStateException("report.css is missing from this build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
