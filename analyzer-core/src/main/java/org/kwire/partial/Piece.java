package org.kwire.partial;

import org.kwire.expert.ExpertItem;
import org.kwire.stream.GapCause;

import java.nio.ByteBuffer;

/**
 * One event of a TCP connection's reassembled streams, as the stream stage received it ({@link org.kwire.tcp.TcpStreamHandler}):
 * kept by a partial's boundary so that a merge can hand it to the stream stage again ({@link Stitcher}).
 *
 * @param kind           {@code data}, {@code gap}, {@code end_gap}, {@code note} or {@code end}
 * @param fromA          the direction: sent by endpoint A of the connection (see {@link Boundary.Edge#a()})
 * @param timestampNanos capture time of the packet (data), epoch ns; 0 for the others
 * @param packet         the packet's frame number in its slice
 * @param data           the stream bytes (data), else null
 * @param bytes          bytes missing (gap, end_gap); data: its bytes on the wire when {@code data} leaves out the
 *                       records of whole batches (the edge's {@link Boundary.Edge#elided()}), else 0
 * @param text           the gap's reason or the note's text, else null
 * @param seq            data: the TCP sequence number (32 bits) of its first byte; -1 if not known or not data
 */
public record Piece(String kind, boolean fromA, long timestampNanos, long packet, byte[] data, long bytes, String text,
                    long seq) {

    /** A copy of {@code length} bytes of {@code b} from {@code offset} (its position and limit untouched). */
    static Piece data(boolean fromA, ByteBuffer b, int offset, int length, long timestampNanos, long packet, long seq) {
        byte[] copy = new byte[length];
        b.get(offset, copy);
        return new Piece("data", fromA, timestampNanos, packet, copy, 0, null, seq);
    }

    /**
     * A TCP note. The boundary keeps its sentence only: TCP gives notes of one kind
     * ({@link ExpertItem#TCP_RETRANSMISSION_DIFFERS}), which {@link #replay} gives them again.
     *
     * @throws IllegalArgumentException for a note of another kind (a TCP note added without a place in the partial)
     */
    static Piece note(boolean fromA, long packet, ExpertItem item, String text) {
        if (item != ExpertItem.TCP_RETRANSMISSION_DIFFERS) {
            throw new IllegalArgumentException("a partial's boundary keeps TCP notes of one kind, not " + item.id());
        }
        return event("note", fromA, packet, 0, text);
    }

    static Piece event(String kind, boolean fromA, long packet, long bytes, String text) {
        return new Piece(kind, fromA, 0, packet, null, bytes, text, -1);
    }

    /** This data piece without its first {@code n} bytes (already delivered before the boundary: a retransmission). */
    Piece skip(int n) {
        byte[] rest = java.util.Arrays.copyOfRange(data, n, data.length);
        return new Piece(kind, fromA, timestampNanos, packet, rest, 0, null, (seq + n) & 0xffffffffL);
    }

    /**
     * This piece without its bytes (a data piece keeps its kind, direction, time, packet and sequence number): what a
     * head whose TCP segments are kept needs of it, since the merge reassembles those and only looks at the pieces to
     * spot an end ({@link JoinedConnection#feed}, {@link Stitcher}).
     */
    Piece withoutBytes() {
        return data == null ? this : new Piece(kind, fromA, timestampNanos, packet, new byte[0], 0, null, seq);
    }

    /** Bytes it holds in memory, roughly: its data plus a fixed overhead. */
    long weight() {
        return 48 + (data == null ? 0 : data.length) + (text == null ? 0 : text.length());
    }

    /** Hands it to {@code to}, its direction {@code fromA} flipped if {@code flip}, its packet {@code packet}. */
    void replay(org.kwire.tcp.TcpStreamHandler to, boolean flip, long packet) {
        boolean side = fromA != flip;
        switch (kind) {
            case "data" -> to.onData(side, ByteBuffer.wrap(data), timestampNanos, packet);
            case "gap" -> to.onGap(side, bytes, GapCause.ofLabel(text).orElse(GapCause.MISSING_SEGMENTS), packet);
            case "end_gap" -> to.onEndGap(side, bytes, packet);
            case "note" -> to.onNote(side, packet, ExpertItem.TCP_RETRANSMISSION_DIFFERS, text);
            case "end" -> to.onEnd(packet);
            default -> throw new IllegalArgumentException("unknown boundary piece " + kind);
        }
    }

    /** This data piece holding {@code stored} of its {@code wireLength} bytes (0: all of them). */
    Piece withData(byte[] stored, int wireLength) {
        return new Piece(kind, fromA, timestampNanos, packet, stored, wireLength, null, seq);
    }
}
