package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.kwire.analysis.AnalysisOptions;
import org.kwire.analysis.CaptureAnalyzer;
import org.kwire.analysis.CaptureFacts;
import org.kwire.pcap.CaptureFormatException;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.schema.SchemaRegistry;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
        o.addOption(Option.builder().longOpt("strict")
                .desc("exit with code 4 if the analysis found warnings").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl;
        try {
            cl = new DefaultParser().parse(options(), args);
        } catch (ParseException e) {
            throw new CliException(ExitCodes.USAGE, "analyze: " + e.getMessage());
        }
        if (cl.hasOption("help")) {
            PrintWriter w = new PrintWriter(out);
            new HelpFormatter().printHelp(w, 100, "kwire analyze [options] [FILE...]",
                    "Analyze pcap/pcapng captures of Kafka traffic into a JSON report.\n\n", options(), 2, 4,
                    "\nWith no FILE the bundled sample capture (" + BUNDLED + ") is analyzed.");
            w.flush();
            return ExitCodes.OK;
        }
        AnalysisOptions opts = new AnalysisOptions(ports(cl), intOption(cl, "max-frame-size", AnalysisOptions.DEFAULT_MAX_FRAME),
                AnalysisOptions.DEFAULT_MAX_PENDING);
        List<Path> files = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Path bundled = null;
        try {
            if (cl.getArgList().isEmpty()) {
                bundled = extractBundled();
                files.add(bundled);
                names.add(BUNDLED + " (bundled sample)");
            }
            for (String f : cl.getArgList()) {
                files.add(Path.of(f));
                names.add(f);
            }
            SchemaRegistry schemas = SchemaRegistry.bundled();
            ReportBuilder report = new ReportBuilder(schemas);
            CaptureFacts facts = new CaptureAnalyzer(schemas, opts).analyze(files, names, report, report::addConversation);
            CaptureReports.addWarnings(facts, report, err);
            Report r = CaptureReports.build(report, facts);
            CaptureReports.write(r, cl.getOptionValue("output"), out);
            return cl.hasOption("strict") && !r.warnings().isEmpty() ? ExitCodes.WARNINGS : ExitCodes.OK;
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCodes.INPUT, "no such file: " + e.getFile());
        } catch (AccessDeniedException e) {
            throw new CliException(ExitCodes.INPUT, "permission denied: " + e.getFile());
        } catch (CaptureFormatException e) {
            throw new CliException(ExitCodes.INPUT, e.getMessage());
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, e.getMessage() == null ? e.toString() : e.getMessage());
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

    static Set<Integer> ports(CommandLine cl) throws CliException {
        String[] values = cl.getOptionValues("port");
        if (values == null) {
            return Set.of(AnalysisOptions.DEFAULT_PORT);
        }
        Set<Integer> ports = new LinkedHashSet<>();
        for (String v : values) {
            for (String p : v.split(",")) {
                int n = parseInt("--port", p);
                if (n < 1 || n > 65535) {
                    throw new CliException(ExitCodes.USAGE, "--port " + p + ": not a TCP port (1-65535)");
                }
                ports.add(n);
            }
        }
        return Set.copyOf(ports);
    }

    static int intOption(CommandLine cl, String name, int dflt) throws CliException {
        String v = cl.getOptionValue(name);
        if (v == null) {
            return dflt;
        }
        int n = parseInt("--" + name, v);
        if (n <= 0) {
            throw new CliException(ExitCodes.USAGE, "--" + name + " " + v + ": must be positive");
        }
        return n;
    }

    private static int parseInt(String option, String v) throws CliException {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new CliException(ExitCodes.USAGE, option + " " + v + ": not a number");
        }
    }
}
