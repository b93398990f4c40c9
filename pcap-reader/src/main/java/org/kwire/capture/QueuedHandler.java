package org.kwire.capture;

import org.kwire.expert.ExpertItem;
import org.kwire.stream.GapCause;

import org.kwire.stream.StreamConnection;
import org.kwire.tcp.TcpStreamHandler;

import java.nio.ByteBuffer;

/**
 * One TCP connection's handler on the reading thread of a split pipeline: each event is recorded in the
 * {@link Handoff}'s current batch instead of being handled, and replayed on the stream thread to
 * {@link #target}, the connection's {@link TcpToStream} made there by the connection's first event. A data range is
 * recorded as its buffer, offset and length, and sliced on the stream thread when replayed (one slice, as the direct
 * path makes, and none on the reading thread): the slice is the stream stage's, its bytes are the capture's own or a
 * copy TCP reassembly made for a held segment, none of them reused (see the package documentation).
 */
final class QueuedHandler implements TcpStreamHandler {

    private final Handoff handoff;
    /** The stream thread's shard that handles this connection (0 with one stream thread). */
    final int shard;
    /** The connection's stream-stage input; set and used on the stream thread only. */
    TcpStreamHandler target;

    /** A connection's queued handler; its first event, recorded now, opens its stream-stage input on the stream thread. */
    QueuedHandler(Handoff handoff, StreamConnection connection, int shard) {
        this.handoff = handoff;
        this.shard = shard;
        handoff.add(this, HandoffBatch.OPEN, false, 0, 0, connection);
    }

    @Override
    public void onData(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        handoff.add(this, HandoffBatch.DATA, fromA, timestampNanos, packet, data);
    }

    @Override
    public void onData(boolean fromA, ByteBuffer buffer, int offset, int length, long timestampNanos, long packet) {
        handoff.addData(this, fromA, timestampNanos, packet, buffer, offset, length);
    }

    @Override
    public void onGap(boolean fromA, long bytes, GapCause cause, long packet) {
        handoff.add(this, HandoffBatch.GAP, fromA, bytes, packet, cause);
    }

    @Override
    public void onEndGap(boolean fromA, long bytes, long packet) {
        handoff.add(this, HandoffBatch.END_GAP, fromA, bytes, packet, null);
    }

    @Override
    public void onNote(boolean fromA, long packet, ExpertItem item, String text) {
        handoff.add(this, HandoffBatch.NOTE, fromA, 0, packet, new HandoffBatch.Note(item, text));
    }

    @Override
    public void onFin(boolean fromA, long packet) {
        handoff.add(this, HandoffBatch.FIN, fromA, 0, packet, null);
    }

    @Override
    public void onEnd(long packet) {
        handoff.add(this, HandoffBatch.END, false, 0, packet, null);
    }

    @Override
    public void onShed(long packet) {
        handoff.add(this, HandoffBatch.SHED, false, 0, packet, null);
    }
}
