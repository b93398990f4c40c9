package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.AnalysisOptions;
import org.kwire.analysis.CaptureAnalyzer;
import org.kwire.analysis.CaptureFacts;
import org.kwire.plan.PlanCache;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.schema.SchemaRegistry;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/** {@code kwire analyze [FILE...]}: analyzes captures into a JSON report (README, "The report"). */
final class AnalyzeCommand {

    /** The sample capture bundled in the jar, analyzed when no file is given. */
    static final String BUNDLED = "java-basic.pcap";

    private static Options options() {
        Options o = new Options();
        o.addOption(Option.builder().longOpt("port").hasArg().argName("N")
                .desc("TCP port of Kafka brokers; repeatable or comma-separated (default 9092)").build());
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("FILE")
                .desc("write the report to FILE instead of stdout").build());
        o.addOption(Option.builder().longOpt("max-frame-size").hasArg().argName("BYTES")
                .desc("largest Kafka frame accepted (default 104857600)").build());
        o.addOption(Option.builder().longOpt("schemas").hasArg().argName("DIR")
                .desc("also use the Kafka message schemas (*.json) in DIR, newer than the bundled ones").build());
        Records.addOptions(o, false);
        o.addOption(Option.builder().longOpt("strict")
                .desc("exit with code 4 if the analysis found warnings").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl = Cli.parse("analyze", options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire analyze [options] [FILE...]", "Analyze pcap/pcapng captures of Kafka traffic into a JSON "
                    + "report. With no FILE the bundled sample capture (" + BUNDLED + ") is analyzed.", options());
            return ExitCodes.OK;
        }
        AnalysisOptions opts = new AnalysisOptions(Cli.ports(cl),
                Cli.intValue(cl, "max-frame-size", AnalysisOptions.DEFAULT_MAX_FRAME), AnalysisOptions.DEFAULT_MAX_PENDING);
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
            SchemaRegistry schemas = Cli.schemas(cl);
            PlanCache plans = new PlanCache(schemas);
            ReportBuilder report = new ReportBuilder(plans, Records.options(cl));
            CaptureFacts facts = Cli.readCaptures(() -> new CaptureAnalyzer(plans, opts)
                    .analyze(files, names, report, CaptureReports.observer(report)));
            CaptureReports.addWarnings(facts, report, err);
            Report r = CaptureReports.build(report, facts);
            CaptureReports.write(r, cl.getOptionValue("output"), out);
            return cl.hasOption("strict") && !r.warnings().isEmpty() ? ExitCodes.WARNINGS : ExitCodes.OK;
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
