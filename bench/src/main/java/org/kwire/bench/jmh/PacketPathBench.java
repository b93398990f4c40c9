package org.kwire.bench.jmh;

import org.kwire.analysis.Analysis;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.Packet;
import org.kwire.report.Report;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The per-packet path (issue 26), one packet per operation, so that JMH's time per operation is nanoseconds per
 * packet and {@code -prof gc}'s {@code gc.alloc.rate.norm} is bytes allocated per packet. Each stage alone, on a
 * generated capture ({@code mss}: 1448 for Ethernet-sized segments, 16000 for loopback-sized ones):
 * <ul>
 *   <li>{@link #read}: the next pcap record as a {@link Packet} ({@code org.kwire.pcap}, a mapped file);</li>
 *   <li>{@link #decode}: link, IP and TCP headers to the {@link TcpSegment} view ({@code org.kwire.net}), over the
 *       packets read once at setup;</li>
 *   <li>{@link #reassemble}: TCP reassembly ({@code org.kwire.tcp}) of the segments decoded once at setup, into
 *       handlers that only count;</li>
 *   <li>{@link #handoff}: the same reassembly into the split pipeline's queued handlers, which record each event for
 *       the stream thread ({@code org.kwire.capture}); that thread replays into handlers that only count.</li>
 * </ul>
 * A stage that runs past the capture's last packet starts it again (a new reader, a new reassembly: their set-up is
 * spread over the capture's packets). {@link #analyze} is the whole of {@code kwire analyze} in its default mode (the
 * split pipeline, the workers, the report), one capture per operation: divide by the packets printed at setup.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class PacketPathBench extends JmhSettings {

    /** Largest TCP segment of the generated capture, bytes. */
    @Param({"1448", "16000"})
    public int mss;

    /** Size of the generated capture, MiB. */
    @Param("64")
    public int mib;

    private Path capture;
    private PacketStages stages;
    private Analysis analysis;

    @Setup
    public void setup() throws IOException {
        capture = BenchInputs.capture(mib, mss);
        stages = new PacketStages(capture);
        analysis = Analysis.of(AnalysisConfig.defaults());
        System.out.println("capture: " + capture + ", " + Files.size(capture) + " bytes, " + stages.packets()
                + " packets, " + stages.segments() + " TCP segments, mss " + mss);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        stages.close();
    }

    /** (a) The next pcap record. */
    @Benchmark
    public Packet read() throws IOException {
        return stages.read();
    }

    /** (b) One packet's link, IP and TCP headers. */
    @Benchmark
    public TcpSegment decode() {
        return stages.decode();
    }

    /** (c) One segment through TCP reassembly. */
    @Benchmark
    public long reassemble() {
        return stages.reassemble();
    }

    /** (d) One segment through TCP reassembly whose events are recorded for the stream thread. */
    @Benchmark
    public long handoff() {
        return stages.handoff();
    }

    /** (e) The whole capture, as {@code kwire analyze} with its defaults reads it (divide by the packets). */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public Report analyze() throws IOException {
        return analysis.report(List.of(capture), w -> { });
    }
}
