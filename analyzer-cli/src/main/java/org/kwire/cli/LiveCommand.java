package org.kwire.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.CaptureAnalyzer;
import org.kwire.analysis.CaptureFacts;
import org.kwire.analysis.PacketPipeline;
import org.kwire.live.LiveCapture;
import org.kwire.live.LiveCaptureException;
import org.kwire.pcap.PacketSource;
import org.kwire.pcap.TappedSource;
import org.kwire.pcap.PcapngWriter;
import org.kwire.summary.ExchangeTracker;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.tcp.ReassemblyLimits;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
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
 * with the pipeline and report of {@code kwire analyze}. Every {@code --report-interval} seconds the report so far is
 * written to stderr as one line of JSON (NDJSON); the final report goes to stdout (or {@code -o FILE}) when
 * {@code --duration} ends or on Ctrl-C. {@code -w FILE} also saves the captured packets as pcapng.
 */
final class LiveCommand {

    /** Compact JSON for the interval reports: one report per line. */
    private static final ObjectWriter LINE = Json.REPORT.writer().without(SerializationFeature.INDENT_OUTPUT);
    /** How long Ctrl-C waits for the final report, ms. */
    private static final long FINAL_REPORT_WAIT_MS = 10_000;

    private volatile LiveCapture capture;
    private final CountDownLatch started = new CountDownLatch(1);

