package org.kwire.analysis;

import org.kwire.conversation.ConversationListener;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.MergedSource;
import org.kwire.pcap.PacketSource;
import org.kwire.plan.PlanCache;
import org.kwire.summary.ExchangeTracker;
import org.kwire.summary.FrameSummarizer;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpReassembler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The analysis pipeline: packets → TCP segments → reassembled streams → Kafka frames → conversations, whose events go
 * to a {@link ConversationListener}. Fed from capture files ({@link #analyze}) or from any {@link PacketSource}, e.g.
 * a live interface ({@link #start}).
 */
public final class CaptureAnalyzer {

    private final AnalysisOptions options;
    private final PlanCache plans;
    private final ReassemblyLimits limits;
    private final HeaderDecoder headers;
    private final TlsKeys tls;

    /**
     * @param plans   Kafka's compiled schemas: header versions, request recognition, response API inference
     * @param options ports and limits
     * @param limits  TCP reassembly bounds (held bytes, idle time)
     */
    public CaptureAnalyzer(PlanCache plans, AnalysisOptions options, ReassemblyLimits limits) {
        this(plans, options, limits, TlsKeys.none());
    }

    /**
     * @param plans   Kafka's compiled schemas
     * @param options ports and limits
     * @param limits  TCP reassembly bounds
     * @param tls     TLS secrets (key log files; pcapng Decryption Secrets Blocks are added to it as they are read)
     */
    public CaptureAnalyzer(PlanCache plans, AnalysisOptions options, ReassemblyLimits limits, TlsKeys tls) {
        this.tls = tls;
        this.options = options;
        this.plans = plans;
        this.limits = limits;
        this.headers = new HeaderDecoder(plans.schemas());
    }

    /** An analyzer with the default TCP reassembly bounds ({@link ReassemblyLimits#defaults()}). */
    public CaptureAnalyzer(PlanCache plans, AnalysisOptions options) {
        this(plans, options, ReassemblyLimits.defaults());
    }

    /**
     * Starts an analysis to be fed packet by packet or source by source; {@link PacketPipeline#end()} ends it.
     *
     * @param tracker  summarizes the frames of every Kafka conversation and receives its requests, responses and notes
     * @param observer told what each connection carries, when it is known
     */
    public PacketPipeline start(ExchangeTracker tracker, ConnectionObserver observer) {
        return start(tracker.summarizer(), tracker, observer);
    }

    /**
     * Starts an analysis whose conversations go to any listener.
     *
     * @param summarizer decodes the responses whose API the conversations infer
     * @param listener   receives requests, responses and notes of every Kafka conversation
     * @param observer   told what each connection carries, when it is known
     */
    public PacketPipeline start(FrameSummarizer summarizer, ConversationListener listener, ConnectionObserver observer) {
        return new PacketPipeline(new TcpReassembler(
                c -> new KafkaStreamHandler(c, options, summarizer, headers, listener, observer, tls), limits), tls.keyLog());
    }

    /**
     * {@link #start(ExchangeTracker, ConnectionObserver)}, with every TCP connection also counted by
     * {@code census} (what each server port carried, for {@link TrafficCensus#verdict}).
     */
    public PacketPipeline start(ExchangeTracker tracker, ConnectionObserver observer, TrafficCensus census) {
        ConnectionObserver counted = census.observer(observer);
        return new PacketPipeline(new TcpReassembler(c -> census.wrap(c, new KafkaStreamHandler(c, options,
                tracker.summarizer(), headers, tracker, counted, tls)), limits), tls.keyLog());
    }

    /**
     * Analyzes capture files as one capture, their packets merged by timestamp as {@code mergecap} merges them
     * ({@link MergedSource}) and numbered 1, 2, ... in that order.
     *
     * @param files     pcap or pcapng files, plain or gzip-compressed
     * @param names     how to name each file in the report (same order as {@code files})
     * @param summarizer decodes the responses whose API the conversations infer
     * @param listener  receives requests, responses and notes of every Kafka conversation
     * @param observer  told what each connection carries, when it is known
     * @return what was read
     * @throws IOException if a file is missing, unreadable or not a capture; damage inside a capture is a warning
     */
    public CaptureFacts analyze(List<Path> files, List<String> names, FrameSummarizer summarizer,
                                ConversationListener listener, ConnectionObserver observer) throws IOException {
        PacketPipeline pipeline = start(summarizer, listener, observer);
        long bytes = 0;
        List<PacketSource> sources = new ArrayList<>();
        try {
            for (Path file : files) {
                sources.add(CaptureFiles.open(file));
                bytes += Files.size(file);
            }
            pipeline.feed(MergedSource.of(sources));
        } finally {
            for (PacketSource s : sources) {
                s.close();
            }
        }
        pipeline.end();
        return pipeline.facts(names, bytes);
    }
}
