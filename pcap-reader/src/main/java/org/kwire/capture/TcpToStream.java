package org.kwire.capture;

import org.kwire.expert.ExpertItem;
import org.kwire.stream.GapCause;
import org.kwire.stream.StreamConnection;
import org.kwire.stream.StreamInput;
import org.kwire.stream.StreamStage;
import org.kwire.tcp.TcpConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.nio.ByteBuffer;

/**
 * The seam between pcap-reader's TCP reassembly and dissector-core's stream stage: one connection's
 * {@link TcpStreamHandler} events handed on as {@link StreamInput} calls, its {@link TcpConnection} described as a
 * {@link StreamConnection}. TCP gives gap reasons as its two documented words ({@code "missing segments"},
 * {@code "snaplen"}) and one kind of note (a retransmission whose bytes differ from the first copy); here they become
 * the stage's {@link GapCause} and {@link ExpertItem#TCP_RETRANSMISSION_DIFFERS}.
 */
final class TcpToStream implements TcpStreamHandler {

    private final StreamInput stream;

    private TcpToStream(StreamInput stream) {
        this.stream = stream;
    }

    /** The stage's decoder of this TCP connection, fed by TCP reassembly. */
    static TcpStreamHandler open(StreamStage stage, TcpConnection tcp) {
        return open(stage, describe(tcp));
    }

    /** The stage's decoder of a connection described already ({@link #describe}). */
    static TcpStreamHandler open(StreamStage stage, StreamConnection connection) {
        return new TcpToStream(stage.open(connection));
    }

    /** A TCP connection as the stream stage knows it: stream number, endpoints, whether its SYN was seen. */
    static StreamConnection describe(TcpConnection tcp) {
        return new StreamConnection(tcp.stream(), tcp.a().toString(), tcp.a().port(), tcp.b().toString(),
                tcp.b().port(), tcp.synSeen());
    }

    @Override
    public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        stream.data(fromA, data, timestampNanos, packet);
    }

    @Override
    public void onGap(boolean fromA, long bytes, GapCause cause, long packet) {
        stream.gap(fromA, bytes, cause, cause.label(), packet);
    }

    @Override
    public void onEndGap(boolean fromA, long bytes, long packet) {
        stream.endGap(fromA, bytes, packet);
    }

    @Override
    public void onNote(boolean fromA, long packet, ExpertItem item, String text) {
        stream.note(fromA, packet, item, text);
    }

    @Override
    public void onFin(boolean fromA, long packet) {
        stream.fin(fromA, packet);
    }

    @Override
    public void onEnd(long packet) {
        stream.end(packet);
    }

    @Override
    public void onShed(long packet) {
        stream.shed(packet);
    }

    @Override
    public boolean atRest() {
        return stream.atRest();
    }

    @Override
    public long[] resumeOffsets() {
        org.kwire.stream.ResumePoint p = stream.resumePoint();
        return p == null ? null : new long[] {p.fromA(), p.fromB()};
    }

    @Override
    public long[] apisSeen() {
        return stream.apisSeen();
    }

    @Override
    public void seedApis(long[] apis) {
        stream.seedApis(apis);
    }

    @Override
    public boolean answering() {
        org.kwire.stream.ResumePoint p = stream.resumePoint();
        return p != null && p.answering();
    }
}
