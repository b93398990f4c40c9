package org.kwire.analysis;

import org.kwire.capture.CaptureAnalyzer;
import org.kwire.capture.CaptureFacts;
import org.kwire.capture.PacketPipeline;
import org.kwire.export.EventWriter;
import org.kwire.expert.ExpertNote;
import org.kwire.partial.Boundary;
import org.kwire.partial.Elision;
import org.kwire.partial.BoundaryRecorder;
import org.kwire.partial.ConnectionLedger;
import org.kwire.partial.Partial;
import org.kwire.partial.PartialReport;
import org.kwire.partial.SliceFacts;
import org.kwire.partial.Timeline;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.MergedSource;
import org.kwire.pcap.PacketSource;
import org.kwire.plan.PlanCache;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.report.ReportFilter;
import org.kwire.report.ReportPart;
import org.kwire.schema.SchemaRegistry;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TrafficCensus;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeTracker;
import org.kwire.tcp.ReassemblyLimits;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The analysis of captures as a library, for one {@link AnalysisConfig}: a capture's files into the report of one
 * analysis ({@link #report(List, Consumer)}, what {@code kwire analyze} reports); one slice of a capture into a
 * {@link Partial} ({@link #slice}, what {@code analyze --partial} writes and {@code --jobs} and the Spark job's tasks
 * make); and the report of merged partials ({@link #report(Partial, Consumer)}, what {@code kwire merge} reports).
 * Its JSON: {@link org.kwire.json.ReportJson}.
 * <p>
 * Starting one reads the schemas the config names and checks what needs them (API names, the target Kafka
 * release), so that a bad setting is refused before any capture is read; key logs are read by each run ({@link
 * #run()}): by a slice, the report of captures, and at a merge only where connections across files are joined.
 * Thread-safe: every call makes a run of its own, sharing the read-only schemas and compiled plans.
 */
public final class Analysis {

    private final AnalysisConfig config;
    private final SchemaRegistry schemas;
    /** The plans every slice and boundary replay of this analysis shares (thread-safe). */
    private final PlanCache plans;
    private final ReportFilter filter;

    private Analysis(AnalysisConfig config, SchemaRegistry schemas) {
        this.config = config;
        this.schemas = schemas;
        this.plans = new PlanCache(schemas);
        this.filter = ReportFilter.of(AnalysisRun.check(config, schemas), schemas);
    }

    /**
     * Starts the analysis of {@code config}.
     *
     * @throws IOException     in one line, if its schemas directory cannot be read
     * @throws ConfigException if an API or the target Kafka release is not one the schemas know
     */
    public static Analysis of(AnalysisConfig config) throws IOException {
        return new Analysis(config, AnalysisRun.schemas(config.schemas()));
    }

    /** The config. */
    public AnalysisConfig config() {
        return config;
    }

    /**
     * A run of this analysis with its own state (topic names, TLS secrets: the key logs read), sharing the schemas
     * and compiled plans of every other; safe from any thread.
     *
     * @throws IOException in one line, if a key log cannot be read
     */
    public AnalysisRun run() throws IOException {
        return AnalysisRun.of(config, schemas, plans);
    }

    /** Opens a capture for reading. */
    @FunctionalInterface
    public interface CaptureOpener {
        /** @return the capture's packets; closing it closes what it opened */
        PacketSource open() throws IOException;
    }

    /**
     * Opens capture files (plain or gzip'd pcap/pcapng) as one capture, merged by time as {@code mergecap} merges.
     *
     * @throws IOException if one is missing, unreadable or not a capture (those opened are closed again)
     */
    public static PacketSource open(List<Path> files) throws IOException {
        List<PacketSource> sources = new ArrayList<>();
        try {
            for (Path f : files) {
                sources.add(CaptureFiles.open(f));
            }
        } catch (IOException | RuntimeException e) {
            for (PacketSource s : sources) {
                s.close();
            }
            throw e;
        }
        return MergedSource.of(sources);
    }

    /**
     * The report of one analysis of capture files (merged by time), as {@code kwire analyze FILE...} writes it, on
     * the config's workers (default: one per processor).
     *
     * @param warnings receives each capture warning as it is noted (readers', end of capture, no Kafka found)
     * @throws IOException if a file cannot be read or is not a capture
     */
    public Report report(List<Path> files, Consumer<String> warnings) throws IOException {
        AnalysisRun run = run();
        ReportBuilder report = run.report();
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        long total = bytes;
        CaptureFacts facts = CapturePass.read(run, report, List.of(report), config.workers().orElse(run.defaultWorkers()),
                pipeline -> {
                    try (PacketSource source = open(files)) {
                        pipeline.feed(source);
                    }
                    return new CapturePass.Fed(files.stream().map(Path::toString).toList(), total);
                }, warnings);
        return CapturePass.build(report, facts);
    }

    /**
     * Analyzes one capture file or stream as a slice, on the config's workers (default none).
     *
     * @param name  how the report names it
     * @param open  opens the capture (a file, or a stream of any file system)
     * @param bytes its size in bytes; -1 if unknown (then the bytes read)
     * @throws IOException if it cannot be read or is not a capture
     */
    public Partial slice(String name, CaptureOpener open, long bytes) throws IOException {
        return slice(List.of(name), open, bytes, null);
    }

    /**
     * {@link #slice(String, CaptureOpener, long)}, also writing every exchange as an NDJSON event to {@code events}
     * (as {@code analyze --format ndjson} does; frame and stream numbers those of this slice).
     */
    public Partial slice(String name, CaptureOpener open, long bytes, OutputStream events) throws IOException {
        return slice(List.of(name), open, bytes, events);
    }

    /** {@link #slice(String, CaptureOpener, long)} of several files opened as one capture, named each. */
    public Partial slice(List<String> names, CaptureOpener open, long bytes) throws IOException {
        return slice(names, open, bytes, null);
    }

    private Partial slice(List<String> names, CaptureOpener open, long bytes, OutputStream events) throws IOException {
        AnalysisRun run = run();
        BoundaryRecorder recorder = new BoundaryRecorder(config.boundaryBytes());
        recorder.keyLog(run.tls().keyLog());
        ReportBuilder report = run.report();
        List<ExchangeSink> sinks = new ArrayList<>(List.of(report));
        EventWriter writer = events == null ? null : new EventWriter(events, null, run.schemas(), run.topics());
        if (writer != null) {
            sinks.add(writer);
        }
        ExchangeTracker tracker = run.tracker(List.of(recorder.sink(sinks)), config.workers().orElse(0));
        TrafficCensus census = new TrafficCensus(run.streamOptions().brokerPorts());
        ConnectionLedger ledger = new ConnectionLedger(recorder);
        StreamStage stage = new StreamStage(run.streamOptions(), run.tls(), tracker.summarizer(), recorder.listener(tracker))
                .observe(recorder.observer(AnalysisRun.observer(tracker, report))).observe(recorder.census(census));
        Timeline timeline = new Timeline();
        PacketPipeline pipeline = new CaptureAnalyzer(stage, ReassemblyLimits.defaults()).start(ledger.tap(timeline));
        try (PacketSource source = open.open()) {
            pipeline.feed(source);
            bytes = bytes >= 0 ? bytes : source.position(); // standard input: the bytes read
        }
        pipeline.endClosed(); // closed in this slice, not cut by its end: no tail
        ledger.inputEnded();
        pipeline.end();
        tracker.finish();
        if (writer != null) {
            writer.close();
        }
        CaptureFacts facts = pipeline.facts(names, bytes);
        ReportPart part = report.part(facts.packets(), (int) facts.tcpConnections());
        long[] maxima = timeline.maxima();
        Map<Long, Long> times = new TreeMap<>();
        for (long f : part.frameNumbers()) {
            times.put(f, maxima[(int) f - 1]);
        }
        long[] end = pipeline.endCounts();
        List<Integer> links = new ArrayList<>(pipeline.linkTypes());
        Boundary boundary = Elision.elide(new Boundary(links, ConnectionLedger.hostAddresses(ledger.connections()),
                ledger.connections(), recorder.tail(), recorder.head()), run.recordsDecoder());
        List<ExpertNote> warnings = new ArrayList<>(pipeline.sourceWarnings());
        warnings.addAll(recorder.warnings());
        SliceFacts slice = new SliceFacts(List.copyOf(names), bytes, facts.packets(), facts.firstTimestampNanos(),
                facts.lastTimestampNanos(), facts.tcpConnections(), List.copyOf(warnings), end[0], end[1], end[2],
                end[3], end[4], timeline.encode(), boundary);
        return new Partial(Partial.VERSION, config.identity(), List.of(slice), census.counts(), part.withFrameTimes(times));
    }

    /**
     * The report of merged partials of this analysis (connections that cross a file boundary joined by replaying
     * their pieces with this config); each capture warning (readers', end of capture, no Kafka found, connections
     * that cross a file boundary) is also given to {@code warnings}.
     *
     * @throws java.io.UncheckedIOException if a key log cannot be read where a connection across files is joined
     */
    public Report report(Partial merged, Consumer<String> warnings) {
        return PartialReport.build(merged, schemas, config.brokerPorts(), warnings, new BoundaryReplay(this))
                .withFilter(filter);
    }
}
