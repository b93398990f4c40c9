package org.kwire.cli;

import org.kwire.analysis.Units;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.analysis.AnalysisRun;
import org.kwire.analysis.CapturePass;
import org.kwire.capture.CaptureFacts;
import org.kwire.export.EventWriter;
import org.kwire.pcap.PacketSource;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.summary.ExchangeSink;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code kwire analyze [FILE...]}: analyzes captures into a report (docs/GUIDE.md, "The report") — text for people, the
 * default when stdout is a terminal, or JSON, the default otherwise — or into a stream of exchange events (NDJSON,
 * Elasticsearch bulk). {@code -} reads a capture from standard input; several captures are merged by timestamp.
 */
final class AnalyzeCommand {

    /** The sample capture bundled in the jar, analyzed when no file is given. */
    static final String BUNDLED = "java-basic.pcap";
    /** Set to {@code pipe} by the launcher when standard input is a pipe (a JVM cannot tell a pipe from a terminal). */
    static final String STDIN_PROPERTY = "kwire.stdin";
    /** Default index name of an Elasticsearch bulk body. */
    static final String DEFAULT_INDEX = "kwire-exchanges";

    private final InputStream stdin;
    private final boolean terminal;

    /**
     * @param stdin    what {@code -} reads
     * @param terminal whether stdout is a terminal (then the report is text by default)
     */
    AnalyzeCommand(InputStream stdin, boolean terminal) {
        this.stdin = stdin;
        this.terminal = terminal;
    }

    static Options options() {
        Options o = new Options();
        AnalysisOptions.add(o);
        LimitOptions.decompressed(o);
        Records.addOptions(o, false);
        InputOptions.read(o);
        OutputOptions.output(o, "the report (or the events)", "");
        OutputOptions.format(o, FORMATS);
        o.addOption(Option.builder().longOpt("index").hasArg().argName("NAME")
                .desc("index name in the es-bulk action lines (default " + DEFAULT_INDEX + ")").build());
        AnalysisOptions.addReport(o);
        o.addOption(Option.builder().longOpt("workers").hasArg().argName("N")
                .desc("threads that decode frame bodies and record batches while packets are read (default: one per "
                        + "processor, 0 on a single one, no more than the heap gives --max-decompressed room; 0: everything on one "
                        + "thread; with workers, reading and TCP reassembly also get a thread apart from framing and the "
                        + "report); more than fit are refused; the output is the same").build());
        o.addOption(Option.builder().longOpt("stream-threads").hasArg().argName("N")
                .desc("with workers: threads the TCP connections are shared out over (by their addresses and ports) "
                        + "for framing, TLS and matching, their findings merged in capture order (default: 1; 1 to "
                        + AnalysisConfig.MAX_STREAM_THREADS + "); the output is the same").build());
        o.addOption(Option.builder().longOpt("jobs").hasArg().argName("N")
                .desc("analyze the files (in time order) as up to N runs of consecutive files on N threads, and merge their "
                        + "results into the report of one analysis (rotated captures; see docs/GUIDE.md, \"Rotated captures\"). "
                        + "With --split auto (the default) the files are split only where that is faster: each run gets "
                        + "at least " + (FileGroups.MIN_SLICE_BYTES >> 20) + " MiB and two processors (one analysis "
                        + "already keeps about two busy), else they are analyzed as one; no more runs at once than the heap "
                        + "gives --max-decompressed room, as for --workers").build());
        o.addOption(Option.builder().longOpt("split").hasArg().argName("WHEN")
                .desc("with --jobs: auto (default): split the files only where it is faster; always: into N runs "
                        + "whatever their size and the processors (the same report, for testing the merge)").build());
        o.addOption(Option.builder().longOpt("partial")
                .desc("write a partial result (JSON; gzip when -o names a .gz file) instead of the report, to merge with "
                        + "others by kwire merge").build());
        o.addOption(Option.builder().longOpt("boundary-bytes").hasArg().argName("BYTES")
                .desc("with --partial or --jobs: stream bytes (or 512K, 4M) kept per TCP connection at a file's edges, to join "
                        + "connections that cross into the next file (default " + Units.size(org.kwire.partial.BoundaryRecorder.DEFAULT_CAP)
                        + "); past it a warning counts the connections not joined").build());
        o.addOption(Option.builder().longOpt("metrics-file").hasArg().argName("FILE")
                .desc("also write the capture's Prometheus metrics to FILE (node_exporter textfile format)").build());
        MetricsRun.addOptions(o, false);
        OutputOptions.quiet(o, "");
        OutputOptions.strict(o);
        OutputOptions.help(o);
        return o;
    }

