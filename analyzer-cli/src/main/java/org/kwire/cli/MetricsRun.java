package org.kwire.cli;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.AnalysisRun;
import org.kwire.capture.CaptureFacts;
import org.kwire.metrics.CaptureCounts;
import org.kwire.metrics.CaptureHealthMetrics;
import org.kwire.metrics.ConnectionMetrics;
import org.kwire.metrics.KwireMetrics;
import org.kwire.metrics.MetricsFile;
import org.kwire.metrics.MetricsLimits;
import org.kwire.metrics.MetricsSink;
import org.kwire.stream.ConnectionObserver;
import org.kwire.summary.ExchangeSink;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The metrics of one {@code analyze} or {@code live} run (docs/GUIDE.md, "Metrics"): their options, the registry, the sink
 * and connection observer that count into it, and the capture health read from the capture.
 */
final class MetricsRun {

    final PrometheusRegistry registry = new PrometheusRegistry();
    final MetricsSink sink;
    final ConnectionMetrics connections;

    private MetricsRun(AnalysisRun run, MetricsLimits limits, boolean includeLongPolls) {
        KwireMetrics metrics = new KwireMetrics(registry);
        this.sink = new MetricsSink(metrics, run.schemas(), run.topics(), limits, includeLongPolls);
        this.connections = new ConnectionMetrics(metrics);
    }

    /** Adds the label-bound options; {@code live} also gets the expiry. */
    static void addOptions(Options o, boolean live) {
        o.addOption(Option.builder().longOpt("metrics-clients").hasArg().argName("N")
                .desc("client_ids with metric series of their own (default " + MetricsLimits.DEFAULT_CLIENTS
                        + ", the busiest; the rest count under client_id=\"other\")").build());
        o.addOption(Option.builder().longOpt("metrics-topics").hasArg().argName("N")
                .desc("topics with metric series of their own (default " + MetricsLimits.DEFAULT_TOPICS + ")").build());
        o.addOption(Option.builder().longOpt("metrics-groups").hasArg().argName("N")
                .desc("consumer groups with metric series of their own (default " + MetricsLimits.DEFAULT_GROUPS + ")")
                .build());
        if (live) {
            o.addOption(Option.builder().longOpt("metrics-expire").hasArg().argName("S")
                    .desc("remove the series of a client_id, topic, broker or group not seen for S seconds, and lags "
                            + "not updated for S seconds (default "
                            + MetricsLimits.DEFAULT_EXPIRE_SECONDS + "; 0 never)").build());
        }
    }

    /**
     * The metrics of a run, or null if {@code option} was not given: {@code metrics} for live (label values expire,
     * by default after {@link MetricsLimits#DEFAULT_EXPIRE_SECONDS}), {@code metrics-file} for saved captures (never).
     *
     * @throws CliException for a bad bound
     */
    static MetricsRun of(CommandLine cl, String option, AnalysisRun run) throws CliException {
        MetricsLimits limits = new MetricsLimits(Cli.intValue(cl, "metrics-clients", MetricsLimits.DEFAULT_CLIENTS),
                Cli.intValue(cl, "metrics-topics", MetricsLimits.DEFAULT_TOPICS), MetricsLimits.DEFAULT_BROKERS,
                Cli.intValue(cl, "metrics-groups", MetricsLimits.DEFAULT_GROUPS),
                Cli.secondsValue(cl, "metrics-expire", option.equals("metrics") ? (int) MetricsLimits.DEFAULT_EXPIRE_SECONDS : 0));
        for (String bound : new String[] {"metrics-clients", "metrics-topics", "metrics-groups", "metrics-expire"}) {
            if (cl.hasOption(bound) && !cl.hasOption(option)) {
                throw new CliException(ExitCodes.USAGE, "--" + bound + " goes with --" + option + " (it bounds the metrics "
                        + "written there)");
            }
        }
        return cl.hasOption(option) ? new MetricsRun(run, limits, cl.hasOption("include-long-polls")) : null; // bounds checked either way
    }

    /** {@code sinks} and, if metrics are on, their sink. */
    static List<ExchangeSink> sinks(MetricsRun metrics, ExchangeSink... sinks) {
        List<ExchangeSink> all = new ArrayList<>(List.of(sinks));
        if (metrics != null) {
            all.add(metrics.sink);
        }
        return all;
    }

    /** The connection observer of the metrics, or null without metrics. */
    static ConnectionObserver observer(MetricsRun metrics) {
        return metrics == null ? null : metrics.connections;
    }

    /** Exports the capture's health, read from {@code counts} at each scrape. */
    void captureHealth(Supplier<CaptureCounts> counts) {
        CaptureHealthMetrics.register(registry, counts);
    }

    /**
     * Writes the metrics of a finished analysis of files to {@code file} (node_exporter textfile format).
     *
     * @throws CliException (exit code 3) if it cannot be written
     */
    void writeFile(CaptureFacts facts, String file) throws CliException {
        sink.finish();
        captureHealth(() -> new CaptureCounts(facts.packets(), facts.bytes(), 0, 0, 0, 0, 0, 0, 0));
        try {
            MetricsFile.write(registry, Path.of(file));
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, "cannot write " + file + ": " + Cli.why(e));
        }
    }
}
