package org.kwire.analysis;

import org.kwire.conversation.ConversationListener;
import org.kwire.net.PacketDecoder;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;
import org.kwire.plan.PlanCache;
import org.kwire.protocol.HeaderDecoder;
import org.kwire.tcp.TcpReassembler;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The analysis pipeline of saved captures: packets → TCP segments → reassembled streams → Kafka frames →
 * conversations, whose events go to a {@link ConversationListener}. Several files are read in the order given as one
 * capture (packet numbers continue across files).
 */
public final class CaptureAnalyzer {

    private final AnalysisOptions options;
    private final PlanCache plans;
    private final HeaderDecoder headers;

    /**
     * @param plans   Kafka's compiled schemas: header versions, request recognition, response API inference
     * @param options ports and limits
     */
    public CaptureAnalyzer(PlanCache plans, AnalysisOptions options) {
        this.options = options;
        this.plans = plans;
        this.headers = new HeaderDecoder(plans.schemas());
    }

    /**
     * Analyzes capture files.
     *
     * @param files     pcap or pcapng files
     * @param names     how to name each file in the report (same order as {@code files})
     * @param listener  receives requests, responses and notes of every Kafka conversation
     * @param observer  told what each connection carries, when it is known
     * @return what was read
     * @throws IOException if a file is missing, unreadable or not a capture; damage inside a capture is a warning
     */
    public CaptureFacts analyze(List<Path> files, List<String> names, ConversationListener listener,
                                ConnectionObserver observer) throws IOException {
        PacketDecoder decoder = new PacketDecoder();
        TcpReassembler tcp = new TcpReassembler(
                c -> new KafkaStreamHandler(c, options, plans, headers, listener, observer), TcpReassembler.DEFAULT_MAX_HELD);
        List<String> warnings = new ArrayList<>();
        long packets = 0;
        long bytes = 0;
        long first = 0;
        long last = 0;
        for (Path file : files) {
            try (PacketSource source = CaptureFiles.open(file)) {
                bytes += Files.size(file);
                long base = packets;
                Packet p;
                while ((p = source.next()) != null) {
                    Packet numbered = base == 0 ? p : p.withNumber(base + p.number());
                    packets++;
                    if (first == 0) {
                        first = p.timestampNanos();
                    }
                    last = p.timestampNanos();
                    TcpSegment s = decoder.decode(numbered);
                    if (s != null) {
                        tcp.accept(s);
                    }
                }
                warnings.addAll(source.warnings());
            }
        }
        tcp.end(packets);
        return new CaptureFacts(names, packets, bytes, first, last, tcp.connections(), warnings);
    }
}
