package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.analysis.AnalysisOptions;
import org.kwire.analysis.ConnectionObserver;
import org.kwire.conversation.KafkaConversation;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.report.ReportBuilder;
import org.kwire.schema.SchemaRegistry;
import org.kwire.summary.ExchangeFilter;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;

import java.util.List;

/**
 * The options {@code analyze}, {@code dissect} and {@code live} share (broker ports, limits, schemas, filters) and
 * the analysis objects they make: compiled schemas, topic names, the exchange filter, the frame summarizer feeding the
 * sinks.
 */
final class AnalysisRun {

    final SchemaRegistry schemas;
    final PlanCache plans;
    final TopicNames topics = new TopicNames();
    final AnalysisOptions options;
    final RecordsOptions records;
    final ExchangeFilter filter;

    /** Adds the shared options to a command's options. */
    static void addOptions(Options o) {
        o.addOption(Option.builder().longOpt("port").hasArg().argName("N")
                .desc("TCP port of Kafka brokers; repeatable or comma-separated (default 9092)").build());
        o.addOption(Option.builder().longOpt("max-frame-size").hasArg().argName("BYTES")
                .desc("largest Kafka frame accepted (default 104857600)").build());
        o.addOption(Option.builder().longOpt("schemas").hasArg().argName("DIR")
                .desc("also use the Kafka message schemas (*.json) in DIR, newer than the bundled ones").build());
        o.addOption(Option.builder().longOpt("api").hasArg().argName("NAME[,NAME]").desc("only these APIs (names or keys)").build());
        o.addOption(Option.builder().longOpt("topic").hasArg().argName("NAME").desc("only exchanges naming this topic (name or id)").build());
        o.addOption(Option.builder().longOpt("client-id").hasArg().argName("ID").desc("only requests with this client_id").build());
        o.addOption(Option.builder().longOpt("errors-only").desc("only exchanges whose response has a non-zero error code").build());
        o.addOption(Option.builder().longOpt("min-latency-ms").hasArg().argName("N").desc("only exchanges at least N ms slow").build());
        o.addOption(Option.builder().longOpt("connection").hasArg().argName("HOST:PORT")
                .desc("only connections with this client or broker endpoint").build());
    }

    /** Reads the shared options; a bad value is a usage error. */
    AnalysisRun(CommandLine cl, boolean withValues) throws CliException {
        this.schemas = Cli.schemas(cl);
        this.plans = new PlanCache(schemas);
        this.options = new AnalysisOptions(Cli.ports(cl), Cli.intValue(cl, "max-frame-size", AnalysisOptions.DEFAULT_MAX_FRAME),
                AnalysisOptions.DEFAULT_MAX_PENDING);
        this.records = Records.options(cl);
        String latency = cl.getOptionValue("min-latency-ms");
        this.filter = new ExchangeFilter(Cli.apis(schemas, cl.getOptionValue("api")), cl.getOptionValue("topic"),
                cl.getOptionValue("client-id"), cl.hasOption("errors-only"),
                latency == null ? -1 : Cli.intValue(cl, "min-latency-ms", 0) * 1000L, cl.getOptionValue("connection"));
    }

    /** The tracker that summarizes every frame once and hands exchanges the filter accepts to the sinks. */
    ExchangeTracker tracker(List<ExchangeSink> sinks) {
        return tracker(sinks, 0);
    }

    /**
     * A tracker that summarizes on {@code workers} threads (0: on the one feeding it), the sinks still seeing
     * everything in capture order; {@link ExchangeTracker#finish()} must follow the last packet.
     */
    ExchangeTracker tracker(List<ExchangeSink> sinks, int workers) {
        return new ExchangeTracker(new FrameSummarizer(plans, new RecordsDecoder(records), topics), filter, sinks, workers);
    }

    /** Default number of worker threads summarizing frames while packets are read: one per processor, none on one. */
    static int defaultWorkers() {
        int processors = Runtime.getRuntime().availableProcessors();
        return processors > 1 ? processors : 0;
    }

    /** A report builder naming topics with this run's topic names. */
    ReportBuilder report(int slowest) {
        return new ReportBuilder(schemas, topics, slowest);
    }

    /** Tells the tracker of Kafka connections, and the report (if any) of connections that carry something else. */
    static ConnectionObserver observer(ExchangeTracker tracker, ReportBuilder report) {
        return new ConnectionObserver() {
            @Override
            public void kafka(KafkaConversation conversation) {
                tracker.conversation(conversation);
            }

            @Override
            public void other(int stream, String client, String broker, String protocol) {
                if (report != null) {
                    report.addOtherConnection(stream, client, broker, protocol);
                }
            }
        };
    }
}
