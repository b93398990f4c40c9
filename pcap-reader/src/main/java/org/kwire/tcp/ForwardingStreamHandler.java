package org.kwire.tcp;

import org.kwire.expert.ExpertItem;
import org.kwire.stream.GapCause;

import java.nio.ByteBuffer;

/**
 * A {@link TcpStreamHandler} that passes every event on to another one unchanged; a watcher overrides the events it
 * looks at (calling {@code super} to pass them on). In-order bytes come as a range
 * ({@link #onData(boolean, ByteBuffer, int, int, long, long)}) from the reassembler, as a buffer from a replay: a
 * watcher of the bytes overrides both.
 */
public class ForwardingStreamHandler implements TcpStreamHandler {

    private final TcpStreamHandler inner;

    /** @param inner the handler every event goes on to */
    public ForwardingStreamHandler(TcpStreamHandler inner) {
        this.inner = inner;
    }

    @Override
    public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        inner.onData(fromA, data, timestampNanos, packet);
    }

    @Override
    public void onData(boolean fromA, ByteBuffer buffer, int offset, int length, long timestampNanos, long packet) {
        inner.onData(fromA, buffer, offset, length, timestampNanos, packet);
    }

    @Override
    public void onGap(boolean fromA, long bytes, GapCause cause, long packet) {
        inner.onGap(fromA, bytes, cause, packet);
    }

    @Override
    public void onEndGap(boolean fromA, long bytes, long packet) {
        inner.onEndGap(fromA, bytes, packet);
    }

    @Override
    public void onNote(boolean fromA, long packet, ExpertItem item, String text) {
        inner.onNote(fromA, packet, item, text);
    }

    @Override
    public void onShed(long packet) {
        inner.onShed(packet);
    }

    @Override
    public void onFin(boolean fromA, long packet) {
        inner.onFin(fromA, packet);
    }

    @Override
    public void onEnd(long packet) {
        inner.onEnd(packet);
    }

    @Override
    public void onSequence(boolean fromA, long seq) {
        inner.onSequence(fromA, seq);
    }

    @Override
    public boolean atRest() {
        return inner.atRest();
    }

    @Override
    public void onSegment(boolean fromA, org.kwire.net.TcpSegment segment) {
        inner.onSegment(fromA, segment);
    }

    @Override
    public void onEndState(boolean fromA, HalfState state) {
        inner.onEndState(fromA, state);
    }

    @Override
    public long[] resumeOffsets() {
        return inner.resumeOffsets();
    }

    @Override
    public long[] apisSeen() {
        return inner.apisSeen();
    }

    @Override
    public void seedApis(long[] apis) {
        inner.seedApis(apis);
    }

    @Override
    public boolean answering() {
        return inner.answering();
    }
}
