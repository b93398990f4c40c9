package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.AnalysisRun;
import org.kwire.capture.CaptureAnalyzer;
import org.kwire.capture.CaptureFacts;
import org.kwire.capture.PacketPipeline;
import org.kwire.dissect.FrameDissector;
import org.kwire.expert.ExpertNote;
import org.kwire.pcap.PacketSource;
import org.kwire.report.TlsAccumulator;
import org.kwire.stream.ConnectionObserver;
import org.kwire.summary.ExchangeTracker;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tls.TlsFacts;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code kwire dissect FILE... [--frame N] [--api NAME] [--correlation-id N] [--format text|json|values|summary]}:
 * every Kafka frame of a capture, field by field, with frame numbers and timestamps, or one line per frame.
 * {@code -} reads standard input; several captures are merged by timestamp.
 */
final class DissectCommand {

    private final InputStream stdin;

    /** @param stdin what {@code -} reads */
    DissectCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    static Options options() {
        Options o = new Options();
        InputOptions.read(o);
        o.addOption(Option.builder().longOpt("frame").hasArg().argName("N")
                .desc("only the Kafka frame carried by capture frame (packet) N").build());
        o.addOption(Option.builder().longOpt("correlation-id").hasArg().argName("N").desc("only this correlation_id").build());
        OutputOptions.format(o, FORMATS);
        OutputOptions.output(o, "the frames", "a progress bar on a terminal's stderr meanwhile");
        OutputOptions.quiet(o, "with -o");
        o.addOption(Option.builder("V").desc("the text trees (as tshark -V): the same as --format text").build());
        AnalysisOptions.add(o);
        LimitOptions.decompressed(o);
        Records.addOptions(o, true);
        LimitOptions.nodes(o);
        o.addOption(Option.builder().longOpt("show-secrets")
                .desc("show SASL passwords, SCRAM proofs and OAuth tokens, which are redacted by default").build());
        OutputOptions.help(o);
        return o;
    }

    /** The formats of {@code dissect}, in the order its help lists them. */
    private static final Map<DissectPrinter.Format, String> FORMATS = formats();

    private static Map<DissectPrinter.Format, String> formats() {
        Map<DissectPrinter.Format, String> m = new LinkedHashMap<>();
        m.put(DissectPrinter.Format.TEXT, "trees (default)");
        m.put(DissectPrinter.Format.JSON, "one JSON tree per line");
        m.put(DissectPrinter.Format.VALUES, "one line per frame in Kafka's JSON shape");
        m.put(DissectPrinter.Format.SUMMARY, "one line per frame, like tshark's packet list");
        return m;
    }

