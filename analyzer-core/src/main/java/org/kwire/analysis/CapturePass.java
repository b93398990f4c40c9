package org.kwire.analysis;

import org.kwire.capture.CaptureAnalyzer;
import org.kwire.capture.CaptureFacts;
import org.kwire.capture.PacketPipeline;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.report.CaptureSummary;
import org.kwire.report.Report;
import org.kwire.report.ReportBuilder;
import org.kwire.stream.ConnectionObserver;
import org.kwire.stream.TrafficCensus;
import org.kwire.summary.ExchangeSink;
import org.kwire.summary.ExchangeTracker;
import org.kwire.tcp.ReassemblyLimits;

import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * One analysis of a whole capture through an {@link AnalysisRun} ({@code kwire analyze} without {@code --jobs} or
 * {@code --partial}, {@code analyze}'s events and metrics, {@link Analysis#report(List, Consumer)}): the packets a
 * {@link Feed} gives, through TCP reassembly and the run's stream stage, into the sinks in capture order, then into
 * the report's capture facts and warnings. Stateless; an analysis runs on the calling thread (and, with workers,
 * the threads of its pipeline).
 */
public final class CapturePass {

    private CapturePass() {
    }

    /** Feeds a capture's packets into a pipeline, closing what it opened. */
    @FunctionalInterface
    public interface Feed {
        /** @return what was fed, for the report's capture facts */
        Fed into(PacketPipeline pipeline) throws IOException;
    }

    /**
     * What a {@link Feed} read.
     *
     * @param names how the report names the capture's files
     * @param bytes their size, bytes
     */
    public record Fed(List<String> names, long bytes) {
    }

    /**
     * One analysis of a capture, as {@code kwire analyze} makes it: packets through TCP reassembly and the run's
     * stream stage into a tracker and its sinks, in capture order; then the capture's warnings (readers', end of
     * capture) and, when it held no Kafka, what it held instead, noted in {@code report} and given to {@code warnings}.
     *
     * @param report    the report the warnings are noted in (a sink too, if it is to count the exchanges)
     * @param workers   threads decoding frames (0: all on the calling thread; else reading and TCP get one apart)
     * @param observers more connection observers (null ones skipped)
     * @return the capture's facts, for {@link #build}
     * @throws IOException     if the capture cannot be read
     * @throws ConfigException if the heap cannot honour the decompression limit or workers given
     */
    public static CaptureFacts read(AnalysisRun run, ReportBuilder report, List<ExchangeSink> sinks, int workers, Feed feed, Consumer<String> warnings,
                             ConnectionObserver... observers) throws IOException {
        ExchangeTracker tracker = run.tracker(sinks, workers);
        TrafficCensus census = new TrafficCensus(run.streamOptions().brokerPorts());
        ConnectionObserver[] all = Arrays.copyOf(observers, observers.length + 1);
        all[observers.length] = census;
        CaptureAnalyzer analyzer = new CaptureAnalyzer(run.stage(tracker, report, all), ReassemblyLimits.defaults());
        // with workers, the stream stage and the sinks also get a thread of their own (docs/ARCHITECTURE.md, "Threading")
        PacketPipeline pipeline = workers > 0 ? analyzer.startSplit(run.streamThreads(workers)) : analyzer.start();
        Fed fed = feed.into(pipeline);
        pipeline.end();
        tracker.finish();
        CaptureFacts facts = pipeline.facts(fed.names(), fed.bytes());
        note(facts, census, report, !run.tls().keyLog().sources().isEmpty(), warnings);
        return facts;
    }

    /**
     * Notes a read capture's warnings in its report and gives them to {@code warnings}: the readers' (truncated
     * files, dropped packets, ...), then, when the capture held no Kafka, what it held instead
     * ({@link TrafficCensus#verdict}).
     *
     * @param keyLogGiven whether TLS secrets were given (the verdict then speaks of TLS differently)
     */
    public static void note(CaptureFacts facts, TrafficCensus census, ReportBuilder report, boolean keyLogGiven,
                            Consumer<String> warnings) {
        for (ExpertNote w : facts.warnings()) {
            warnings.accept(w.message());
            report.note(w);
        }
        String verdict = census.verdict(facts.packets(), keyLogGiven);
        if (verdict != null) {
            warnings.accept(verdict);
            report.note(new ExpertNote(ExpertItem.CAPTURE_NO_KAFKA, 0, -1, "", verdict));
        }
    }

    /** The report so far, with the capture's facts; timestamps ISO-8601 UTC, null when no packet was read. */
    public static Report build(ReportBuilder report, CaptureFacts facts) {
        return report.build(new CaptureSummary(facts.files(), facts.packets(), facts.bytes(),
                iso(facts.firstTimestampNanos(), facts.packets()), iso(facts.lastTimestampNanos(), facts.packets()),
                facts.tcpConnections(), 0, 0, 0, 0));
    }

    private static String iso(long nanos, long packets) {
        return packets == 0 ? null : Instant.ofEpochSecond(0, nanos).toString();
    }
}
