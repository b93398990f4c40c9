package org.kwire.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.apache.commons.cli.CommandLine;
import org.kwire.analysis.AnalysisRun;
import org.kwire.analysis.CapturePass;
import org.kwire.capture.CaptureAnalyzer;
import org.kwire.capture.CaptureFacts;
import org.kwire.capture.PacketPipeline;
import org.kwire.live.LiveCapture;
import org.kwire.live.LiveCaptureException;
import org.kwire.metrics.MetricsServer;
import org.kwire.pcap.RingWriter;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.stream.TrafficCensus;
import org.kwire.summary.ExchangeTracker;
import org.kwire.text.VisibleText;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * {@code kwire live -i IFACE}: captures Kafka traffic from an interface through libpcap and analyzes it as it comes,
 * with the pipeline and report of {@code kwire analyze}. The capture runs on a thread of its own ({@link LiveCapture})
 * and the analysis on this one. Every {@code --report-interval} seconds the counts so far are written to stderr as one
 * line ({@link IntervalReport}: JSON, or text); the final report goes to stdout (or {@code -o FILE}) when {@code --duration} ends, on Ctrl-C
 * or SIGTERM, or, with {@code --format ndjson}, each exchange as an event as it completes ({@link LiveOutput}).
 * {@code -w FILE} also saves the captured packets as pcapng (with {@code --ring-*}, in rotating files);
 * {@code --metrics HOST:PORT} serves Prometheus metrics while capturing. {@code -q} leaves out the status lines.
 */
final class LiveCommand {

    /** How long Ctrl-C or SIGTERM waits for the final report, ms. */
    private static final long FINAL_REPORT_WAIT_MS = 30_000;
    /** How often the metrics' label values are checked for expiry, s. */
    private static final long EXPIRE_EVERY_S = 30;

    private final boolean terminal;
    /** Whether the status lines on stderr are left out ({@code -q}). */
    private boolean quiet;
    private volatile LiveCapture capture;
    private volatile MetricsServer metricsServer;
    private final CountDownLatch started = new CountDownLatch(1);

    /** A live command whose stdout is not a terminal (JSON reports by default). */
    LiveCommand() {
        this(false);
    }

    /** @param terminal whether stdout is a terminal (then the reports are text by default) */
    LiveCommand(boolean terminal) {
        this.terminal = terminal;
    }

    /**
     * Waits until the capture runs (true) or the command failed before it could start (false).
     *
     * @throws InterruptedException if interrupted while waiting
     */
    boolean awaitCapturing(long timeout, TimeUnit unit) throws InterruptedException {
        return started.await(timeout, unit) && capture != null;
    }

    /** The port the metrics are served on, -1 without --metrics (once {@link #awaitCapturing} said true). */
    int metricsPort() {
        MetricsServer s = metricsServer;
        return s == null ? -1 : s.port();
    }

    /** Stops the capture as Ctrl-C or the end of {@code --duration} would (for tests); no-op if it is not running. */
    void stop() {
        LiveCapture c = capture;
        if (c != null) {
            c.stop();
        }
    }

