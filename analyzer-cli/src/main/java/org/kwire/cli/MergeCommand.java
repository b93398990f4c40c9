package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.Analysis;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.analysis.ConfigException;
import org.kwire.json.JsonInput;
import org.kwire.json.JsonInputException;
import org.kwire.json.JsonSchemas;
import org.kwire.json.ReportJson;
import org.kwire.partial.PacketBudget;
import org.kwire.partial.Partial;
import org.kwire.partial.PartialMerge;
import org.kwire.partial.PartialCodec;
import org.kwire.partial.PartialReader;
import org.kwire.partial.SliceFacts;
import org.kwire.partial.SliceOrder;
import org.kwire.report.Report;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code kwire merge PARTIAL...}: merges partial results written by {@code kwire analyze --partial} (on other
 * machines, of other files) in time order, whatever order they are given in ({@link SliceOrder}), and writes the report of one analysis of all their files, or with
 * {@code --partial} the merged partial (to merge further). Each partial is read and checked whole before it is merged
 * ({@link PartialReader}: bounded by {@code --max-partial-bytes} and {@code --max-partial-tokens}, validated against
 * {@code docs/partial.schema.json}), so that a refusal names the partial at fault and its field.
 */
final class MergeCommand {

    private static final tools.jackson.databind.ObjectMapper BUILT = new tools.jackson.databind.ObjectMapper();

    static Options options() {
        Options o = new Options();
        OutputOptions.output(o, "the report", "");
        OutputOptions.format(o, FORMATS);
        o.addOption(Option.builder().longOpt("partial").desc("write the merged partial instead of the report (gzip when -o "
                + "names a .gz file); partials are read as gzip or JSON alike").build());
        OutputOptions.strict(o);
        JsonInputOptions.add(o, "partial");
        OutputOptions.help(o);
        return o;
    }

    /** The formats of {@code merge}: the report, as {@code analyze} writes it. */
    private static final java.util.Map<AnalyzeCommand.Format, String> FORMATS = AnalyzeCommand.formats(
            "the report for people (default when stdout is a terminal)", "the report as JSON (default otherwise)");

    private final boolean terminal;
    private final java.io.InputStream stdin;

    MergeCommand(boolean terminal, java.io.InputStream stdin) {
        this.terminal = terminal;
        this.stdin = stdin;
    }

    int run(String[] args, PrintStream out, PrintStream err) throws CliException {
        CommandLine cl = Cli.parseQuietless("merge", options(), args, out, "kwire merge [options] PARTIAL...", "Merge partial results of kwire analyze --partial (files "
                    + "analyzed apart, e.g. each broker's captures on its own machine), in any order (merged by their packets' "
                    + "times, never by name), into the report of one analysis of all the files. Each partial (a file, or - for stdin) is checked "
                    + "whole first: within the limits below, field by field against docs/partial.schema.json; a damaged one "
                    + "is refused in one line naming it and its field (exit code 3).");
        if (cl == null) {
            return ExitCodes.OK;
        }
        List<String> files = cl.getArgList();
        if (files.isEmpty()) {
            throw new CliException(ExitCodes.USAGE, "merge: no partial given (kwire analyze --partial -o FILE writes one)");
        }
        OutputGuard.check(cl, files, "output");
        String output = OutputOptions.file(cl);
        AnalyzeCommand.Format format = OutputOptions.format(cl, FORMATS, terminal && output == null
                ? AnalyzeCommand.Format.TEXT : AnalyzeCommand.Format.JSON);
        if (cl.hasOption("partial")) {
            JobsRun.refuseWithPartial(cl, "merge");
        }
        JsonInput input = JsonInputOptions.input(cl, "partial");
        PacketBudget budget = PacketBudget.ofThisHeap();
        AnalysisConfig analysis = null;
        List<Partial> each = new ArrayList<>();
        java.util.Map<List<Object>, String> seen = new java.util.HashMap<>();
        for (String f : files) {
            Partial p = read(f, input, budget);
            refuseRepeatedSlices(p, f, seen);
            analysis = config(p, f);
            each.add(p);
        }
        Partial merged = null;
        for (int i : SliceOrder.order(each)) { // in time order, whatever order they were given in
            try {
                merged = merged == null ? each.get(i) : PartialMerge.merge(merged, each.get(i));
                PartialReader.checkMerged(merged);
            } catch (IllegalArgumentException | JsonInputException e) { // other options, or sums past the schema
                throw new CliException(ExitCodes.INPUT, files.get(i) + ": cannot be merged with the partials before it: "
                        + e.getMessage());
            }
        }
        try {
            SliceOrder.refuseOverlaps(merged.slices());
        } catch (IllegalArgumentException e) {
            throw new CliException(ExitCodes.INPUT, e.getMessage());
        }
        if (cl.hasOption("partial")) {
            JobsRun.writePartial(merged, output, out);
            return ExitCodes.OK;
        }
        return report(merged, analysis, each, files, format, output, cl.hasOption("strict"), out, err);
    }

