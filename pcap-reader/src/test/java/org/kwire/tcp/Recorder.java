package org.kwire.tcp;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A handler that writes down what it is told, one line per event, and rebuilds each direction's stream. */
final class Recorder implements TcpStreamHandler {

    final TcpConnection connection;
    final List<String> events = new ArrayList<>();
    /** Each direction's bytes as text, a gap shown as {@code [gap N reason]}. */
    final StringBuilder fromA = new StringBuilder();
    final StringBuilder fromB = new StringBuilder();
    /** Each direction's bytes with gaps as {@code gapByte} bytes, for comparing with another capture's streams. */
    final java.io.ByteArrayOutputStream bytesA = new java.io.ByteArrayOutputStream();
    final java.io.ByteArrayOutputStream bytesB = new java.io.ByteArrayOutputStream();
    final java.util.BitSet knownA = new java.util.BitSet();
    final java.util.BitSet knownB = new java.util.BitSet();
    long snaplenGapBytes;
    long missingGapBytes;
    int snaplenGaps;
    boolean ended;

    Recorder(TcpConnection connection) {
        this.connection = connection;
    }

    @Override
    public void onData(boolean a, ByteBuffer data, long timestampNanos, long packet) {
        byte[] b = new byte[data.remaining()];
        data.duplicate().get(b);
        String text = new String(b, StandardCharsets.ISO_8859_1);
        events.add((a ? "A" : "B") + " data " + text + " @" + packet);
        (a ? fromA : fromB).append(text);
        java.io.ByteArrayOutputStream out = a ? bytesA : bytesB;
        (a ? knownA : knownB).set(out.size(), out.size() + b.length);
        out.writeBytes(b);
    }

    @Override
    public void onGap(boolean a, long bytes, org.kwire.stream.GapCause cause, long packet) {
        String reason = cause.label();
        events.add((a ? "A" : "B") + " gap " + bytes + " " + reason + " @" + packet);
        (a ? fromA : fromB).append("[gap ").append(bytes).append(' ').append(reason).append(']');
        (a ? bytesA : bytesB).writeBytes(new byte[(int) bytes]);
        if (reason.equals("snaplen")) {
            snaplenGapBytes += bytes;
            snaplenGaps++;
        } else {
            missingGapBytes += bytes;
        }
    }

    @Override
    public void onNote(boolean a, long packet, org.kwire.expert.ExpertItem item, String text) {
        events.add((a ? "A" : "B") + " note @" + packet + ": " + text);
    }

    @Override
    public void onEnd(long packet) {
        events.add("end @" + packet);
        ended = true;
    }
}