    /** What {@code --format} asks for. */
    enum Format { TEXT, JSON, NDJSON, ES_BULK }

    /** The formats of {@code analyze}, in the order its help lists them. */
    static final java.util.Map<Format, String> FORMATS = formats(
            "the report for people (default when stdout is a terminal)", "the report as JSON (default otherwise)",
            "one JSON event per exchange, then one per rebalance and leader change",
            "the events as an Elasticsearch/OpenSearch bulk body");

    /** {@code meanings} of {@link Format}'s constants in order (the first ones, for a command writing fewer). */
    static java.util.Map<Format, String> formats(String... meanings) {
        java.util.Map<Format, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < meanings.length; i++) {
            m.put(Format.values()[i], meanings[i]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl = Cli.parse("analyze", options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire analyze [options] [FILE...]", "Analyze pcap/pcapng captures of Kafka traffic into a report: "
                    + "text on a terminal, JSON otherwise. FILE - reads standard input (tcpdump -w - | kwire analyze -); "
                    + "several files are merged by timestamp. With no FILE the bundled sample capture (" + BUNDLED
                    + ") is analyzed (with a warning when standard input is a pipe: give - for it). An output that is also an input is "
                    + "refused.", options());
            return ExitCodes.OK;
        }
        String output = OutputOptions.file(cl);
        Format format = OutputOptions.format(cl, FORMATS, terminal && output == null ? Format.TEXT : Format.JSON);
        if (cl.hasOption("index") && format != Format.ES_BULK) {
            throw new CliException(ExitCodes.USAGE, "--index goes with --format es-bulk");
        }
        refuseReportOptionsWithEvents(cl, format);
        OutputGuard.check(cl, InputOptions.captures(cl), "output", "metrics-file");
        if (cl.hasOption("jobs") || cl.hasOption("partial")) {
            JobsRun jobs = new JobsRun(cl, stdin, terminal);
            boolean splits = jobs.splits(); // its options checked with --partial too
            if (cl.hasOption("partial") || splits) {
                return jobs.run(out, err);
            }
        } else if (cl.hasOption("split") || cl.hasOption("boundary-bytes")) {
            throw new CliException(ExitCodes.USAGE, cl.hasOption("split") ? "--split goes with --jobs"
                    : "--boundary-bytes goes with --partial or --jobs");
        }
        AnalysisRun run = AnalysisOptions.start(AnalysisOptions.config(cl));
        MetricsRun metrics = MetricsRun.of(cl, "metrics-file", run);
        List<String> named = InputOptions.captures(cl);
        Path bundled = null;
        try {
            List<CaptureInputs.Input> inputs = new ArrayList<>(CaptureInputs.named(named));
            bundled = addBundled(cl, named, inputs, err);
            CaptureInputs captures = CaptureInputs.of(inputs, stdin);
            ReportBuilder report = run.report();
            try (SignalStop signals = captures.readsStdin() ? SignalStop.install(stdin) : null) {
                if (format == Format.JSON || format == Format.TEXT) {
                    CaptureFacts facts = analyze(run, report, MetricsRun.sinks(metrics, report), metrics, captures, signals, cl, err);
                    Report r = CapturePass.build(report, facts);
                    writeMetrics(metrics, facts, cl);
                    CaptureReports.noMatch(r, err);
                    CaptureReports.write(r, format, output, out);
                    return OutputOptions.exitCode(cl, r);
                }
                try (OutputStream stream = Cli.output(output, out);
                     EventWriter events = new EventWriter(stream, format == Format.ES_BULK ? cl.getOptionValue("index", DEFAULT_INDEX) : null,
                             run.schemas(), run.topics())) {
                    CaptureFacts facts = analyze(run, report, MetricsRun.sinks(metrics, report, events), metrics, captures, signals,
                            cl, err);
                    Report r = CapturePass.build(report, facts);
                    events.onReport(r);
                    writeMetrics(metrics, facts, cl);
                    return OutputOptions.exitCode(cl, r);
                } catch (IOException e) {
                    throw new CliException(ExitCodes.INPUT, "cannot write the events: " + Cli.why(e));
                }
            }
        } finally {
            deleteBundled(bundled);
        }
    }

