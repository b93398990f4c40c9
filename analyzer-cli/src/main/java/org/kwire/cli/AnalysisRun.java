package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.report.ReportBuilder;
import org.kwire.report.ReportFilter;
import org.kwire.report.ReportOptions;
import org.kwire.schema.SchemaRegistry;
import org.kwire.stream.Carried;
import org.kwire.stream.ConnectionObserver;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.ExchangeFilter;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;
import org.kwire.tls.TlsFacts;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The options {@code analyze}, {@code dissect} and {@code live} share (broker ports, limits, schemas, filters) and
 * the analysis objects they make: compiled schemas, topic names, the exchange filter, the frame summarizer feeding the
 * sinks.
 */
final class AnalysisRun {

    /** Smallest {@code --max-frame-size}: bytes enough for a request header with a short client_id. */
    static final int MIN_MAX_FRAME = 64;
    /** An endpoint as reports write it: {@code host:port} or {@code [v6]:port}. */
    private static final Pattern ENDPOINT = Pattern.compile("(\\[[0-9A-Fa-f:.%a-z]+\\]|[^\\[\\]:]+):(\\d{1,5})");

    final SchemaRegistry schemas;
    final PlanCache plans;
    final TopicNames topics = new TopicNames();
    final StreamOptions options;
    final RecordsOptions records;
    /** True with --deep: record batches decompressed and records walked; else headers and CRCs only. */
    final boolean deep;
    final ExchangeFilter filter;
    /** True if --max-decompressed was given: then a value the heap cannot honour is refused. */
    private final boolean explicitMaxDecompressed;
    /** True if --workers was given: then more workers than the heap can give decompression room are refused. */
    private final boolean explicitWorkers;
    /** Key log files given with --tls-keylog; pcapng Decryption Secrets Blocks are added while reading. */
    final TlsKeys tls;

    /** Adds the shared options to a command's options. */
    static void addOptions(Options o) {
        o.addOption(Option.builder().longOpt("port").hasArg().argName("N")
                .desc("TCP port of Kafka brokers; repeatable or comma-separated (default 9092)").build());
        o.addOption(Option.builder().longOpt("max-frame-size").hasArg().argName("BYTES")
                .desc("largest Kafka frame decoded; larger ones are skipped by their size (default 104857600)").build());
        o.addOption(Option.builder().longOpt("schemas").hasArg().argName("DIR")
                .desc("also use the Kafka message schemas (*.json) in DIR, newer than the bundled ones").build());
        o.addOption(Option.builder().longOpt("api").hasArg().argName("NAME[,NAME]")
                .desc("only these APIs (names or keys); repeatable").build());
        o.addOption(Option.builder().longOpt("topic").hasArg().argName("NAME")
                .desc("only exchanges naming this topic (name or id); repeatable").build());
        o.addOption(Option.builder().longOpt("client-id").hasArg().argName("ID")
                .desc("only requests with this client_id; repeatable").build());
        o.addOption(Option.builder().longOpt("errors-only").desc("only exchanges whose response has a non-zero error code").build());
        o.addOption(Option.builder().longOpt("min-latency-ms").hasArg().argName("N").desc("only exchanges at least N ms slow (decimals allowed: 0.5)").build());
        o.addOption(Option.builder().longOpt("connection").hasArg().argName("HOST:PORT")
                .desc("only connections with this client or broker endpoint ([v6]:PORT for IPv6); repeatable").build());
        o.addOption(Option.builder().longOpt("tls-keylog").hasArg().argName("FILE")
                .desc("decrypt TLS with the secrets of this NSS key log (SSLKEYLOGFILE format): a file, or a pipe, FIFO "
                        + "or /dev/stdin read to its end first (--tls-keylog <(cat keys)); repeatable. Secrets in "
                        + "pcapng Decryption Secrets Blocks are used without it").build());
    }

