package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.CaptureFacts;
import org.kwire.analysis.PacketPipeline;
import org.kwire.export.EventWriter;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.PacketSource;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeTracker;
import org.kwire.tcp.ReassemblyLimits;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code kwire analyze [FILE...]}: analyzes captures into a JSON report (README, "The report"), or into a stream of
 * exchange events (NDJSON, Elasticsearch bulk).
 */
final class AnalyzeCommand {

    /** The sample capture bundled in the jar, analyzed when no file is given. */
    static final String BUNDLED = "java-basic.pcap";
    /** Default index name of an Elasticsearch bulk body. */
    static final String DEFAULT_INDEX = "kwire-exchanges";

    private static Options options() {
        Options o = new Options();
        AnalysisRun.addOptions(o);
        Records.addOptions(o, false);
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("FILE")
                .desc("write the report (or the events) to FILE instead of stdout").build());
        o.addOption(Option.builder().longOpt("format").hasArg().argName("FORMAT")
                .desc("json (default): the report; ndjson: one JSON event per exchange; es-bulk: the events as an "
                        + "Elasticsearch/OpenSearch bulk body").build());
        o.addOption(Option.builder().longOpt("index").hasArg().argName("NAME")
                .desc("index name in the es-bulk action lines (default " + DEFAULT_INDEX + ")").build());
        o.addOption(Option.builder().longOpt("top").hasArg().argName("N")
                .desc("how many of the slowest exchanges the report lists (default " + ReportBuilder.DEFAULT_SLOWEST + ")").build());
        o.addOption(Option.builder().longOpt("workers").hasArg().argName("N")
                .desc("threads that decode frame bodies and record batches while packets are read (default: one per "
                        + "processor, 0 on a single one; 0: everything on one thread); the output is the same").build());
        o.addOption(Option.builder("q").longOpt("quiet").desc("no progress bar").build());
        o.addOption(Option.builder().longOpt("strict")
                .desc("exit with code 4 if the analysis found warnings").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    /** What {@code --format} asks for. */
    private enum Format { JSON, NDJSON, ES_BULK }

    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl = Cli.parse("analyze", options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire analyze [options] [FILE...]", "Analyze pcap/pcapng captures of Kafka traffic into a JSON "
                    + "report. With no FILE the bundled sample capture (" + BUNDLED + ") is analyzed.", options());
            return ExitCodes.OK;
        }
        Format format = format(cl.getOptionValue("format", "json"));
        if (cl.hasOption("index") && format != Format.ES_BULK) {
            throw new CliException(ExitCodes.USAGE, "--index goes with --format es-bulk");
        }
        AnalysisRun run = new AnalysisRun(cl);
        List<Path> files = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Path bundled = null;
        try {
            if (cl.getArgList().isEmpty()) {
                bundled = Cli.readCaptures(AnalyzeCommand::extractBundled);
                files.add(bundled);
                names.add(BUNDLED + " (bundled sample)");
            }
            for (String f : cl.getArgList()) {
                files.add(Path.of(f));
                names.add(f);
            }
            ReportBuilder report = run.report(Cli.intValue(cl, "top", ReportBuilder.DEFAULT_SLOWEST));
            if (format == Format.JSON) {
                Report r = CaptureReports.build(report, analyze(run, report, List.of(report), files, names, cl, err));
                CaptureReports.write(r, cl.getOptionValue("output"), out);
                return cl.hasOption("strict") && !r.warnings().isEmpty() ? ExitCodes.WARNINGS : ExitCodes.OK;
            }
            try (OutputStream stream = Cli.output(cl.getOptionValue("output"), out);
                 EventWriter events = new EventWriter(stream, format == Format.ES_BULK ? cl.getOptionValue("index", DEFAULT_INDEX) : null,
                         run.schemas, run.topics)) {
                Report r = CaptureReports.build(report, analyze(run, report, List.of(report, events), files, names, cl, err));
                return cl.hasOption("strict") && !r.warnings().isEmpty() ? ExitCodes.WARNINGS : ExitCodes.OK;
            } catch (IOException e) {
                throw new CliException(ExitCodes.INPUT, "cannot write the events: " + e.getMessage());
            }
        } finally {
            if (bundled != null) {
                try {
                    Files.deleteIfExists(bundled);
                } catch (IOException ignored) {
                    // a temp file left behind is harmless
                }
            }
        }
    }

    /** Reads the files into the sinks (a progress bar on a terminal); returns what was read, warnings noted. */
    private static CaptureFacts analyze(AnalysisRun run, ReportBuilder report, List<ExchangeSink> sinks, List<Path> files,
                                        List<String> names, CommandLine cl, PrintStream err) throws CliException {
        ExchangeTracker tracker = run.tracker(sinks, Cli.intValue(cl, "workers", AnalysisRun.defaultWorkers()));
        PacketPipeline pipeline = run.analyzer(ReassemblyLimits.defaults()).start(tracker, AnalysisRun.observer(tracker, report));
        CaptureFacts facts = Cli.readCaptures(() -> {
            long total = 0;
            for (Path f : files) {
                total += Files.size(f);
            }
            try (Progress progress = Progress.start(!cl.hasOption("quiet"), total)) {
                for (Path f : files) {
                    try (PacketSource source = CaptureFiles.open(f)) {
                        pipeline.feed(progress.track(source));
                    }
                    progress.fileDone(Files.size(f));
                }
            }
            pipeline.end();
            tracker.finish();
            return pipeline.facts(names, total);
        });
        CaptureReports.addWarnings(facts, report, err);
        return facts;
    }

    private static Format format(String name) throws CliException {
        try {
            return Format.valueOf(name.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, "--format " + name + ": use json, ndjson or es-bulk");
        }
    }

    private static Path extractBundled() throws IOException {
        Path tmp = Files.createTempFile("kwire-sample-", ".pcap");
        try (InputStream in = AnalyzeCommand.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IOException("the bundled sample capture is missing from this build");
            }
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
        }
        return tmp;
    }
}