    /** Options that show what only trees and values hold, refused with {@code --format summary} (lines of neither). */
    private static final String[] NOT_IN_SUMMARY = {"show-secrets", "records", "max-nodes"};

    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl = Cli.parse("dissect", options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire dissect [options] FILE...", "Print the Kafka frames of captures field by field, or one "
                    + "line per frame. FILE - reads standard input; several files are merged by timestamp.", options());
            return ExitCodes.OK;
        }
        List<String> named = InputOptions.captures(cl);
        if (named.isEmpty()) {
            Cli.noCaptureSwallowed(cl);
            throw new CliException(ExitCodes.USAGE, "dissect: no capture file given (kwire dissect [OPTIONS] FILE; see kwire dissect --help)");
        }
        String output = OutputOptions.file(cl);
        if (cl.hasOption("quiet") && output == null) {
            throw new CliException(ExitCodes.USAGE, "dissect: -q goes with -o FILE (the progress bar is shown only while "
                    + "the frames go to a file)");
        }
        OutputGuard.check(cl, named, "output");
        AnalysisRun run = AnalysisOptions.start(AnalysisOptions.config(cl));
        DissectPrinter.Format format = format(cl);
        if (cl.hasOption("records-max-bytes") && !cl.hasOption("records")) {
            throw new CliException(ExitCodes.USAGE, "dissect: --records-max-bytes goes with --records (without it only "
                    + "sizes are shown)");
        }
        DissectPrinter.Selection selection = new DissectPrinter.Selection(
                cl.hasOption("frame") ? Cli.positiveValue(cl, "frame", 1) : 0, Cli.int32Value(cl, "correlation-id"));
        int maxNodes = LimitOptions.nodes(cl);
        FrameDissector dissector = new FrameDissector(run.plans(), Records.handler(run.records(), run.schemas(), maxNodes,
                run.topics()::name), !cl.hasOption("show-secrets"), maxNodes);
        try (java.io.OutputStream file = Cli.output(output, out);
             PrintStream to = output == null ? out : new PrintStream(file, false, java.nio.charset.StandardCharsets.UTF_8)) {
            dissect(run, dissector, format, selection, named, output != null && !cl.hasOption("quiet"), to, err);
            if (output != null && to.checkError()) {
                throw new CliException(ExitCodes.INPUT, "cannot write " + output + ": an I/O error (is the disk full?)");
            }
        } catch (java.io.IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + output + ": " + Cli.why(e));
        }
        return ExitCodes.OK;
    }

    private void dissect(AnalysisRun run, FrameDissector dissector, DissectPrinter.Format format,
                         DissectPrinter.Selection selection, List<String> named, boolean progressBar, PrintStream out,
                         PrintStream err) throws CliException {
        DissectPrinter printer = new DissectPrinter(dissector, run.schemas(), run.topics(), format, selection, run.filter(), out);
        CaptureInputs captures = CaptureInputs.of(CaptureInputs.named(named), stdin);
        ExchangeTracker tracker = run.tracker(List.of(printer));
        tracker.tap(printer.tap()); // each selected frame's tree is built in the pass that summarizes it
        TlsAccumulator tls = new TlsAccumulator();
        tls.keyLog(run.tls().keyLog());
        ConnectionObserver tlsFacts = new ConnectionObserver() {
            @Override
            public void tls(int stream, String client, String broker, TlsFacts f) {
                tls.add(stream, client, broker, f);
            }
        };
        PacketPipeline pipeline = new CaptureAnalyzer(run.stage(tracker, null, tlsFacts), ReassemblyLimits.defaults()).start();
        CaptureFacts facts = Cli.readCaptures(() -> {
            try (Progress progress = Progress.start(progressBar, captures.bytes(), err);
                 PacketSource source = captures.open()) {
                pipeline.feed(progress.track(source));
            }
            pipeline.end();
            tracker.finish();
            return pipeline.facts(captures.names(), 0);
        });
        long givenUp = printer.finish();
        for (ExpertNote w : facts.warnings()) {
            Cli.warn(err, w.message());
        }
        if (givenUp > 0) {
            Cli.warn(err, givenUp + " request(s) waited too long for the response that decides the filter "
                    + "(more than " + DissectPrinter.MAX_HELD + " waiting) and were not printed");
        }
        for (String w : tls.warnings()) {
            Cli.warn(err, w);
        }
        if (printer.printed() == 0 && selection.packet() > facts.packets()) {
            // the frame asked for is not in the capture: a wrong argument (exit code 2), not an empty selection
            throw new CliException(ExitCodes.USAGE, "capture has " + facts.packets() + " packets; frame "
                    + selection.packet() + " is past the end");
        }
        if (printer.printed() == 0) {
            Cli.say(err, "no Kafka frame matched");
        }
    }

    private static DissectPrinter.Format format(CommandLine cl) throws CliException {
        DissectPrinter.Format format = OutputOptions.format(cl, FORMATS, DissectPrinter.Format.TEXT);
        if (cl.hasOption("V") && format != DissectPrinter.Format.TEXT) {
            throw new CliException(ExitCodes.USAGE, "-V is --format text: it cannot go with --format " + cl.getOptionValue("format"));
        }
        for (String o : NOT_IN_SUMMARY) {
            if (format == DissectPrinter.Format.SUMMARY && cl.hasOption(o)) {
                throw new CliException(ExitCodes.USAGE, "dissect: --" + o + " has no effect with --format summary: its lines "
                        + "show no field values (use --format text, json or values)");
            }
        }
        return format;
    }
}