    /** Adds the options of commands that write a report ({@code analyze}, {@code live}). */
    static void addReportOptions(Options o) {
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

    /** Reads the shared options; a bad value is a usage error. */
    AnalysisRun(CommandLine cl) throws CliException {
        this(cl, Cli.schemas(cl), null);
    }

    /**
     * Another run of the same options as {@code shared} (made from {@code cl} too), sharing its schemas and compiled
     * plans, which are read-only and thread-safe ({@link PlanCache}): the files of {@code --jobs} and the boundary
     * replays of a merge compile each plan once, not once per file or replayed connection. Topic names, TLS secrets and
     * everything else are this run's own.
     */
    AnalysisRun(CommandLine cl, AnalysisRun shared) throws CliException {
        this(cl, shared.schemas, shared.plans);
    }

    private AnalysisRun(CommandLine cl, SchemaRegistry schemas, PlanCache plans) throws CliException {
        this.schemas = schemas;
        this.plans = plans != null ? plans : new PlanCache(schemas);
        int maxFrame = Cli.intValue(cl, "max-frame-size", StreamOptions.DEFAULT_MAX_FRAME);
        if (maxFrame < MIN_MAX_FRAME) {
            throw new CliException(ExitCodes.USAGE, "--max-frame-size " + maxFrame + ": at least " + MIN_MAX_FRAME
                    + " bytes (smaller frames cannot hold a Kafka request header and client_id)");
        }
        this.options = new StreamOptions(Cli.ports(cl), maxFrame, StreamOptions.DEFAULT_MAX_PENDING);
        this.records = Records.options(cl);
        this.explicitMaxDecompressed = cl.hasOption("max-decompressed");
        this.explicitWorkers = cl.hasOption("workers");
        this.deep = cl.hasOption("deep");
        this.tls = TlsKeys.of(KeyLogInputs.read(values(cl, "tls-keylog")));
        this.filter = filter(cl, schemas);
    }

    /**
     * The exchange filter of {@code cl}'s filter options (README, "Filters").
     *
     * @throws CliException (usage) for an unknown API or an endpoint that is not HOST:PORT
     */
    static ExchangeFilter filter(CommandLine cl, SchemaRegistry schemas) throws CliException {
        Set<Integer> apis = new LinkedHashSet<>();
        for (String list : values(cl, "api")) {
            apis.addAll(Cli.apis(schemas, list));
        }
        Set<String> connections = values(cl, "connection");
        for (String c : connections) {
            java.util.regex.Matcher m = ENDPOINT.matcher(c);
            if (!m.matches()) {
                throw new CliException(ExitCodes.USAGE, "--connection " + c + ": expected HOST:PORT ([v6]:PORT for IPv6)");
            }
            if (Integer.parseInt(m.group(2)) > 65535) {
                throw new CliException(ExitCodes.USAGE, "--connection " + c + ": " + m.group(2) + " is not a TCP port (0-65535)");
            }
        }
        return new ExchangeFilter(apis, values(cl, "topic"), values(cl, "client-id"), cl.hasOption("errors-only"),
                Cli.millisAsMicros(cl, "min-latency-ms"), connections);
    }

    /** Every value a repeatable option was given. */
    private static Set<String> values(CommandLine cl, String option) {
        String[] v = cl.getOptionValues(option);
        return v == null ? Set.of() : new LinkedHashSet<>(Arrays.asList(v));
    }

    /**
     * The tracker that summarizes every frame once, on this thread, decoding record batches deep (as {@code dissect}
     * shows them), and hands exchanges the filter accepts to the sinks.
     */
    ExchangeTracker tracker(List<ExchangeSink> sinks) throws CliException {
        return tracker(sinks, 0, new RecordsDecoder(records));
    }

    /**
     * A tracker that summarizes on {@code workers} threads (0: on the one feeding it), the sinks still seeing
     * everything in capture order, decoding record batches deep only with --deep; {@link ExchangeTracker#finish()}
     * must follow the last packet.
     */
    ExchangeTracker tracker(List<ExchangeSink> sinks, int workers) throws CliException {
        return tracker(sinks, workers, deep ? new RecordsDecoder(records) : RecordsDecoder.headersOnly(records));
    }

    private ExchangeTracker tracker(List<ExchangeSink> sinks, int workers, RecordsDecoder decoder) throws CliException {
        if (explicitMaxDecompressed || explicitWorkers) {
            Records.checkHeap(records, workers + 1, Runtime.getRuntime().maxMemory(), explicitMaxDecompressed);
        }
        return new ExchangeTracker(new FrameSummarizer(plans, decoder, topics), filter, sinks, workers);
    }

    /**
     * The stream stage of this run's ports, limits and TLS secrets, feeding {@code tracker}; the report (if any) learns
     * of connections that carry something else and of TLS handshakes; {@code others} (null ones skipped) observe too.
     */
    StreamStage stage(ExchangeTracker tracker, ReportBuilder report, ConnectionObserver... others) {
        StreamStage stage = StreamStage.into(tracker, options, tls);
        if (report != null) {
            stage.observe(org.kwire.capture.ReportObserver.of(report));
        }
        for (ConnectionObserver o : others) {
            if (o != null) {
                stage.observe(o);
            }
        }
        return stage;
    }

    /**
     * Default number of worker threads summarizing frames while packets are read: one per processor, none on one,
     * and no more than the heap can give decompression buffers ({@link Records#threadsWithin}: a small heap, e.g.
     * {@code -Xmx384m}, gets fewer workers rather than an OutOfMemoryError on a decompression bomb).
     */
    int defaultWorkers() {
        int processors = Runtime.getRuntime().availableProcessors();
        int workers = processors > 1 ? processors : 0;
        return Math.max(0, Math.min(workers, Records.threadsWithin(records, Runtime.getRuntime().maxMemory()) - 1));
    }

    /** The filter of this run as the report records it; null if none was given. */
    ReportFilter reportFilter() {
        return ReportFilter.of(filter, schemas);
    }

    /**
     * A report builder naming topics with this run's topic names, for the report options of {@code cl}
     * ({@link #addReportOptions}), with the key log and the filter recorded.
     *
     * @throws CliException (usage) if {@code --target-kafka} names a release whose schemas kwire does not bundle
     */
    ReportBuilder report(CommandLine cl) throws CliException {
        String target = cl.getOptionValue("target-kafka", ReportOptions.DEFAULT_TARGET).trim();
        if (schemas.release(target) == null) {
            throw new CliException(ExitCodes.USAGE, "--target-kafka " + target + ": kwire carries the schemas of Kafka "
                    + String.join(", ", schemas.targetReleases()) + " (give one of them, or its major.minor)");
        }
        ReportBuilder r = new ReportBuilder(schemas, topics, new ReportOptions(Cli.intValue(cl, "top", ReportBuilder.DEFAULT_SLOWEST),
                cl.hasOption("include-long-polls"), target));
        r.tls().keyLog(tls.keyLog());
        r.filter(reportFilter());
        return r;
    }

    /**
     * What {@link #stage} tells first, as one observer: the tracker of each Kafka connection, the report (if any) of
     * connections that carry something else and of TLS handshakes. For a stage whose events are gated (a partial's
     * boundary, {@code org.kwire.partial}).
     */
    static ConnectionObserver observer(ExchangeTracker tracker, ReportBuilder report) {
        ConnectionObserver r = report == null ? new ConnectionObserver() { } : org.kwire.capture.ReportObserver.of(report);
        return new ConnectionObserver() {
            @Override
            public void kafka(org.kwire.conversation.KafkaConversation conversation) {
                tracker.conversation(conversation);
            }

            @Override
            public void other(int stream, String client, String broker, Carried carried) {
                r.other(stream, client, broker, carried);
            }

            @Override
            public void tls(int stream, String client, String broker, TlsFacts facts) {
                r.tls(stream, client, broker, facts);
            }
        };
    }
}
