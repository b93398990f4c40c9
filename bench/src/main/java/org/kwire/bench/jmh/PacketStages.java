package org.kwire.bench.jmh;

import org.kwire.capture.HandoffProbe;
import org.kwire.net.PacketDecoder;
import org.kwire.net.TcpSegment;
import org.kwire.pcap.CaptureFiles;
import org.kwire.pcap.Packet;
import org.kwire.pcap.PacketSource;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpReassembler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The stages of the per-packet path, one packet (or segment) per call, over one capture: what
 * {@link PacketPathBench} times and {@link PacketPathCost} measures in CPU time. The packets are read and decoded
 * once at construction (each segment {@link TcpSegment#copy() copied}), so that each stage runs alone; a stage that
 * runs past the capture's end starts it again (a new reader, a new reassembly). Not thread-safe.
 */
final class PacketStages {

    private final Path capture;
    private final Packet[] packets;
    private final TcpSegment[] segments;
    private final PacketDecoder decoder = new PacketDecoder();
    private PacketSource source;
    private int next;
    private TcpReassembler tcp;
    private HandoffProbe probe;

    PacketStages(Path capture) throws IOException {
        this.capture = capture;
        List<Packet> read = new ArrayList<>();
        List<TcpSegment> decoded = new ArrayList<>();
        PacketDecoder d = new PacketDecoder();
        try (PacketSource s = CaptureFiles.open(capture)) {
            for (Packet p; (p = s.next()) != null; ) {
                read.add(p);
                TcpSegment seg = d.decode(p);
                if (seg != null) {
                    decoded.add(seg.copy());
                }
            }
        }
        packets = read.toArray(new Packet[0]);
        segments = decoded.toArray(new TcpSegment[0]);
        source = CaptureFiles.open(capture);
    }

    /** Packets in the capture. */
    int packets() {
        return packets.length;
    }

    /** TCP segments in the capture. */
    int segments() {
        return segments.length;
    }

    /** (a) The next pcap record. */
    Packet read() throws IOException {
        Packet p = source.next();
        if (p == null) {
            source.close();
            source = CaptureFiles.open(capture);
            p = source.next();
        }
        return p;
    }

    /** (b) The next packet's link, IP and TCP headers. */
    TcpSegment decode() {
        Packet p = packets[next];
        next = next + 1 == packets.length ? 0 : next + 1;
        return decoder.decode(p);
    }

    /** (c) The next segment through TCP reassembly into handlers that count. */
    long reassemble() {
        if (next == 0 || tcp == null) {
            if (tcp != null) {
                tcp.end(segments[segments.length - 1].packet().number());
            }
            tcp = new TcpReassembler(c -> HandoffProbe.COUNTER, ReassemblyLimits.defaults());
        }
        TcpSegment s = segments[next];
        next = next + 1 == segments.length ? 0 : next + 1;
        tcp.accept(s);
        return HandoffProbe.COUNTER.bytes;
    }

    /** (d) The next segment through TCP reassembly whose events are recorded for a stream thread that counts. */
    long handoff() {
        if (next == 0 || probe == null) {
            finish();
            probe = new HandoffProbe();
        }
        TcpSegment s = segments[next];
        next = next + 1 == segments.length ? 0 : next + 1;
        probe.accept(s);
        return HandoffProbe.COUNTER.bytes;
    }

    /** Ends the reassembly of {@link #handoff}, if started, and waits for its stream thread. */
    void finish() {
        if (probe != null) {
            probe.finish();
            probe = null;
        }
    }

    void close() throws IOException {
        finish();
        source.close();
    }
}
