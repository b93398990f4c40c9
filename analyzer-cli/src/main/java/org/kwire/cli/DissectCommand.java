package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.CaptureFacts;
import org.kwire.dissect.FrameDissector;
import org.kwire.report.TlsAccumulator;
import org.kwire.summary.ExchangeTracker;
import org.kwire.tcp.ReassemblyLimits;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code kwire dissect FILE... [--frame N] [--api NAME] [--correlation-id N] [--format text|json|values]}: every
 * Kafka frame of a capture, field by field, with frame numbers and timestamps.
 */
final class DissectCommand {

    private static Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("frame").hasArg().argName("N")
                .desc("only the Kafka frame carried by capture frame (packet) N").build());
        o.addOption(Option.builder().longOpt("correlation-id").hasArg().argName("N").desc("only this correlation_id").build());
        o.addOption(Option.builder().longOpt("format").hasArg().argName("FORMAT")
                .desc("text (default): trees; json: one JSON tree per line; values: one line per frame in Kafka's JSON shape").build());
        AnalysisRun.addOptions(o);
        Records.addOptions(o, true);
        o.addOption(Option.builder().longOpt("show-secrets")
                .desc("show SASL passwords, SCRAM proofs and OAuth tokens, which are redacted by default").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl = Cli.parse("dissect", options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire dissect [options] FILE...", "Print the Kafka frames of captures field by field.", options());
            return ExitCodes.OK;
        }
        if (cl.getArgList().isEmpty()) {
            throw new CliException(ExitCodes.USAGE, "dissect: no capture file given");
        }
        AnalysisRun run = new AnalysisRun(cl);
        DissectPrinter.Format format = format(cl.getOptionValue("format", "text"));
        DissectPrinter.Selection selection = new DissectPrinter.Selection(Cli.intValue(cl, "frame", 0),
                cl.hasOption("correlation-id") ? Cli.intValue(cl, "correlation-id", 0) : null);
        FrameDissector dissector = new FrameDissector(run.plans, Records.handler(run.records), !cl.hasOption("show-secrets"));
        DissectPrinter printer = new DissectPrinter(dissector, run.schemas, run.topics, format, selection, run.filter, out);
        List<Path> files = new ArrayList<>();
        for (String f : cl.getArgList()) {
            files.add(Path.of(f));
        }
        ExchangeTracker tracker = run.tracker(List.of(printer));
        TlsAccumulator tls = new TlsAccumulator();
        tls.keyLog(run.tls.keyLog());
        CaptureFacts facts = Cli.readCaptures(() -> run.analyzer(ReassemblyLimits.defaults())
                .analyze(files, cl.getArgList(), tracker, AnalysisRun.observer(tracker, null, tls)));
        for (String w : facts.warnings()) {
            err.println("kwire: warning: " + w);
        }
        for (String w : tls.warnings()) {
            err.println("kwire: warning: " + w);
        }
        if (printer.printed() == 0) {
            err.println("kwire: no Kafka frame matched");
        }
        return ExitCodes.OK;
    }

    private static DissectPrinter.Format format(String name) throws CliException {
        try {
            return DissectPrinter.Format.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.USAGE, "--format " + name + ": use text, json or values");
        }
    }
}
