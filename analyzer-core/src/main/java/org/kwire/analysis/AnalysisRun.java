package org.kwire.analysis;

import org.kwire.partial.Elision;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.report.ReportBuilder;
import org.kwire.report.ReportFilter;
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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One run of an {@link AnalysisConfig}: the objects its stages share — compiled schemas, topic names, the exchange
 * filter, TLS secrets — and the wiring of the stages: the tracker that summarizes frames into the sinks and the stream
 * stage with its observers (one analysis of a capture: {@link CapturePass}). Commands pick the sinks and outputs.
 * Starting a run reads what the config names (schemas, key logs) and checks what needs them (API names, the target
 * Kafka release). A run's topic names and TLS state are its own, so a run is used by one analysis on one thread at a
 * time; its schemas and compiled plans are read-only and shared with {@link #another()}.
 */
public final class AnalysisRun {

    private final AnalysisConfig config;
    private final SchemaRegistry schemas;
    private final PlanCache plans;
    private final TopicNames topics = new TopicNames();
    private final StreamOptions options;
    private final RecordsOptions records;
    private final ExchangeFilter filter;
    /** Key logs given; pcapng Decryption Secrets Blocks are added while reading. */
    private final TlsKeys tls;

    private AnalysisRun(AnalysisConfig config, SchemaRegistry schemas, PlanCache plans) throws IOException {
        this.config = config;
        this.schemas = schemas;
        this.plans = plans != null ? plans : new PlanCache(schemas);
        this.options = config.streamOptions();
        this.records = config.records();
        this.tls = TlsKeys.of(KeyLogs.read(config.tlsKeyLogs()));
        this.filter = check(config, schemas);
    }

    /**
     * Starts a run of {@code config}.
     *
     * @throws IOException     in one line, if the schemas directory or a key log cannot be read
     * @throws ConfigException if an API or the target Kafka release is not one the schemas know
     */
    public static AnalysisRun of(AnalysisConfig config) throws IOException {
        return new AnalysisRun(config, schemas(config.schemas()), null);
    }

    /** A run of {@code config} with schemas and compiled plans already made (an {@link Analysis}'s). */
    static AnalysisRun of(AnalysisConfig config, SchemaRegistry schemas, PlanCache plans) throws IOException {
        return new AnalysisRun(config, schemas, plans);
    }

    /**
     * Another run of the same config, sharing this one's schemas and compiled plans (read-only, thread-safe:
     * {@link PlanCache}), so that the files of a split analysis and the boundary replays of a merge compile each
     * plan once; its topic names, TLS secrets (the key logs read again) and everything else are its own.
     *
     * @throws IOException if a key log cannot be read
     */
    public AnalysisRun another() throws IOException {
        return new AnalysisRun(config, schemas, plans);
    }

    /**
     * The bundled schemas, with the schemas of {@code dir} merged on top when given.
     *
     * @throws IOException in one line ({@code --schemas DIR: no such directory}) if they cannot be read
     */
    public static SchemaRegistry schemas(Optional<Path> dir) throws IOException {
        if (dir.isEmpty()) {
            return SchemaRegistry.bundled();
        }
        if (!Files.isDirectory(dir.get())) {
            throw new IOException("--schemas " + dir.get() + ": no such directory");
        }
        try {
            return SchemaRegistry.bundled().withOverlay(dir.get());
        } catch (IOException e) {
            throw new IOException("--schemas " + dir.get() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The exchange filter of the config, API names resolved by {@code schemas}; the target Kafka release checked.
     *
     * @throws ConfigException for an API or a target release the schemas do not know
     */
    static ExchangeFilter check(AnalysisConfig c, SchemaRegistry schemas) {
        Set<Integer> apis = new LinkedHashSet<>();
        for (String name : c.apis()) {
            int key;
            try {
                key = name.matches("\\d+") ? Integer.parseInt(name) : schemas.apiKey(name);
            } catch (NumberFormatException e) {
                key = -1;
            }
            if (key < 0 || !schemas.apiKeys().contains(key)) {
                throw new ConfigException("--api " + name + ": unknown API (kwire schema lists them)");
            }
            apis.add(key);
        }
        String target = c.reportOptions().targetKafka();
        if (schemas.release(target) == null) {
            throw new ConfigException("--target-kafka " + target + ": kwire carries the schemas of Kafka "
                    + String.join(", ", schemas.targetReleases()) + " (give one of them, or its major.minor)");
        }
        return new ExchangeFilter(apis, c.topics(), c.clientIds(), c.errorsOnly(), c.minLatencyMicros(), c.connections());
    }

    /** The config this run was started with. */
    public AnalysisConfig config() {
        return config;
    }

    /** The schemas: bundled, with the config's directory on top. */
    public SchemaRegistry schemas() {
        return schemas;
    }

    /** The compiled plans, shared with {@link #another()} runs. */
    public PlanCache plans() {
        return plans;
    }

    /** The topic names this run learns (ids to names) as it reads. */
    public TopicNames topics() {
        return topics;
    }

    /** The broker ports and frame limits of the stream stage. */
    public StreamOptions streamOptions() {
        return options;
    }

    /** The record batch decoding options. */
    public RecordsOptions records() {
        return records;
    }

    /** The exchange filter; {@link ExchangeFilter#ALL}-like when no filter was given. */
    public ExchangeFilter filter() {
        return filter;
    }

    /** The TLS secrets: the key logs' and those read from the capture. */
    public TlsKeys tls() {
        return tls;
    }

    /**
     * The tracker that summarizes every frame once, on this thread, decoding record batches deep (as
     * {@code kwire dissect} shows them), and hands the exchanges the filter keeps to the sinks.
     */
    public ExchangeTracker tracker(List<ExchangeSink> sinks) {
        return tracker(sinks, 0, new RecordsDecoder(records));
    }

    /**
     * A tracker that summarizes on {@code workers} threads (0: on the one feeding it), the sinks still seeing
     * everything in capture order, decoding record batches deep only when the config says so;
     * {@link ExchangeTracker#finish()} must follow the last packet.
     *
     * @throws ConfigException if the decompression limit or the workers were given and the heap cannot honour them
     *                         ({@link HeapRoom})
     */
    public ExchangeTracker tracker(List<ExchangeSink> sinks, int workers) {
        return tracker(sinks, workers, recordsDecoder());
    }

    /**
     * The tracker of a merge's replay of boundary bytes ({@link BoundaryReplay}): as {@link #tracker(List, int)} on
     * this thread, its decoder also taking the stand-ins of records a partial left out ({@link Elision}).
     */
    ExchangeTracker replayTracker(List<ExchangeSink> sinks) {
        return tracker(sinks, 0, recordsDecoder().acceptingStandIns());
    }

    /** The records decoder of this run's frames: deep when the config says so, else headers only. */
    public RecordsDecoder recordsDecoder() {
        return config.deep() ? new RecordsDecoder(records) : RecordsDecoder.headersOnly(records);
    }

    private ExchangeTracker tracker(List<ExchangeSink> sinks, int workers, RecordsDecoder decoder) {
        if (config.maxDecompressedGiven() || config.workers().isPresent()) {
            // each stream thread may decode a response whose API it infers, as a worker does
            int streams = streamThreads(workers);
            HeapRoom.check(records, workers + streams, streams, Runtime.getRuntime().maxMemory(), config.maxDecompressedGiven());
        }
        return new ExchangeTracker(new FrameSummarizer(plans, decoder, topics), filter, sinks, workers);
    }

    /**
     * The stream stage of this run's ports, limits and TLS secrets, feeding {@code tracker}; the report (if any) learns
     * of connections that carry something else and of TLS handshakes; {@code others} (null ones skipped) observe too.
     */
    public StreamStage stage(ExchangeTracker tracker, ReportBuilder report, ConnectionObserver... others) {
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
     * and no more than the heap can give decompression buffers beside the stream threads ({@link HeapRoom#threadsWithin}: a small heap gets
     * fewer workers rather than an OutOfMemoryError on a decompression bomb).
     */
    public int defaultWorkers() {
        int processors = Runtime.getRuntime().availableProcessors();
        int workers = processors > 1 ? processors : 0;
        int streams = config.streamThreads().orElse(defaultStreamThreads());
        return Math.max(0, Math.min(workers, HeapRoom.threadsWithin(records, Runtime.getRuntime().maxMemory()) - streams));
    }

    /**
     * The stream threads the connections are sharded over in a run with {@code workers} workers: 1 without workers
     * (everything on one thread), else {@code --stream-threads}, by default {@link #defaultStreamThreads()}.
     */
    public int streamThreads(int workers) {
        return workers == 0 ? 1 : config.streamThreads().orElse(defaultStreamThreads());
    }

    /**
     * Default number of stream threads: 1 (the one stream thread of the split), on any number of processors. The
     * profile of the 1 GiB pair with 2 stream threads (docs/PERFORMANCE.md, "Stream threads") gives the shards' own
     * work (framing, TLS, matching) 7-11 % of the CPU, against 30-35 % for the reading thread and 18 % for the merge
     * (tracker, sinks, report), both serial: more stream threads cannot shorten the run until those two shrink.
     */
    public int defaultStreamThreads() {
        return 1;
    }

    /** The filter of this run as the report records it; null if none was given. */
    public ReportFilter reportFilter() {
        return ReportFilter.of(filter, schemas);
    }

    /** A report builder of the config's report options, naming topics with this run's names, key log and filter noted. */
    public ReportBuilder report() {
        ReportBuilder r = new ReportBuilder(schemas, topics, config.reportOptions());
        r.tls().keyLog(tls.keyLog());
        r.filter(reportFilter());
        r.records(records);
        return r;
    }

    /**
     * What the stage tells first, as one observer: the tracker of each Kafka connection, the report (if any) of
     * connections that carry something else and of TLS handshakes. For a stage whose events are gated (a partial's
     * boundary, {@code org.kwire.partial}).
     */
    public static ConnectionObserver observer(ExchangeTracker tracker, ReportBuilder report) {
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
