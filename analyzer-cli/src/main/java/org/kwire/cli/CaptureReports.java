package org.kwire.cli;

import org.kwire.json.ReportJson;
import org.kwire.report.Report;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;

/** What {@code analyze}, {@code merge} and {@code live} share: writing the report (docs/GUIDE.md, "The report"). */
final class CaptureReports {

    private CaptureReports() {
    }

    /** Says on stderr when a filter kept nothing of a capture that held Kafka frames (the report says it too). */
    static void noMatch(Report r, PrintStream err) {
        if (r.filter() != null && r.apis().isEmpty() && r.capture().frames() > 0) {
            Cli.say(err, "no exchange matched the filter (" + r.filter().options() + ") among the capture's "
                    + r.capture().frames() + " Kafka frames");
        }
    }

    /**
     * Writes the report as {@code --format} says: text for people, else JSON (to {@code output}, {@code out} if null or
     * {@code -}).
     *
     * @throws CliException (exit code 3) if it cannot be written
     */
    static void write(Report r, AnalyzeCommand.Format format, String output, PrintStream out) throws CliException {
        if (format == AnalyzeCommand.Format.TEXT) {
            writeText(r, output, out);
        } else {
            write(r, output, out);
        }
    }

    /**
     * Writes the report as JSON ({@link ReportJson}) to {@code output}, or (null) to {@code out}.
     *
     * @throws CliException (exit code 3) if the file cannot be written
     */
    static void write(Report r, String given, PrintStream out) throws CliException {
        String output = "-".equals(given) ? null : given;
        try {
            if (output == null) {
                ReportJson.write(r, out);
                out.println();
                out.flush();
            } else {
                try (OutputStream file = new FileOutputStream(Path.of(output).toFile())) {
                    ReportJson.write(r, file);
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
    static void writeText(Report r, String given, PrintStream out) throws CliException {
        String output = "-".equals(given) ? null : given;
        try (java.io.OutputStream stream = Cli.output(output, out)) {
            stream.write(org.kwire.text.TextReport.render(r).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + (output == null ? "stdout" : output) + ": " + Cli.why(e));
        }
    }
}
