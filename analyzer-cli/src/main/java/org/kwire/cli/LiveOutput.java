package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.kwire.analysis.AnalysisRun;
import org.kwire.export.EventWriter;
import org.kwire.report.Report;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;

/**
 * What {@code kwire live} writes on stdout, or to {@code -o FILE}, by its {@code --format}: the final report once the
 * capture ends, for people ({@code text}) or as JSON ({@code json}); or ({@code ndjson}) the exchange events of
 * {@code kwire analyze --format ndjson}, written by the same {@link EventWriter} as each exchange completes, then,
 * when the capture ends, the events of the final report (rebalances, leader changes) in place of the report. The
 * interval lines never go there: they are on stderr (docs/GUIDE.md, "kwire live").
 * <p>
 * Events are handed on by {@link #flush()}, which the live command calls every second and whenever the capture is
 * idle, so that a reader ({@code | jq}) sees an exchange within about a second of its end. When they cannot be
 * written (a full disk; stdout's reader gone, e.g. {@code | head} done) the capture is stopped and {@link #finish}
 * says why. Memory: the writer's buffer, whatever the number of events. Thread safety: {@link #onExchange} (the
 * analysis thread) and {@link #flush()} (any thread) hold this object's lock.
 */
final class LiveOutput implements ExchangeSink, AutoCloseable {

    /** What {@code --format} asks for. */
    enum Format { TEXT, JSON, NDJSON }

    private final Format format;
    private final String output;
    private final PrintStream out;
    private final Runnable stop;
    /** Where the events go, and their writer: null unless ndjson. */
    private final OutputStream stream;
    private final EventWriter events;
    private long flushed;
    private IOException failure;

    private LiveOutput(Format format, String output, PrintStream out, Runnable stop, OutputStream stream, EventWriter events) {
        this.format = format;
        this.output = output;
        this.out = out;
        this.stop = stop;
        this.stream = stream;
        this.events = events;
    }

    /**
     * The format of a command line: {@code --format}, else text when stdout is a terminal and no {@code -o} is given,
     * else JSON.
     *
     * @throws CliException (usage) for a format live does not write, or {@code --top} with ndjson (no report lists
     *                      the slowest exchanges: every exchange is an event)
     */
    static Format format(CommandLine cl, boolean terminal) throws CliException {
        String name = cl.getOptionValue("format", terminal && !cl.hasOption("output") ? "text" : "json");
        Format f = switch (name) {
            case "text" -> Format.TEXT;
            case "json" -> Format.JSON;
            case "ndjson" -> Format.NDJSON;
            default -> throw new CliException(ExitCodes.USAGE, "--format " + name + ": live writes text, json or ndjson");
        };
        if (f == Format.NDJSON && cl.hasOption("top")) {
            throw new CliException(ExitCodes.USAGE, "live: --top goes with a report (--format text or json); with "
                    + "--format ndjson every exchange is an event, no list of the slowest is written");
        }
        return f;
    }

    /**
     * Opens the output of a run: with ndjson, creates {@code -o FILE} (or takes stdout) for the events now.
     *
     * @param stop stops the capture, when the events cannot be written
     * @throws CliException (input) if the file cannot be created
     */
    static LiveOutput open(Format format, CommandLine cl, AnalysisRun run, PrintStream out, Runnable stop) throws CliException {
        String output = cl.getOptionValue("output");
        if (format != Format.NDJSON) {
            return new LiveOutput(format, output, out, stop, null, null);
        }
        OutputStream stream = Cli.output(output, out);
        try {
            return new LiveOutput(format, output, out, stop, stream, new EventWriter(stream, null, run.schemas(), run.topics()));
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write the events: " + Cli.why(e));
        }
    }

    /** Whether the interval lines are for people (text) rather than JSON. */
    boolean text() {
        return format == Format.TEXT;
    }

    /** Whether exchanges are written as they complete (ndjson): then this is a sink of the analysis. */
    boolean events() {
        return events != null;
    }

    @Override
    public synchronized void onExchange(ExchangeSummary e) {
        if (failure != null) {
            return;
        }
        try {
            events.onExchange(e);
        } catch (UncheckedIOException x) {
            failed(x.getCause());
        }
    }

    /** Hands on the events written since the last call (ndjson; nothing otherwise); from any thread. */
    synchronized void flush() {
        if (events == null || failure != null || events.events() == flushed) {
            return;
        }
        try {
            events.flush();
            flushed = events.events();
            if (output == null && out.checkError()) { // a PrintStream keeps its errors to itself
                failed(new IOException("its reader is gone or it failed"));
            }
        } catch (IOException e) {
            failed(e);
        }
    }

    private void failed(IOException e) {
        failure = e;
        stop.run();
    }

    /**
     * After the capture: writes the final report (text, json), or the report's events and then flushes (ndjson).
     *
     * @throws CliException (input) if the report or the events could not be written
     */
    void finish(Report r) throws CliException {
        switch (format) {
            case TEXT -> CaptureReports.writeText(r, output, out);
            case JSON -> CaptureReports.write(r, output, out);
            case NDJSON -> {
                synchronized (this) {
                    if (failure == null) {
                        try {
                            events.onReport(r);
                        } catch (IOException e) {
                            failure = e;
                        }
                    }
                }
                flush();
                if (failure != null) {
                    throw new CliException(ExitCodes.INPUT, "cannot write the events to " + (output == null ? "stdout"
                            : output) + ": " + Cli.why(failure));
                }
            }
        }
    }

    /**
     * Closes the events' file (stdout is flushed, not closed).
     *
     * @throws CliException (input) if the file cannot be closed
     */
    @Override
    public void close() throws CliException {
        if (stream != null) {
            try {
                stream.close();
            } catch (IOException e) {
                throw new CliException(ExitCodes.INPUT, "cannot write " + output + ": " + Cli.why(e));
            }
        }
    }
}
