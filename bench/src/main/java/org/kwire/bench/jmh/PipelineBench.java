package org.kwire.bench.jmh;

import org.kwire.bench.Analysis;
import org.kwire.net.PacketDecoder;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;
import org.kwire.report.Report;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpReassembler;
import org.kwire.tcp.TcpStreamHandler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The packet side of the pipeline over a generated capture ({@code bench/make-capture}, 64 MiB by default), one whole
 * pass per operation, each stage on top of the previous: reading packets, decoding them to TCP segments, TCP
 * reassembly into byte streams, and the whole analysis into a report (frames, headers, bodies, records, report). The
 * differences between them are each stage's cost; the file's size over the time is the throughput (warm JIT, file in
 * the page cache, no JVM start).
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class PipelineBench extends JmhSettings {

    /** Size of the generated capture, MiB. */
    @Param("64")
    public int mib;

    private Path capture;

    /** Writes the capture and prints its size and packets (to turn JMH's {@code gc.alloc.rate.norm} into bytes per packet). */
    @Setup
    public void setup() throws IOException {
        capture = BenchInputs.capture(mib);
        long packets = 0;
        try (PacketSource source = CaptureFiles.open(capture)) {
            while (source.next() != null) {
                packets++;
            }
        }
        System.out.println("capture: " + capture + ", " + Files.size(capture) + " bytes, " + packets + " packets");
    }

    /** Reads every packet. */
    @Benchmark
    public long readPackets() throws IOException {
        long n = 0;
        try (PacketSource source = CaptureFiles.open(capture)) {
            for (Packet p; (p = source.next()) != null; ) {
                n += p.capturedLength();
            }
        }
        return n;
    }

    /** Reads every packet and decodes it to its TCP segment. */
    @Benchmark
    public void decodePackets(Blackhole bh) throws IOException {
        PacketDecoder decoder = new PacketDecoder();
        try (PacketSource source = CaptureFiles.open(capture)) {
            for (Packet p; (p = source.next()) != null; ) {
                bh.consume(decoder.decode(p));
            }
        }
    }

    /** Reads, decodes and reassembles every TCP connection into its two byte streams. */
    @Benchmark
    public long reassemble() throws IOException {
        long[] bytes = new long[1];
        TcpStreamHandler counter = new TcpStreamHandler() { // reads nothing: TCP reassembly's own cost
            @Override
            public void onData(boolean fromA, ByteBuffer buffer, int offset, int length, long timestampNanos, long packet) {
                bytes[0] += length;
            }

            @Override
            public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
                bytes[0] += data.remaining();
            }

            @Override
            public void onGap(boolean fromA, long n, org.kwire.stream.GapCause cause, long packet) {
            }

            @Override
            public void onNote(boolean fromA, long packet, org.kwire.expert.ExpertItem item, String text) {
            }

            @Override
            public void onEnd(long packet) {
            }
        };
        TcpReassembler tcp = new TcpReassembler(c -> counter, ReassemblyLimits.defaults());
        PacketDecoder decoder = new PacketDecoder();
        long last = 0;
        try (PacketSource source = CaptureFiles.open(capture)) {
            for (Packet p; (p = source.next()) != null; last = p.number()) {
                TcpSegment s = decoder.decode(p);
                if (s != null) {
                    tcp.accept(s);
                }
            }
        }
        tcp.end(last);
        return bytes[0];
    }

    /** The whole of {@code kwire analyze}: the report on the capture. */
    @Benchmark
    public Report analyze() throws IOException {
        return Analysis.report(capture, BenchInputs.PLANS);
    }
}
