package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.partial.Partial;
import org.kwire.partial.PartialCodec;
import org.kwire.partial.PartialMerge;
import org.kwire.partial.SliceFacts;
import org.kwire.report.Report;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code kwire merge PARTIAL...}: merges partial results written by {@code kwire analyze --partial} (on other
 * machines, of other files) in the order given, and writes the report of one analysis of all their files, or with
 * {@code --partial} the merged partial (to merge further).
 */
final class MergeCommand {

    static Options options() {
        Options o = new Options();
        o.addOption(Option.builder("o").longOpt("output").hasArg().argName("FILE")
                .desc("write the report to FILE instead of stdout").build());
        o.addOption(Option.builder().longOpt("format").hasArg().argName("FORMAT")
                .desc("text (default on a terminal) or json (default otherwise)").build());
        o.addOption(Option.builder().longOpt("partial").desc("write the merged partial instead of the report").build());
        o.addOption(Option.builder().longOpt("strict").desc("exit with code 4 if the report has warnings").build());
        o.addOption(Option.builder("q").longOpt("quiet").desc("accepted as analyze accepts it; merge shows no progress").build());
        o.addOption(Option.builder("h").longOpt("help").desc("show this help").build());
        return o;
    }

    private final boolean terminal;

    MergeCommand(boolean terminal) {
        this.terminal = terminal;
    }

    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl = Cli.parse("merge", options(), args);
        if (cl.hasOption("help")) {
            Cli.help(out, "kwire merge [options] PARTIAL...", "Merge partial results of kwire analyze --partial (files "
                    + "analyzed apart, e.g. each broker's captures on its own machine), given in the order of their files, "
                    + "into the report of one analysis of all the files.", options());
            return ExitCodes.OK;
        }
        List<String> files = cl.getArgList();
        if (files.isEmpty()) {
            throw new CliException(ExitCodes.USAGE, "merge: no partial given (kwire analyze --partial -o FILE writes one)");
        }
        OutputGuard.check(cl, files, "output");
        String output = cl.getOptionValue("output");
        AnalyzeCommand.Format format = cl.hasOption("format") ? AnalyzeCommand.format(cl.getOptionValue("format"))
                : terminal && output == null ? AnalyzeCommand.Format.TEXT : AnalyzeCommand.Format.JSON;
        if (format != AnalyzeCommand.Format.JSON && format != AnalyzeCommand.Format.TEXT) {
            throw new CliException(ExitCodes.USAGE, "--format " + cl.getOptionValue("format") + ": use text or json");
        }
        Partial merged = null;
        java.util.Map<List<Object>, String> seen = new java.util.HashMap<>();
        for (String f : files) {
            Partial p = read(f);
            refuseRepeatedSlices(p, f, seen);
            try {
                merged = merged == null ? p : PartialMerge.merge(merged, p);
            } catch (IllegalArgumentException e) {
                throw new CliException(ExitCodes.INPUT, f + ": cannot be merged with the partials before it: " + e.getMessage());
            } catch (RuntimeException e) { // a section present but hollow (edited or damaged): one line, not a trace
                throw new CliException(ExitCodes.INPUT, f + ": a damaged kwire partial (" + e + ")");
            }
        }
        if (cl.hasOption("partial")) {
            JobsRun.writePartial(merged, output, out);
            return ExitCodes.OK;
        }
        List<String> options = new java.util.ArrayList<>();
        merged.analysis().forEach((name, value) -> { // the slices' analysis options: the stitching replays with them
            options.add("--" + name);
            if (!value.isEmpty()) {
                options.add(value);
            }
        });
        Report r;
        try {
            r = SliceAnalysis.of(options.toArray(String[]::new)).report(merged, w -> Cli.warn(err, w));
        } catch (RuntimeException e) { // as above, found only when the report is made
            throw new CliException(ExitCodes.INPUT, String.join(", ", files) + ": a damaged kwire partial (" + e + ")");
        }
        if (format == AnalyzeCommand.Format.JSON) {
            CaptureReports.write(r, output, out);
        } else {
            CaptureReports.writeText(r, output, out);
        }
        return cl.hasOption("strict") && !r.warnings().isEmpty() ? ExitCodes.WARNINGS : ExitCodes.OK;
    }

    /**
     * Refuses a partial holding a slice that an earlier one holds already (the same files, size, packets and first and
     * last packet times: the same file analyzed twice, or one partial given twice), whose traffic would count twice.
     */
    private static void refuseRepeatedSlices(Partial p, String file, java.util.Map<List<Object>, String> seen)
            throws CliException {
        for (SliceFacts s : p.slices()) {
            List<Object> key = List.of(s.files(), s.bytes(), s.packets(), s.firstTimestampNanos(), s.lastTimestampNanos());
            String before = seen.putIfAbsent(key, file);
            if (before != null) {
                throw new CliException(ExitCodes.INPUT, file + ": holds the slice of " + String.join(", ", s.files()) + " ("
                        + s.packets() + " packets) that " + before + " holds already: merged twice, its traffic would "
                        + "count twice");
            }
        }
    }

    private static Partial read(String file) throws CliException {
        try (InputStream in = file.equals("-") ? System.in : Files.newInputStream(Path.of(file))) {
            return PartialCodec.read(in);
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCodes.INPUT, "no such file: " + file);
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, file + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        } catch (RuntimeException e) {
            throw new CliException(ExitCodes.INPUT, file + ": a damaged kwire partial (" + e + ")");
        }
    }
}
