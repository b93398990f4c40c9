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
 * The options {@code analyze}, {@code dissect} and {@code live} share (broker ports, limits, schemas, filters, the
 * report's) as the commands' help shows them, and the {@link AnalysisConfig} a command line makes of them
 * ({@link AnalysisOption}: the values checked in the library's words, one line, exit code 2).
 */
final class AnalysisOptions {

    private AnalysisOptions() {
    }

    /** Adds the shared options to a command's options. */
    static void add(Options o) {
        o.addOption(Option.builder().longOpt("port").hasArg().argName("N")
                .desc("TCP port of Kafka brokers; repeatable or comma-separated (default "
                        + org.kwire.stream.StreamOptions.DEFAULT_PORT + ")").build());
        o.addOption(Option.builder().longOpt("max-frame-size").hasArg().argName("BYTES")
                .desc("largest Kafka frame decoded, bytes or with a unit: 64M; larger ones are skipped by their size (default "
                        + org.kwire.stream.StreamOptions.DEFAULT_MAX_FRAME + ")").build());
        o.addOption(Option.builder().longOpt("schemas").hasArg().argName("DIR")
                .desc("also use the Kafka message schemas (*.json) in DIR, newer than the bundled ones").build());
        o.addOption(Option.builder().longOpt("api").hasArg().argName("NAME[,NAME]")
                .desc("only these APIs (names or keys); repeatable").build());
        o.addOption(Option.builder().longOpt("topic").hasArg().argName("NAME")
                .desc("only exchanges naming this topic (name or id); repeatable").build());
        o.addOption(Option.builder().longOpt("client-id").hasArg().argName("ID")
                .desc("only requests with this client_id; repeatable").build());
        o.addOption(Option.builder().longOpt("errors-only").desc("only exchanges whose response has a non-zero error code").build());
        o.addOption(Option.builder().longOpt("min-latency-ms").hasArg().argName("N").desc("only exchanges at least N ms slow (decimals allowed: 0.5; or with a unit: 500us, 2s)").build());
        o.addOption(Option.builder().longOpt("connection").hasArg().argName("HOST:PORT")
                .desc("only connections with this client or broker endpoint ([v6]:PORT for IPv6); repeatable").build());
        o.addOption(Option.builder().longOpt("tls-keylog").hasArg().argName("FILE")
                .desc("decrypt TLS with the secrets of this NSS key log (SSLKEYLOGFILE format): a file, or a pipe, FIFO "
                        + "or /dev/stdin read to its end first (--tls-keylog <(cat keys)); repeatable. Secrets in "
                        + "pcapng Decryption Secrets Blocks are used without it").build());
    }

    /** Adds the options of commands that write a report ({@code analyze}, {@code live}). */
    static void addReport(Options o) {
        o.addOption(Option.builder().longOpt("top").hasArg().argName("N")
                .desc("how many of the slowest exchanges the report lists (default " + ReportBuilder.DEFAULT_SLOWEST + ")").build());
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