    /**
     * With no capture named: checks that no option took one as its value ({@link Cli#noCaptureSwallowed}), and adds
     * the bundled sample capture to {@code inputs}, extracted to a temporary file, which it returns; else null.
     */
    static Path addBundled(CommandLine cl, List<String> named, List<CaptureInputs.Input> inputs, PrintStream err)
            throws CliException {
        if (!named.isEmpty()) {
            return null;
        }
        Cli.noCaptureSwallowed(cl);
        if ("pipe".equals(System.getProperty(STDIN_PROPERTY))) { // a warning, not a refusal: scripts run the sample so
            Cli.warn(err, "no capture named: analyzing the bundled sample, not standard input (a pipe); "
                    + "give - to analyze standard input (tcpdump -w - | kwire analyze -)");
        }
        Path bundled = Cli.readCaptures(AnalyzeCommand::extractBundled);
        inputs.add(new CaptureInputs.Input(BUNDLED + " (bundled sample)", bundled));
        return bundled;
    }

    /** Deletes the bundled sample's temporary file, if any. */
    static void deleteBundled(Path bundled) {
        if (bundled != null) {
            try {
                Files.deleteIfExists(bundled);
            } catch (IOException ignored) {
                // a temp file left behind is harmless
            }
        }
    }

    private static void writeMetrics(MetricsRun metrics, CaptureFacts facts, CommandLine cl) throws CliException {
        if (metrics != null) {
            metrics.writeFile(facts, cl.getOptionValue("metrics-file"));
        }
    }

    /** Reads the captures into the sinks (a progress bar on a terminal); returns what was read, warnings noted. */
    private static CaptureFacts analyze(AnalysisRun run, ReportBuilder report, List<ExchangeSink> sinks, MetricsRun metrics,
                                        CaptureInputs captures, SignalStop signals, CommandLine cl, PrintStream err)
            throws CliException {
        int workers = run.config().workers().orElse(run.defaultWorkers());
        return Cli.library(() -> CapturePass.read(run, report, sinks, workers, pipeline -> {
            long total = captures.bytes();
            try (Progress progress = Progress.start(!cl.hasOption("quiet"), total, err);
                 PacketSource source = captures.open()) {
                pipeline.feed(progress.track(signals == null ? source : signals.wrap(source)));
            }
            if (total < 0) {
                total = captures.bytesRead(); // standard input: the bytes read from it, as they came
            }
            return new CapturePass.Fed(captures.names(), total);
        }, w -> Cli.warn(err, w), MetricsRun.observer(metrics)));
    }

    /**
     * Refuses the options that shape only the report when {@code --format ndjson} or {@code es-bulk} writes events
     * instead: {@code --top} (the slowest list) and {@code --target-kafka} (the readiness section); and
     * {@code --include-long-polls} unless {@code --metrics-file} writes latencies too.
     */
    private static void refuseReportOptionsWithEvents(CommandLine cl, Format format) throws CliException {
        if (format != Format.NDJSON && format != Format.ES_BULK) {
            return;
        }
        for (String o : new String[] {"top", "target-kafka"}) {
            if (cl.hasOption(o)) {
                throw new CliException(ExitCodes.USAGE, "analyze: --" + o + " shapes the report: --format "
                        + OutputOptions.name(format) + " writes events, not the report");
            }
        }
        if (cl.hasOption("include-long-polls") && !cl.hasOption("metrics-file")) {
            throw new CliException(ExitCodes.USAGE, "analyze: --include-long-polls shapes the report and the metrics: --format "
                    + OutputOptions.name(format) + " writes every long-poll as an event, and no metrics without --metrics-file");
        }
    }

    static Path extractBundled() throws IOException {
        Path tmp = TempFiles.create("kwire-sample-", ".pcap");
        try (InputStream in = AnalyzeCommand.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IOException("the bundled sample capture is missing from this build");
            }
            // into the file TempFiles made (owner-only), not a new one as Files.copy(REPLACE_EXISTING) would make it
            try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                in.transferTo(out);
            }
        }
        return tmp;
    }
}
