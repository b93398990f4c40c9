package org.kwire.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.kwire.capture.CaptureAnalyzer;
import org.kwire.capture.CaptureFacts;
import org.kwire.capture.PacketPipeline;
import org.kwire.expert.ExpertNote;
import org.kwire.partial.Boundary;
import org.kwire.partial.BoundaryRecorder;
import org.kwire.partial.ConnectionLedger;
import org.kwire.partial.Partial;
import org.kwire.partial.PartialReport;
import org.kwire.partial.SliceFacts;
import org.kwire.partial.Timeline;
import org.kwire.pcap.PacketSource;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.report.ReportPart;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TrafficCensus;
import org.kwire.summary.ExchangeTracker;
import org.kwire.tcp.ReassemblyLimits;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Analyzes one slice of a capture (one or more files, merged by timestamp as {@code kwire analyze} merges them) into a
 * {@link Partial}, with {@code analyze}'s options; and builds the report of merged partials. Used by
 * {@code analyze --partial}, {@code analyze --jobs}, {@code merge} and the Spark job ({@code analyzer-spark}).
 */
public final class SliceAnalysis {

    /** Options that change how a run is done, not what it finds: left out of {@link Partial#analysis()}. */
    static final Set<String> PER_RUN = Set.of("output", "format", "index", "partial", "jobs", "quiet", "workers",
            "read", "help", "metrics-file", "metrics-clients", "metrics-topics", "strict", "boundary-bytes", "split");

    private final CommandLine cl;
    private final Map<String, String> analysis;
    /** The schemas and compiled plans every slice and boundary replay of this analysis shares; made on first use. */
    private AnalysisRun shared;

    private SliceAnalysis(CommandLine cl) {
        this.cl = cl;
        Map<String, String> a = new TreeMap<>();
        for (Option o : cl.getOptions()) {
            String name = o.getLongOpt() != null ? o.getLongOpt() : o.getOpt();
            if (!PER_RUN.contains(name)) {
                a.merge(name, o.getValue() == null ? "" : o.getValue(), (x, y) -> x + "," + y);
            }
        }
        this.analysis = a;
    }

    /** With options already parsed by {@code analyze}. */
    static SliceAnalysis of(CommandLine cl) {
        return new SliceAnalysis(cl);
    }

    /**
     * With {@code analyze}'s options (e.g. {@code --port 9093 --top 20}); files named among them are ignored.
     *
     * @throws IllegalArgumentException on a usage error, with kwire's one-line message
     */
    public static SliceAnalysis of(String... analyzeOptions) {
        try {
            return new SliceAnalysis(Cli.parse("analyze", AnalyzeCommand.options(), analyzeOptions));
        } catch (CliException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The capture files named among the options ({@code -r FILE} and after the options), in order. */
    public List<String> files() {
        return Cli.captures(cl);
    }

    /** The analysis options every merged slice must share. */
    public Map<String, String> analysis() {
        return analysis;
    }

    /**
     * Analyzes one capture file or stream as a slice.
     *
     * @param name  how the report names it
     * @param open  opens the capture (a file, or a stream of any file system)
     * @param bytes its size in bytes
     * @throws IOException if it cannot be read or is not a capture
     */
    public Partial analyze(String name, CaptureOpener open, long bytes) throws IOException {
        return analyze(List.of(name), open, bytes, 0, null);
    }

    /**
     * {@link #analyze(String, CaptureOpener, long)}, also writing every exchange as an NDJSON event to {@code events}
     * (as {@code analyze --format ndjson} does; frame and stream numbers those of this slice).
     */
    public Partial analyze(String name, CaptureOpener open, long bytes, java.io.OutputStream events) throws IOException {
        return analyze(List.of(name), open, bytes, 0, events);
    }

    /** Opens a capture for reading. */
    @FunctionalInterface
    public interface CaptureOpener {
        PacketSource open() throws IOException;
    }

    Partial analyze(List<String> names, CaptureOpener open, long bytes, int workers) throws IOException {
        return analyze(names, open, bytes, workers, null);
    }

    private Partial analyze(List<String> names, CaptureOpener open, long bytes, int workers, java.io.OutputStream events)
            throws IOException {
        AnalysisRun run;
        ReportBuilder report;
        ExchangeTracker tracker;
        org.kwire.export.EventWriter writer = null;
        BoundaryRecorder recorder = new BoundaryRecorder(boundaryCap());
        try {
            run = run();
            recorder.keyLog(run.tls.keyLog());
            report = run.report(cl);
            List<org.kwire.summary.ExchangeSink> sinks = new ArrayList<>(List.of(report));
            if (events != null) {
                writer = new org.kwire.export.EventWriter(events, null, run.schemas, run.topics);
                sinks.add(writer);
            }
            tracker = run.tracker(List.of(recorder.sink(sinks)), workers);
        } catch (CliException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        TrafficCensus census = new TrafficCensus(run.options.brokerPorts());
        ConnectionLedger ledger = new ConnectionLedger(recorder);
        StreamStage stage = new StreamStage(run.options, run.tls, tracker.summarizer(), recorder.listener(tracker))
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
        Boundary boundary = new Boundary(links, ConnectionLedger.hostAddresses(ledger.connections()), ledger.connections(),
                recorder.tail(), recorder.head());
        List<ExpertNote> warnings = new ArrayList<>(pipeline.sourceWarnings());
        warnings.addAll(recorder.warnings());
        SliceFacts slice = new SliceFacts(List.copyOf(names), bytes, facts.packets(), facts.firstTimestampNanos(),
                facts.lastTimestampNanos(), facts.tcpConnections(), List.copyOf(warnings), end[0], end[1], end[2],
                end[3], end[4], timeline.encode(), boundary);
        return new Partial(Partial.VERSION, analysis, List.of(slice), census.counts(), part.withFrameTimes(times));
    }

    /**
     * A run of this analysis's options with its own state, sharing the schemas and compiled plans of every other
     * ({@link AnalysisRun#AnalysisRun(CommandLine, AnalysisRun)}); safe from any thread.
     */
    synchronized AnalysisRun run() throws CliException {
        if (shared == null) {
            shared = new AnalysisRun(cl);
            return shared;
        }
        return new AnalysisRun(cl, shared);
    }

    /** {@code --boundary-bytes}: boundary state kept per connection at most. */
    private long boundaryCap() {
        try {
            return cl.hasOption("boundary-bytes") ? Cli.intValue(cl, "boundary-bytes", 0) : BoundaryRecorder.DEFAULT_CAP;
        } catch (CliException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** A report as JSON, as {@code kwire analyze} writes it (snake_case names, nulls kept, indented). */
    public static String json(Report r) throws IOException {
        return Json.REPORT.writeValueAsString(r);
    }

    /**
     * The report of merged partials; each capture warning (readers', end of capture, no Kafka found, connections that
     * cross a file boundary) is also given to {@code warnings}.
     */
    public Report report(Partial merged, Consumer<String> warnings) {
        try {
            org.kwire.schema.SchemaRegistry schemas = Cli.schemas(cl);
            return PartialReport.build(merged, schemas, PartialReport.ports(merged), warnings, new BoundaryReplay(cl, this))
                    .withFilter(org.kwire.report.ReportFilter.of(AnalysisRun.filter(cl, schemas), schemas));
        } catch (CliException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