    /** Runs the command; returns its exit code once the capture ended and the final report is written. */
    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        try {
            return parseAndCapture(args, out, err);
        } finally {
            started.countDown();
        }
    }

    private int parseAndCapture(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl = Cli.parse("live", LiveOptions.options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire live -i IFACE [options]", "Capture Kafka traffic live and report on it like kwire analyze. "
                    + "Interval lines go to stderr; the final report to stdout (or -o): text on a terminal, JSON otherwise; "
                    + "with --format ndjson, one JSON event per exchange as it completes instead of the report. "
                    + "Capturing needs libpcap and root or the CAP_NET_RAW and CAP_NET_ADMIN capabilities.", LiveOptions.options());
            return ExitCodes.OK;
        }
        OutputGuard.check(cl, List.of(), "output", "write");
        String iface = cl.getOptionValue("interface");
        if (iface == null) {
            throw new CliException(ExitCodes.USAGE, "live: -i IFACE is required (kwire interfaces lists them)");
        }
        LiveOutput.Format format = LiveOutput.format(cl, terminal);
        quiet = cl.hasOption("quiet");
        AnalysisRun run = AnalysisOptions.start(AnalysisOptions.config(cl));
        LiveOptions options = LiveOptions.of(cl);
        MetricsRun metrics = MetricsRun.of(cl, "metrics", run);
        String filter = cl.getOptionValue("filter", defaultFilter(run.streamOptions().brokerPorts()));
        try {
            capture = LiveCapture.open(iface, filter, options.capture());
        } catch (LiveCaptureException e) {
            throw new CliException(e.reason() == LiveCaptureException.Reason.BAD_FILTER ? ExitCodes.USAGE : ExitCodes.INPUT,
                    e.getMessage());
        }
        try (LiveCapture c = capture; RingWriter writer = openWriter(options, c);
             LiveOutput output = LiveOutput.open(format, cl, run, out, c::stop)) {
            return capture(c, writer, filter, options, run, metrics, output, err);
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot close " + options.write() + ": " + e.getMessage());
        }
    }

    private int capture(LiveCapture c, RingWriter writer, String filter, LiveOptions options, AnalysisRun run,
                        MetricsRun metrics, LiveOutput output, PrintStream err) throws CliException {
        ReportBuilder report = run.report();
        ExchangeTracker tracker = run.tracker(output.events() ? MetricsRun.sinks(metrics, report, output)
                : MetricsRun.sinks(metrics, report), run.defaultWorkers());
        TrafficCensus census = new TrafficCensus(run.streamOptions().brokerPorts());
        PacketPipeline pipeline = new CaptureAnalyzer(run.stage(tracker, report, MetricsRun.observer(metrics), census),
                options.limits()).start();
        LiveHealth health = new LiveHealth(c, pipeline, writer);
        List<String> names = List.of(c.device() + " (live)");
        if (writer != null) {
            c.tap(writer::write);
        }
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            c.stop();
            try {
                // the report is written before the JVM exits, with 130 after SIGINT and 143 after SIGTERM as shells
                // report them (a service manager counts 143 as a clean stop with e.g. systemd's SuccessExitStatus=143)
                done.await(FINAL_REPORT_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "kwire-live-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "kwire-live-timer");
            t.setDaemon(true);
            return t;
        });
        try {
            if (metrics != null) {
                metrics.captureHealth(health::counts);
                metricsServer = serve(metrics, options, quiet ? null : err);
                timer.scheduleAtFixedRate(metrics.sink::expire, EXPIRE_EVERY_S, EXPIRE_EVERY_S, TimeUnit.SECONDS);
            }
            if (options.duration() > 0) {
                timer.schedule(c::stop, options.duration(), TimeUnit.SECONDS);
            }
            if (writer != null) {
                // every second what was saved is on disk: a killed kwire (SIGKILL, the OOM killer) loses at most a second
                timer.scheduleAtFixedRate(() -> flush(writer, err), 1, 1, TimeUnit.SECONDS);
            }
            if (output.events()) {
                // a reader of the events (| jq) sees each within about a second, however busy the capture
                timer.scheduleAtFixedRate(output::flush, 1, 1, TimeUnit.SECONDS);
            }
            if (options.interval() > 0) {
                timer.scheduleAtFixedRate(() -> err.println(intervalReport(pipeline, report, names, c, output.text())),
                        options.interval(), options.interval(), TimeUnit.SECONDS);
            }
            // between bursts of packets, exchanges the frame workers finished reach the report, the metrics, the events
            c.onIdle(() -> {
                synchronized (pipeline) {
                    tracker.deliverFinished();
                }
                output.flush();
            });
            c.start();
            status(err, "capturing on " + c.device() + " (filter: " + (filter == null ? "none" : filter) + ")"
                    + (options.duration() > 0 ? " for " + options.duration() + " s" : "") + "; Ctrl-C stops"
                    + (output.events() ? "" : " and writes the report"));
            started.countDown();
            // a key log is written while the capture runs: each packet waits until its secrets can be there
            pipeline.feed(run.tls().keyLog().sources().isEmpty() ? c : new DelayedSource(c, DelayedSource.KEY_LOG_DELAY_NANOS));
            timer.shutdownNow();
            pipeline.end();
            tracker.finish();
            if (writer != null) {
                writer.close();
            }
            CaptureFacts facts = pipeline.facts(names, c.position());
            CapturePass.note(facts, census, report, !run.tls().keyLog().sources().isEmpty(), w -> Cli.warn(err, w));
            status(err, health.summary());
            output.finish(CapturePass.build(report, facts));
            return ExitCodes.OK;
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, e.getMessage());
        } finally {
            timer.shutdownNow();
            if (metricsServer != null) {
                metricsServer.close();
            }
            done.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down (Ctrl-C): the hook is running and returns now that the report is out
            }
        }
    }

    /** A status line on stderr, unless {@code -q}. */
    private void status(PrintStream err, String line) {
        if (!quiet) {
            Cli.say(err, line);
        }
    }

    /** Serves the metrics; says where on {@code err} unless it is null ({@code -q}). */
    private static MetricsServer serve(MetricsRun metrics, LiveOptions options, PrintStream err) throws CliException {
        try {
            MetricsServer s = MetricsServer.start(metrics.registry, options.metrics().getHostString(), options.metrics().getPort());
            if (err != null) {
                Cli.say(err, "serving metrics on " + s.url());
            }
            return s;
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot serve metrics on " + options.metrics().getHostString() + ":"
                    + options.metrics().getPort() + ": " + e.getMessage());
        }
    }

    private static String intervalReport(PacketPipeline pipeline, ReportBuilder report, List<String> names, LiveCapture c,
            boolean text) {
        Report r;
        synchronized (pipeline) {
            r = CapturePass.build(report, pipeline.facts(names, c.position()));
        }
        IntervalReport line = IntervalReport.of(r, java.time.Instant.now());
        try {
            return text ? VisibleText.of(line.text()) : Json.LINE.writeValueAsString(line);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("interval report not serializable", e);
        }
    }

    /** {@code tcp port N or tcp port M ...}: the broker ports' traffic only. */
    static String defaultFilter(Set<Integer> ports) {
        return ports.stream().sorted().map(p -> "tcp port " + p).collect(Collectors.joining(" or "));
    }

    private static RingWriter openWriter(LiveOptions options, LiveCapture c) throws CliException {
        if (options.write() == null) {
            return null;
        }
        try {
            return new RingWriter(Path.of(options.write()), options.rotation(), "kwire live", c.linkType(), c.snaplen(), c.device());
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + options.write() + ": " + Cli.why(e));
        }
    }

    /** Flushes the saved packets to disk; a failure is one warning line (the capture goes on, the final close reports it). */
    private static void flush(RingWriter writer, PrintStream err) {
        try {
            writer.flush();
        } catch (IOException e) {
            Cli.warn(err, "cannot write the saved packets: " + Cli.why(e));
        }
    }
}
