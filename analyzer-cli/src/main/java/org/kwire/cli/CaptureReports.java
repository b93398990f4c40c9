package org.kwire.cli;

import org.kwire.capture.CaptureFacts;
import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;
import org.kwire.report.CaptureSummary;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.stream.TrafficCensus;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;

/** What {@code analyze} and {@code live} share: capture facts into the report, and writing it (README, "The report"). */
final class CaptureReports {

    private CaptureReports() {
    }

    /**
     * The reader's warnings (truncated files, dropped packets, ...) as {@code kwire: warning:} lines on {@code err}
     * and as notes of the report.
     */
    static void addWarnings(CaptureFacts facts, ReportBuilder report, PrintStream err) {
        for (ExpertNote w : facts.warnings()) {
            Cli.warn(err, w.message());
            report.note(w);
        }
    }

    /**
     * When the capture held no Kafka, a warning (stderr and the report) saying what it held instead
     * ({@link TrafficCensus#verdict}); {@code --strict} then fails.
     */
    static void addVerdict(TrafficCensus census, CaptureFacts facts, ReportBuilder report, boolean keyLogGiven, PrintStream err) {
        String verdict = census.verdict(facts.packets(), keyLogGiven);
        if (verdict != null) {
            Cli.warn(err, verdict);
            report.note(new ExpertNote(ExpertItem.CAPTURE_NO_KAFKA, 0, -1, "", verdict));
        }
    }

    /** Says on stderr when a filter kept nothing of a capture that held Kafka frames (the report says it too). */
    static void noMatch(Report r, PrintStream err) {
        if (r.filter() != null && r.apis().isEmpty() && r.capture().frames() > 0) {
            Cli.say(err, "no exchange matched the filter (" + r.filter().options() + ") among the capture's "
                    + r.capture().frames() + " Kafka frames");
        }
    }

    /** The report so far, with the capture's facts; timestamps ISO-8601 UTC, null when no packet was read. */
    static Report build(ReportBuilder report, CaptureFacts facts) {
        return report.build(new CaptureSummary(facts.files(), facts.packets(), facts.bytes(),
                iso(facts.firstTimestampNanos(), facts.packets()), iso(facts.lastTimestampNanos(), facts.packets()),
                facts.tcpConnections(), 0, 0, 0, 0));
    }

    /**
     * Writes the report, pretty-printed ({@link ReportJsonWriter}: what {@link Json#REPORT} writes), to {@code output}
     * or (null) to {@code out}.
     *
     * @throws CliException (exit code 3) if the file cannot be written
     */
    static void write(Report r, String output, PrintStream out) throws CliException {
        try {
            if (output == null) {
                ReportJsonWriter.write(r, out);
                out.println();
                out.flush();
            } else {
                try (OutputStream file = new FileOutputStream(Path.of(output).toFile())) {
                    ReportJsonWriter.write(r, file);
                }
            }
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + (output == null ? "stdout" : output) + ": " + Cli.why(e));
        }
    }

    /**
     * Writes the report for people ({@code --format text}) to {@code output}, or to {@code out} if null.
     *
     * @throws CliException (exit code 3) if it cannot be written
     */
    static void writeText(Report r, String output, PrintStream out) throws CliException {
        try (java.io.OutputStream stream = Cli.output(output, out)) {
            stream.write(org.kwire.text.TextReport.render(r).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + (output == null ? "stdout" : output) + ": " + Cli.why(e));
        }
    }

    private static String iso(long nanos, long packets) {
        return packets == 0 ? null : Instant.ofEpochSecond(0, nanos).toString();
    }
}