    private int report(Partial merged, AnalysisConfig config, List<Partial> each, List<String> files,
                       AnalyzeCommand.Format format, String output, boolean strict, PrintStream out, PrintStream err)
            throws CliException {
        Analysis analysis; // its schemas (and key logs, where it joins connections across files)
        try {
            analysis = Analysis.of(config);
        } catch (ConfigException e) { // an API or Kafka release these schemas do not know
            throw new CliException(ExitCodes.INPUT, files.get(files.size() - 1) + ": /analysis: " + e.getMessage());
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, e.getMessage());
        }
        Report r;
        try {
            r = analysis.report(merged, w -> Cli.warn(err, w));
            checkBuilt(r);
        } catch (java.io.UncheckedIOException e) { // a key log the partials name, needed to join a connection across files
            throw new CliException(ExitCodes.INPUT, e.getCause().getMessage());
        } catch (RuntimeException | JsonInputException e) { // sums past the schema, or a fault the checks missed
            throw new CliException(ExitCodes.INPUT, blame(analysis, each, files, e));
        }
        CaptureReports.write(r, format, output, out);
        return strict && !r.warnings().isEmpty() ? ExitCodes.WARNINGS : ExitCodes.OK;
    }

    /**
     * Checks the report of checked partials against docs/report.schema.json before it is written: it can break it
     * only where the report adds up their counts (a topic's bytes over its partitions) past the schema's maximum.
     */
    private static void checkBuilt(Report r) throws JsonInputException {
        tools.jackson.databind.JsonNode tree = BUILT.readTree(ReportJson.toString(r)); // kwire's own JSON
        try {
            JsonSchemas.reportsAsWritten().check(tree);
        } catch (JsonInputException e) {
            throw new JsonInputException("", "its counts add up past what a report holds, at " + e.getMessage());
        }
    }

    /**
     * Which partial the report could not be built from: the first whose own report cannot be built, else the last
     * one, merged with those before it.
     */
    private static String blame(Analysis analysis, List<Partial> each, List<String> files, Exception merged) {
        for (int i = 0; i < each.size(); i++) {
            try {
                checkBuilt(analysis.report(each.get(i), w -> { }));
            } catch (RuntimeException e) {
                return files.get(i) + ": a damaged kwire partial: its report cannot be built from it";
            } catch (JsonInputException e) {
                return files.get(i) + ": " + e.getMessage();
            }
        }
        return files.get(files.size() - 1) + ": cannot be merged with the partials before it: " + (merged instanceof
                JsonInputException j ? j.getMessage() : "the report of them together cannot be built");
    }

    /**
     * The analysis config a partial's slices were made with (the merge replays their boundaries with it).
     *
     * @throws CliException (input) if its options are not analyze's
     */
    private static AnalysisConfig config(Partial p, String file) throws CliException {
        try {
            return AnalysisConfig.fromIdentity(p.analysis());
        } catch (ConfigException e) {
            throw new CliException(ExitCodes.INPUT, file + ": /analysis: not options of kwire analyze (" + e.getMessage() + ")");
        }
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

    private Partial read(String file, JsonInput input, PacketBudget budget) throws CliException {
        String name = file.equals("-") ? "stdin" : file;
        try {
            if (file.equals("-")) {
                byte[] bytes = JsonInputOptions.stdin(stdin, input, "partial");
                return PartialReader.read(() -> PartialCodec.decompressing(new ByteArrayInputStream(bytes)), input, budget);
            }
            Path path = Path.of(file);
            if (Files.isDirectory(path)) {
                throw new CliException(ExitCodes.INPUT, file + ": is a directory, not a partial");
            }
            JsonInputOptions.checkSize(path, input, "partial", file);
            return PartialReader.read(() -> PartialCodec.decompressing(Files.newInputStream(path)), input, budget);
        } catch (JsonInputException e) {
            throw new CliException(ExitCodes.INPUT, name + ": " + e.getMessage());
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCodes.INPUT, "no such file: " + file);
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, name + ": cannot be read: " + (e.getMessage() == null ? "an I/O error"
                    : Cli.why(e)));
        }
    }
}
