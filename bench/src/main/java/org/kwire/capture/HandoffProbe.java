package org.kwire.capture;

import org.kwire.expert.ExpertItem;
import org.kwire.net.TcpSegment;
import org.kwire.stream.GapCause;
import org.kwire.tcp.ReassemblyLimits;
import org.kwire.tcp.TcpReassembler;
import org.kwire.tcp.TcpStreamHandler;

import java.nio.ByteBuffer;

/**
 * For the benchmarks only ({@code org.kwire.bench.jmh.PacketPathBench}): TCP reassembly into the split pipeline's
 * {@link QueuedHandler}s and {@link StreamHandoff}, as {@link CaptureAnalyzer#startSplit()} wires them, but with a
 * stream thread that hands every event to {@link #COUNTER} instead of the stream stage: the reading thread's cost
 * of recording events, without the stream stage's. In pcap-reader's package to reach its package-private hand-off;
 * not thread-safe (one reading thread).
 */
public final class HandoffProbe {

    /** A handler that counts data bytes and reads nothing else (shared: one benchmark thread). */
    public static final Counter COUNTER = new Counter();

    private final StreamHandoff handoff = new StreamHandoff(c -> COUNTER);
    private final TcpReassembler tcp = new TcpReassembler(c -> handoff.connection(TcpToStream.describe(c)),
            ReassemblyLimits.defaults());
    private long last;

    /** One segment, in capture order. */
    public void accept(TcpSegment s) {
        last = s.packet().number();
        tcp.accept(s);
    }

    /** Ends every connection and waits for the stream thread. */
    public void finish() {
        tcp.end(last);
        handoff.finish();
    }

    /** Counts data bytes. */
    public static final class Counter implements TcpStreamHandler {
        /** Data bytes seen. */
        public long bytes;

        @Override
        public void onData(boolean fromA, ByteBuffer buffer, int offset, int length, long timestampNanos, long packet) {
            bytes += length;
        }

        @Override
        public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
            bytes += data.remaining();
        }

        @Override
        public void onGap(boolean fromA, long n, GapCause cause, long packet) {
        }

        @Override
        public void onNote(boolean fromA, long packet, ExpertItem item, String text) {
        }

        @Override
        public void onEnd(long packet) {
        }
    }
}
