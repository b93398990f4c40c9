package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.AnalysisOptions;
import org.kwire.analysis.CaptureAnalyzer;
import org.kwire.analysis.CaptureFacts;
import org.kwire.analysis.ConnectionObserver;
import org.kwire.dissect.FrameDissector;
import org.kwire.plan.PlanCache;
import org.kwire.schema.SchemaRegistry;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code kwire dissect FILE... [--frame N] [--api NAME] [--correlation-id N] [--format text|json|values]}: every
 * Kafka frame of a capture, field by field, with frame numbers and timestamps.
 */
final class DissectCommand {

    private static Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("frame").hasArg().argName("N")
                .desc("only the Kafka frame carried by capture frame (packet) N").build());
        o.addOption(Option.builder().longOpt("api").hasArg().argName("NAME[,NAME]").desc("only these APIs (names or keys)").build());
        o.addOption(Option.builder().longOpt("correlation-id").hasArg().argName("N").desc("only this correlation_id").build());
        o.addOption(Option.builder().longOpt("format").hasArg().argName("FORMAT")
                .desc("text (default): trees; json: one JSON tree per line; values: one line per frame in Kafka's JSON shape").build());
        o.addOption(Option.builder().longOpt("port").hasArg().argName("N")
                .desc("TCP port of Kafka brokers; repeatable or comma-separated (default 9092)").build());
        o.addOption(Option.builder().longOpt("schemas").hasArg().argName("DIR")
                .desc("also use the Kafka message schemas (*.json) in DIR, newer than the bundled ones").build());
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
        SchemaRegistry schemas = Cli.schemas(cl);
        DissectPrinter.Format format = format(cl.getOptionValue("format", "text"));
        DissectPrinter.Selection selection = new DissectPrinter.Selection(Cli.intValue(cl, "frame", 0),
                apis(schemas, cl.getOptionValue("api")),
                cl.hasOption("correlation-id") ? Cli.intValue(cl, "correlation-id", 0) : null);
        PlanCache plans = new PlanCache(schemas);
        FrameDissector dissector = new FrameDissector(plans, Records.handler(Records.options(cl)), !cl.hasOption("show-secrets"));
        DissectPrinter printer = new DissectPrinter(dissector, schemas, format, selection, out);
        List<Path> files = new ArrayList<>();
        for (String f : cl.getArgList()) {
            files.add(Path.of(f));
        }
        AnalysisOptions opts = new AnalysisOptions(Cli.ports(cl), AnalysisOptions.DEFAULT_MAX_FRAME, AnalysisOptions.DEFAULT_MAX_PENDING);
        CaptureFacts facts = Cli.readCaptures(() -> new CaptureAnalyzer(plans, opts).analyze(files, cl.getArgList(), printer, ConnectionObserver.NONE));
        for (String w : facts.warnings()) {
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

    /** API names or keys, comma-separated. */
    static Set<Integer> apis(SchemaRegistry schemas, String list) throws CliException {
        Set<Integer> keys = new HashSet<>();
        if (list == null) {
            return keys;
        }
        for (String name : list.split(",")) {
            int key = name.trim().matches("\\d+") ? Integer.parseInt(name.trim()) : schemas.apiKey(name);
            if (key < 0 || !schemas.apiKeys().contains(key)) {
                throw new CliException(ExitCodes.USAGE, "--api " + name + ": unknown API (kwire schema lists them)");
            }
            keys.add(key);
        }
        return keys;
    }
}
