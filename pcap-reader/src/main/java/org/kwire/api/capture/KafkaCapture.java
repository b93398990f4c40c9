package org.kwire.api.capture;

import org.kwire.api.KafkaExchange;
import org.kwire.capture.CaptureAnalyzer;
import org.kwire.capture.CaptureFacts;
import org.kwire.capture.PacketPipeline;
import org.kwire.expert.ExpertNote;
import org.kwire.live.LiveCapture;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.PacketSource;
import org.kwire.plan.PlanCache;
import org.kwire.records.RecordsDecoder;
import org.kwire.records.RecordsOptions;
import org.kwire.report.CaptureSummary;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.schema.SchemaRegistry;
import org.kwire.stream.StreamOptions;
import org.kwire.stream.StreamStage;
import org.kwire.stream.TlsKeys;
import org.kwire.summary.ExchangeFilter;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;
import org.kwire.summary.TopicNames;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A capture file (pcap or pcapng, plain or gzip'd) or stream as Kafka request/response exchanges, or as the report
 * {@code kwire analyze --format json} writes: the same pipeline (TCP reassembly, the stream stage, matching by
 * correlation_id, one summary per frame), on the calling thread.
 * <pre>{@code
 * KafkaCapture.create().exchanges(Path.of("broker.pcap"), e -> System.out.println(e));
 * Report report = KafkaCapture.create().report(Path.of("broker.pcap"));
 * }</pre>
 * <p>
 * <b>Order and errors.</b> Exchanges come in capture order (each when its response, or at the end its connection's
 * close, completes it), on the calling thread, before the method returns. A missing, unreadable or foreign file throws
 * {@link IOException}; damage inside a capture is a warning (the report's {@code warnings}), never an exception. An
 * exception thrown by the consumer comes out of the call.
 * <p>
 * <b>Thread safety.</b> Immutable and thread-safe; each call is an analysis of its own (one at a time per thread,
 * any number in parallel). Memory: bounded as {@code kwire analyze}'s (docs/ARCHITECTURE.md, "Where state lives"),
 * except {@link #exchanges(Path)}, which keeps every exchange.
 */
public final class KafkaCapture {

    private final Set<Integer> brokerPorts;

    private KafkaCapture(Set<Integer> brokerPorts) {
        this.brokerPorts = Set.copyOf(brokerPorts);
    }

    /** Brokers on port 9092 (Kafka on other ports is found by its first request header, as kwire analyze does). */
    public static KafkaCapture create() {
        return new KafkaCapture(Set.of(StreamOptions.DEFAULT_PORT));
    }

    /**
     * The same with these broker ports ({@code kwire analyze --port}).
     *
     * @throws IllegalArgumentException if none is given or one is not a TCP port (1-65535)
     */
    public KafkaCapture brokerPorts(int... ports) {
        Set<Integer> set = new java.util.TreeSet<>();
        for (int p : ports) {
            if (p < 1 || p > 65535) {
                throw new IllegalArgumentException("not a TCP port: " + p);
            }
            set.add(p);
        }
        if (set.isEmpty()) {
            throw new IllegalArgumentException("no broker port");
        }
        return new KafkaCapture(set);
    }

    /** Gives {@code each} every exchange of the capture file, in capture order. */
    public void exchanges(Path file, Consumer<KafkaExchange> each) throws IOException {
        try (PacketSource source = CaptureFiles.open(file)) {
            run(source, file.getFileName().toString(), Files.size(file), each, false);
        }
    }

    /** Gives {@code each} every exchange of a capture read from {@code in} (not closed), in capture order. */
    public void exchanges(InputStream in, Consumer<KafkaExchange> each) throws IOException {
        try (PacketSource source = CaptureFiles.open(in, "stream")) {
            run(source, "stream", 0, each, false);
        }
    }

    /** Every exchange of the capture file, in capture order (all kept in memory). */
    public List<KafkaExchange> exchanges(Path file) throws IOException {
        List<KafkaExchange> all = new ArrayList<>();
        exchanges(file, all::add);
        return all;
    }

    /** The report of the capture file, as {@code kwire analyze --format json} makes it with default options. */
    public Report report(Path file) throws IOException {
        try (PacketSource source = CaptureFiles.open(file)) {
            return run(source, file.getFileName().toString(), Files.size(file), e -> { }, true);
        }
    }

    /** The report of a capture read from {@code in} (not closed), named {@code name} in the report. */
    public Report report(InputStream in, String name) throws IOException {
        try (PacketSource source = CaptureFiles.open(in, name)) {
            return run(source, name, 0, e -> { }, true);
        }
    }

    /**
     * Captures live on an interface (libpcap, through pcap4j and JNA: optional dependencies of pcap-reader, which live
     * capture needs; the process must be allowed to capture) the TCP packets of the broker ports, and gives
     * {@code each} every exchange as it completes, on a thread of the capture's, until the returned capture is closed.
     *
     * @param device interface name ({@code lo}, {@code eth0}, {@code any}; {@code kwire interfaces} lists them)
     * @throws IOException if the capture cannot start: pcap4j, JNA or libpcap missing, not permitted, no such
     *                     interface (the message says which, in one sentence)
     */
    public LiveExchanges live(String device, Consumer<KafkaExchange> each) throws IOException {
        StringBuilder filter = new StringBuilder("tcp and (");
        String or = "";
        for (int p : new java.util.TreeSet<>(brokerPorts)) {
            filter.append(or).append("port ").append(p);
            or = " or ";
        }
        LiveCapture capture = LiveCapture.open(device, filter.append(')').toString(), LiveCapture.DEFAULT_SNAPLEN);
        return LiveExchanges.start(capture, source -> run(source, device, 0, each, false));
    }

    /** Feeds the capture through the pipeline; the report when {@code withReport}, else null. */
    private Report run(PacketSource source, String name, long bytes, Consumer<KafkaExchange> each, boolean withReport)
            throws IOException {
        SchemaRegistry schemas = SchemaRegistry.bundled();
        TopicNames topics = new TopicNames();
        ReportBuilder report = withReport ? new ReportBuilder(schemas, topics, ReportBuilder.DEFAULT_SLOWEST) : null;
        List<ExchangeSink> sinks = new ArrayList<>();
        sinks.add(new ExchangeSink() {
            @Override
            public void onExchange(ExchangeSummary e) {
                each.accept(KafkaExchange.of(e, schemas));
            }
        });
        if (report != null) {
            sinks.add(report);
        }
        ExchangeTracker tracker = new ExchangeTracker(new FrameSummarizer(new PlanCache(schemas),
                RecordsDecoder.headersOnly(RecordsOptions.defaults()), topics), ExchangeFilter.ALL, sinks);
        StreamStage stage = StreamStage.into(tracker, new StreamOptions(brokerPorts, StreamOptions.DEFAULT_MAX_FRAME,
                StreamOptions.DEFAULT_MAX_PENDING), TlsKeys.none());
        if (report != null) {
            stage.observe(org.kwire.capture.ReportObserver.of(report));
        }
        PacketPipeline pipeline = new CaptureAnalyzer(stage).start();
        pipeline.feed(source);
        pipeline.end();
        tracker.finish();
        if (report == null) {
            return null;
        }
        CaptureFacts facts = pipeline.facts(List.of(name), bytes);
        for (ExpertNote w : facts.warnings()) {
            report.note(w);
        }
        return report.build(new CaptureSummary(facts.files(), facts.packets(), facts.bytes(),
                iso(facts.firstTimestampNanos(), facts.packets()), iso(facts.lastTimestampNanos(), facts.packets()),
                facts.tcpConnections(), 0, 0, 0, 0));
    }

    private static String iso(long nanos, long packets) {
        return packets == 0 ? null : Instant.ofEpochSecond(0, nanos).toString();
    }
}
