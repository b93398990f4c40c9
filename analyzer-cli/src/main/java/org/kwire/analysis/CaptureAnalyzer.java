package org.kwire.analysis;

import org.kwire.conversation.ConversationListener;
import org.kwire.conversation.KafkaConversation;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.PacketSource;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.schema.SchemaRegistry;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpReassembler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The analysis pipeline: packets → TCP segments → reassembled streams → Kafka frames → conversations, whose events go
 * to a {@link ConversationListener}. Fed from capture files ({@link #analyze}) or from any {@link PacketSource}, e.g.
 * a live interface ({@link #start}).
 */
public final class CaptureAnalyzer {

    private final AnalysisOptions options;
    private final ReassemblyLimits limits;
    private final HeaderDecoder headers;

    /**
     * @param schemas Kafka schemas for header versions and request recognition
     * @param options ports and limits
     * @param limits  TCP reassembly bounds (held bytes, idle time)
     */
    public CaptureAnalyzer(SchemaRegistry schemas, AnalysisOptions options, ReassemblyLimits limits) {
        this.options = options;
        this.limits = limits;
        this.headers = new HeaderDecoder(schemas);
    }

    /** An analyzer with the default TCP reassembly bounds ({@link ReassemblyLimits#defaults()}). */
    public CaptureAnalyzer(SchemaRegistry schemas, AnalysisOptions options) {
        this(schemas, options, ReassemblyLimits.defaults());
    }

    /**
     * Starts an analysis to be fed packet by packet or source by source; {@link PacketPipeline#end()} ends it.
     *
     * @param listener receives requests, responses and notes of every Kafka conversation
     * @param onKafka  told of each connection recognised as Kafka, when it is
     */
    public PacketPipeline start(ConversationListener listener, Consumer<KafkaConversation> onKafka) {
        return new PacketPipeline(new TcpReassembler(
                c -> new KafkaStreamHandler(c, options, headers, listener, onKafka), limits));
    }

    /**
     * Analyzes capture files, read in the order given as one capture (packet numbers continue across files).
     *
     * @param files     pcap or pcapng files, plain or gzip-compressed
     * @param names     how to name each file in the report (same order as {@code files})
     * @param listener  receives requests, responses and notes of every Kafka conversation
     * @param onKafka   told of each connection recognised as Kafka, when it is
     * @return what was read
     * @throws IOException if a file is missing, unreadable or not a capture; damage inside a capture is a warning
     */
    public CaptureFacts analyze(List<Path> files, List<String> names, ConversationListener listener,
                                Consumer<KafkaConversation> onKafka) throws IOException {
        PacketPipeline pipeline = start(listener, onKafka);
        long bytes = 0;
        for (Path file : files) {
            try (PacketSource source = CaptureFiles.open(file)) {
                bytes += Files.size(file);
                pipeline.feed(source);
            }
        }
        pipeline.end();
        return pipeline.facts(names, bytes);
    }
}
