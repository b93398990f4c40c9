package org.kwire.capture;

import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.MergedSource;
import org.kwire.pcap.PacketSource;
import org.kwire.stream.StreamConnection;
import org.kwire.stream.StreamStage;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpReassembler;
import org.kwire.tcp.TcpStreamHandler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The capture pipeline: packets ({@link PacketSource}: files, or a live interface) → TCP segments → reassembled
 * streams ({@link TcpReassembler}) → dissector-core's stream stage ({@link StreamStage}: Kafka frames, conversations,
 * exchanges). With it, dissector-core and pcap-reader alone turn a capture into exchanges:
 *
 * <pre>{@code
 * ExchangeTracker tracker = new ExchangeTracker(summarizer, ExchangeFilter.ALL, List.of(sink));
 * StreamStage stage = StreamStage.into(tracker, StreamOptions.defaults(), TlsKeys.none());
 * CaptureFacts facts = new CaptureAnalyzer(stage).analyze(List.of(file), List.of(name));
 * tracker.finish();
 * }</pre>
 */
public final class CaptureAnalyzer {

    private final StreamStage stage;
    private final ReassemblyLimits limits;

    /**
     * @param stage  the stream stage every TCP connection is fed to
     * @param limits TCP reassembly bounds (held bytes, idle time)
     */
    public CaptureAnalyzer(StreamStage stage, ReassemblyLimits limits) {
        this.stage = stage;
        this.limits = limits;
    }

    /** An analyzer with the default TCP reassembly bounds ({@link ReassemblyLimits#defaults()}). */
    public CaptureAnalyzer(StreamStage stage) {
        this(stage, ReassemblyLimits.defaults());
    }

    /** Starts an analysis to be fed packet by packet or source by source; {@link PacketPipeline#end()} ends it. */
    public PacketPipeline start() {
        return start(CaptureTap.NONE);
    }

    /**
     * {@link #start()}, with {@code tap} watching every packet and connection (and wrapping each connection's input to
     * the stream stage), e.g. to keep what a partial analysis of one file needs for a merge.
     */
    public PacketPipeline start(CaptureTap tap) {
        return new PacketPipeline(new TcpReassembler(c -> tap.connection(c, TcpToStream.open(stage, c)), limits,
                (c, fromA, bytes, packet, first) -> stage.afterClose(TcpToStream.describe(c), fromA, bytes, first)),
                stage.tls().keyLog(), tap);
    }

    /**
     * {@link #start()} on two threads: the caller's reads packets, decodes them and reassembles TCP; a stream thread
     * ({@code kwire-stream}) runs the stream stage and everything it feeds (framing, headers, matching, the tracker's
     * in-order delivery to the sinks), taking reassembly's events in batches through a bounded ring
     * ({@link StreamHandoff}). The stage, its listener and observers see exactly the calls, in the same order, that
     * {@link #start()} would make. {@link PacketPipeline#end()} returns once the stream thread has handled every event:
     * only then may the caller read what the sinks gathered (or finish the tracker). No {@link CaptureTap}: a tap asks
     * the stage about a connection's state ({@code atRest}) while packets are read.
     */
    public PacketPipeline startSplit() {
        return startSplit(1);
    }

    /**
     * {@link #startSplit()} with the connections sharded over {@code streamThreads} stream threads
     * ({@code kwire-stream-1..N}) by their 4-tuple, each running a stream stage of its own for its connections, and one
     * more thread ({@code kwire-merge}) handing what they found to the stage's listener and observers in capture order
     * ({@link ShardedHandoff}): the listener and observers see exactly the calls, in the same order, on one thread,
     * that {@link #start()} would make. With 1, {@link #startSplit()}'s one stream thread.
     *
     * @throws IllegalArgumentException if {@code streamThreads} is below 1
     */
    public PacketPipeline startSplit(int streamThreads) {
        if (streamThreads < 1) {
            throw new IllegalArgumentException("stream threads must be 1 or more, not " + streamThreads);
        }
        Handoff handoff = streamThreads == 1 ? new StreamHandoff(c -> TcpToStream.open(stage, c))
                : new ShardedHandoff(stage, streamThreads);
        return new PacketPipeline(new TcpReassembler(c -> handoff.connection(TcpToStream.describe(c)), limits,
                (c, fromA, bytes, packet, first) -> {
                    StreamConnection d = TcpToStream.describe(c);
                    handoff.runInOrder(() -> stage.afterClose(d, fromA, bytes, first));
                }), stage.tls().keyLog(), CaptureTap.NONE, handoff);
    }

    /**
     * The stream stage's input for one connection alone, outside a pipeline: e.g. a partial's boundary pieces
     * replayed at a merge ({@code org.kwire.partial.Stitcher}); its events reach the stage's listener and observers.
     */
    public TcpStreamHandler handler(TcpConnection connection) {
        return TcpToStream.open(stage, connection);
    }

    /**
     * Analyzes capture files as one capture, their packets merged by timestamp as {@code mergecap} merges them
     * ({@link MergedSource}) and numbered 1, 2, ... in that order.
     *
     * @param files     pcap or pcapng files, plain or gzip-compressed
     * @param names     how to name each file in the report (same order as {@code files})
     * @return what was read (the stage's listener and observers got the rest)
     * @throws IOException if a file is missing, unreadable or not a capture; damage inside a capture is a warning
     */
    public CaptureFacts analyze(List<Path> files, List<String> names) throws IOException {
        PacketPipeline pipeline = start();
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
