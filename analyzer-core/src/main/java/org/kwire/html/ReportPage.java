package org.kwire.html;

import org.kwire.report.Report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The HTML page of a {@code kwire analyze} report ({@code kwire report}): one self-contained document — stylesheet
 * inline, charts as inline SVG, no script, nothing loaded from elsewhere (its Content-Security-Policy forbids it) —
 * made of {@link #SECTIONS}, each rendering one part of the report: an at-a-glance box, upgrade readiness, the
 * capture's facts, requests over time, APIs and their latency (with the long-polls counted apart), error codes, topics
 * and their throughput, connections, clients with their software, brokers, transactions, clients' own telemetry
 * (KIP-714), consumer groups with their
 * rebalances, consumer lag over time, replication and leadership, the slowest exchanges, CRC failures and partial
 * batches when there are any, and the warnings. Every text from the report is HTML-escaped.
 */
public final class ReportPage {

    /** The page's Content-Security-Policy: inline styles only; no scripts, fonts, images or connections. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'";
    /** The sections, top to bottom. */
    static final List<PageSection> SECTIONS = List.of(new GlanceSection(), new ReadinessSection(), new CaptureSection(),
            new RequestRateSection(), new ApiSection(), new ErrorSection(), new TopicSection(), new ConnectionSection(),
            new ClientSection(), new BrokerSection(), new TransactionSection(), new TelemetrySection(), new GroupSection(),
            new LagSection(), new ReplicationSection(), new EndToEndSection(), new InternalRecordsSection(),
            new SchemaIdSection(), new SlowestSection(),
            new CrcFailureSection(), new PartialBatchSection(), new WarningSection());
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
        for (PageSection s : SECTIONS) {
            if (s.shown(report)) {
                m.open("section", "id", s.id()).element("h2", s.title());
                s.write(report, m);
                m.close("section");
            }
        }
        m.close("main").open("footer")
                .element("p", "Written by kwire report from a report_version " + report.reportVersion() + " report.")
                .close("footer").close("body").close("html");
        return m.toString();
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