    private static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("i").longOpt("interface").hasArg().argName("IFACE")
                .desc("interface to capture on (kwire interfaces lists them; 'any' for all on Linux)").build());
        o.addOption(Option.builder("f").longOpt("filter").hasArg().argName("BPF")
                .desc("capture filter, tcpdump syntax (default: tcp port N for each --port)").build());
        o.addOption(Option.builder().longOpt("duration").hasArg().argName("S")
                .desc("stop after S seconds (default: until Ctrl-C)").build());
        o.addOption(Option.builder().longOpt("report-interval").hasArg().argName("S")
                .desc("every S seconds, write the report so far to stderr as one JSON line").build());
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("FILE")
                .desc("write the final report to FILE instead of stdout").build());
        o.addOption(Option.builder("w").longOpt("write").hasArg().argName("FILE")
                .desc("also save the captured packets to FILE as pcapng").build());
        o.addOption(Option.builder().longOpt("snaplen").hasArg().argName("BYTES")
                .desc("bytes captured per packet at most (default " + LiveCapture.DEFAULT_SNAPLEN + ")").build());
        o.addOption(Option.builder().longOpt("idle-timeout").hasArg().argName("S")
                .desc("end a TCP connection after S seconds without a packet (default 900)").build());
        AnalysisRun.addOptions(o);
        Records.addOptions(o, false);
        o.addOption(Option.builder().longOpt("top").hasArg().argName("N")
                .desc("how many of the slowest exchanges the reports list (default " + ReportBuilder.DEFAULT_SLOWEST + ")").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    /**
     * Waits until the capture runs (true) or the command failed before it could start (false).
     *
     * @throws InterruptedException if interrupted while waiting
     */
    boolean awaitCapturing(long timeout, TimeUnit unit) throws InterruptedException {
        return started.await(timeout, unit) && capture != null;
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
        CommandLine cl = Cli.parse("live", options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire live -i IFACE [options]", "Capture Kafka traffic live and report on it like kwire analyze. "
                    + "Interval reports go to stderr, one JSON object per line; the final report to stdout (or -o). "
                    + "Capturing needs libpcap and root or the CAP_NET_RAW and CAP_NET_ADMIN capabilities.", options());
            return ExitCodes.OK;
        }
        String iface = cl.getOptionValue("interface");
        if (iface == null) {
            throw new CliException(ExitCodes.USAGE, "live: -i IFACE is required (kwire interfaces lists them)");
        }
        AnalysisRun run = new AnalysisRun(cl);
        String filter = cl.getOptionValue("filter", defaultFilter(run.options.brokerPorts()));
        long duration = Cli.intValue(cl, "duration", 0);
        long interval = Cli.intValue(cl, "report-interval", 0);
        int snaplen = Cli.intValue(cl, "snaplen", LiveCapture.DEFAULT_SNAPLEN);
        long idle = Cli.intValue(cl, "idle-timeout", (int) (ReassemblyLimits.DEFAULT_IDLE_NANOS / 1_000_000_000L));
        if (snaplen == 0 || idle == 0) {
            throw new CliException(ExitCodes.USAGE, "live: --snaplen and --idle-timeout must be positive");
        }
        ReassemblyLimits limits = new ReassemblyLimits(ReassemblyLimits.DEFAULT_MAX_HELD, idle * 1_000_000_000L,
                ReassemblyLimits.DEFAULT_MAX_CLOSED);
        try {
            capture = LiveCapture.open(iface, filter, snaplen);
        } catch (LiveCaptureException e) {
            throw new CliException(e.reason() == LiveCaptureException.Reason.BAD_FILTER ? ExitCodes.USAGE : ExitCodes.INPUT,
                    e.getMessage());
        }
        try (LiveCapture c = capture) {
            return capture(c, filter, duration, interval, run, limits, cl, out, err);
        }
    }

    private int capture(LiveCapture c, String filter, long duration, long interval, AnalysisRun run,
                        ReassemblyLimits limits, CommandLine cl, PrintStream out, PrintStream err) throws CliException {
        ReportBuilder report = run.report(Cli.intValue(cl, "top", ReportBuilder.DEFAULT_SLOWEST));
        ExchangeTracker tracker = run.tracker(List.of(report));
        PacketPipeline pipeline = run.analyzer(limits).start(tracker, AnalysisRun.observer(tracker, report));
        List<String> names = List.of(c.device() + " (live)");
        PcapngWriter writer = openWriter(cl.getOptionValue("write"), c);
        CountDownLatch done = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            c.stop();
            try {
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
            if (duration > 0) {
                timer.schedule(c::stop, duration, TimeUnit.SECONDS);
            }
            if (interval > 0) {
                timer.scheduleAtFixedRate(() -> err.println(intervalReport(pipeline, report, names, c)),
                        interval, interval, TimeUnit.SECONDS);
            }
            err.println("kwire: capturing on " + c.device() + " (filter: " + (filter == null ? "none" : filter) + ")"
                    + (duration > 0 ? " for " + duration + " s" : "") + "; Ctrl-C stops and writes the report");
            started.countDown();
            PacketSource source = writer == null ? c : new TappedSource(c, p -> {
                if (p != null) {
                    writer.write(0, p);
                }
            });
            // a key log is written while the capture runs: each packet waits until its secrets can be there
            pipeline.feed(run.tls.keyLog().sources().isEmpty() ? source
                    : new DelayedSource(source, DelayedSource.KEY_LOG_DELAY_NANOS));
            timer.shutdownNow();
            pipeline.end();
            if (writer != null) {
                writer.close();
            }
            CaptureFacts facts = pipeline.facts(names, c.position());
            CaptureReports.addWarnings(facts, report, err);
            Report r = CaptureReports.build(report, facts);
            CaptureReports.write(r, cl.getOptionValue("output"), out);
            return ExitCodes.OK;
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, e.getMessage());
        } finally {
            timer.shutdownNow();
            done.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is shutting down (Ctrl-C): the hook is running and returns now that the report is out
            }
        }
    }

    private static String intervalReport(PacketPipeline pipeline, ReportBuilder report, List<String> names, LiveCapture c) {
        Report r;
        synchronized (pipeline) {
            r = CaptureReports.build(report, pipeline.facts(names, c.position()));
        }
        try {
            return LINE.writeValueAsString(r);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("report not serializable", e);
        }
    }

    /** {@code tcp port N or tcp port M ...}: the broker ports' traffic only. */
    static String defaultFilter(Set<Integer> ports) {
        return ports.stream().sorted().map(p -> "tcp port " + p).collect(Collectors.joining(" or "));
    }

    private static PcapngWriter openWriter(String file, LiveCapture c) throws CliException {
        if (file == null) {
            return null;
        }
        try {
            PcapngWriter w = new PcapngWriter(new BufferedOutputStream(Files.newOutputStream(Path.of(file)), 1 << 16),
                    "kwire live", null);
            w.addInterface(c.linkType(), c.snaplen(), c.device());
            return w;
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + file + ": " + e.getMessage());
        }
    }
}
