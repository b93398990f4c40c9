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
import java.util.List;
import java.util.Locale;

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
        o.addOption(Option.builder("r").longOpt("read").hasArg().argName("FILE")
                .desc("read this capture (as tshark -r; same as naming it after the options); repeatable").build());
        o.addOption(Option.builder().longOpt("frame").hasArg().argName("N")
                .desc("only the Kafka frame carried by capture frame (packet) N").build());
        o.addOption(Option.builder().longOpt("correlation-id").hasArg().argName("N").desc("only this correlation_id").build());
        o.addOption(Option.builder().longOpt("format").hasArg().argName("FORMAT")
                .desc("text (default): trees; json: one JSON tree per line; values: one line per frame in Kafka's JSON "
                        + "shape; summary: one line per frame, like tshark's packet list").build());
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("FILE")
                .desc("write the frames to FILE instead of stdout (a progress bar on a terminal's stderr meanwhile)").build());
        o.addOption(Option.builder("q").longOpt("quiet").desc("with -o: no progress bar").build());
        o.addOption(Option.builder("V").desc("the text trees (as tshark -V): the same as --format text").build());
        AnalysisOptions.add(o);
        Records.addOptions(o, true);
        o.addOption(Option.builder().longOpt("max-nodes").hasArg().argName("N")
                .desc("most nodes in one frame's tree (or values in its --format values body); the rest is left out with a "
                        + "note saying how many (default " + FrameDissector.DEFAULT_MAX_NODES + ")").build());
        o.addOption(Option.builder().longOpt("show-secrets")
                .desc("show SASL passwords, SCRAM proofs and OAuth tokens, which are redacted by default").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl = Cli.parse("dissect", options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire dissect [options] FILE...", "Print the Kafka frames of captures field by field, or one "
                    + "line per frame. FILE - reads standard input; several files are merged by timestamp.", options());
            return ExitCodes.OK;
        }
        List<String> named = Cli.captures(cl);
        if (named.isEmpty()) {
            Cli.noCaptureSwallowed(cl);
            throw new CliException(ExitCodes.USAGE, "dissect: no capture file given");
        }
        String output = cl.getOptionValue("output");
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
        int maxNodes = Cli.intValue(cl, "max-nodes", FrameDissector.DEFAULT_MAX_NODES);
        if (maxNodes < 1) {
            throw new CliException(ExitCodes.USAGE, "--max-nodes " + maxNodes + ": at least 1");
        }
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
        if (printer.printed() == 0) {
            Cli.say(err, selection.packet() > facts.packets() ? "capture has " + facts.packets() + " packets; frame "
                    + selection.packet() + " is past the end" : "no Kafka frame matched");
        }
    }

    private static DissectPrinter.Format format(CommandLine cl) throws CliException {
        String name = cl.getOptionValue("format", "text");
        if (cl.hasOption("V") && !name.equals("text")) {
            throw new CliException(ExitCodes.USAGE, "-V is --format text: it cannot go with --format " + name);
        }
        try {
            return DissectPrinter.Format.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, "--format " + name + ": use text, json, values or summary");
        }
    }
}
