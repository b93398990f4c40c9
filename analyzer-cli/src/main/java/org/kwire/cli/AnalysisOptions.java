package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.Analysis;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.analysis.AnalysisOption;
import org.kwire.analysis.AnalysisRun;
import org.kwire.report.ReportBuilder;
import org.kwire.report.ReportOptions;
import org.kwire.schema.SchemaRegistry;

import java.util.List;

/**
 * The options {@code analyze}, {@code dissect} and {@code live} share, composed of the concerns' builders (filters,
 * limits, inputs) and the report's own ({@code --top}, {@code --include-long-polls}, {@code --target-kafka}), and the {@link AnalysisConfig} a command line makes of them
 * ({@link AnalysisOption}: the values checked in the library's words, one line, exit code 2).
 */
final class AnalysisOptions {

    private AnalysisOptions() {
    }

    /**
     * Adds the options every command that decodes captures shares: {@link FilterOptions}, {@link LimitOptions}'
     * frame size, {@link InputOptions}' schemas and key logs.
     */
    static void add(Options o) {
        FilterOptions.add(o);
        LimitOptions.frameSize(o);
        InputOptions.schemas(o);
        InputOptions.keyLog(o);
    }

    /** Adds the options of commands that write a report ({@code analyze}, {@code live}). */
    static void addReport(Options o) {
        o.addOption(Option.builder().longOpt("top").hasArg().argName("N")
                .desc("how many of the slowest exchanges a report lists (default " + ReportBuilder.DEFAULT_SLOWEST + ")").build());
        o.addOption(Option.builder().longOpt("include-long-polls")
                .desc("count Fetch/ShareFetch long-polls answered empty at their MaxWaitMs in latencies and the slowest "
                        + "list (by default they are counted apart)").build());
        o.addOption(Option.builder().longOpt("target-kafka").hasArg().argName("RELEASE")
                .desc("the Kafka release the readiness section checks clients against (default "
                        + ReportOptions.DEFAULT_TARGET + "; one whose schemas kwire bundles: "
                        + String.join(", ", SchemaRegistry.bundled().targetReleases()) + ")").build());
    }

    /**
     * The analysis config of a command line: the values of the analysis options it has.
     *
     * @throws CliException (usage) for the first value refused
     */
    static AnalysisConfig config(CommandLine cl) throws CliException {
        return Cli.library(() -> AnalysisOption.config(name -> given(cl, name)));
    }

    /** The values given for an option, in order: none if absent, one empty string for a flag. */
    static List<String> given(CommandLine cl, String name) {
        if (!cl.hasOption(name)) {
            return List.of();
        }
        String[] values = cl.getOptionValues(name);
        return values == null ? List.of("") : List.of(values);
    }

    /**
     * Starts a run of the config.
     *
     * @throws CliException (input) if its schemas directory or a key log cannot be read; (usage) if an API or the
     *                      target Kafka release is unknown
     */
    static AnalysisRun start(AnalysisConfig config) throws CliException {
        return Cli.library(() -> AnalysisRun.of(config));
    }

    /** {@link #start}, as an analysis of slices and partials. */
    static Analysis analysis(AnalysisConfig config) throws CliException {
        return Cli.library(() -> Analysis.of(config));
    }
}
