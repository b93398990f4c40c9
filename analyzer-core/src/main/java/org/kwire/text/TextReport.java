package org.kwire.text;

import org.kwire.report.Report;

import java.util.List;

/**
 * A report as text for people, what {@code kwire analyze --format text} prints (the default on a terminal): a summary
 * that fits one screen first (capture, connections, requests, the error rate, unmatched, warnings, upgrade readiness,
 * long-polls counted apart; lines starting with {@code !} need a look), then the clients the target Kafka release
 * would refuse, a table per API with p50/p99/max latency in ms, the top clients with their software, the brokers,
 * the transactions, the clients' own telemetry (KIP-714), the top topics, errors by name, the slowest exchanges and the warnings. Lines fit {@value #WIDTH} columns; numbers have thousands separators
 * and units; ASCII only. The JSON report has every number this leaves out.
 */
public final class TextReport {

    /** Widest line, characters. */
    public static final int WIDTH = 100;
    /** The sections, in print order. */
    static final List<TextSection> SECTIONS = List.of(new SummarySection(), new ReadinessSection(),
            new ApiSection(), new ClientSection(), new BrokerSection(), new TransactionSection(), new InternalRecordsSection(),
            new TelemetrySection(), new TopicSection(),
            new ErrorSection(), new SlowestSection(), new WarningSection());

    private TextReport() {
    }

    /** The report as text, ending with a newline. */
    public static String render(Report report) {
        StringBuilder b = new StringBuilder();
        for (TextSection s : SECTIONS) {
            List<String> lines = s.lines(report, WIDTH);
            if (lines.isEmpty()) {
                continue;
            }
            if (b.length() > 0) {
                b.append('\n');
            }
            b.append(s.title()).append('\n').append("-".repeat(s.title().length())).append('\n');
            lines.forEach(l -> b.append(l).append('\n'));
        }
        return b.toString();
    }
}
