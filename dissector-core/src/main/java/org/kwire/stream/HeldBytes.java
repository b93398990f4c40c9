package org.kwire.stream;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * What a connection carried before kwire decided what it is: its bytes (by reference, not copied) and gaps, both
 * directions in capture order, to be replayed into the frame assemblers once the decision is made.
 */
final class HeldBytes {

    /** One piece: bytes ({@code data} non-null) or a gap of {@code gapBytes}. */
    private record Piece(boolean fromA, ByteBuffer data, long timestampNanos, long packet, long gapBytes, GapCause cause,
                         String reason) {
    }

    private final List<Piece> pieces = new ArrayList<>();
    private long bytes;
    private final boolean[] gap = new boolean[2];

    void data(boolean fromA, ByteBuffer data, long timestampNanos, long packet) {
        pieces.add(new Piece(fromA, data, timestampNanos, packet, 0, null, null));
        bytes += data.remaining();
    }

    void gap(boolean fromA, long gapBytes, GapCause cause, String reason, long packet) {
        pieces.add(new Piece(fromA, null, 0, packet, gapBytes, cause, reason));
        gap[fromA ? 0 : 1] = true;
    }

    /** Bytes held, both directions. */
    long bytes() {
        return bytes;
    }

    /** True if nothing was held: no byte, no gap. */
    boolean isEmpty() {
        return pieces.isEmpty();
    }

    /** True if endpoint A's bytes came first (A also when nothing was held). */
    boolean firstSpeaker() {
        for (Piece p : pieces) {
            if (p.data() != null) {
                return p.fromA();
            }
        }
        return true;
    }

    /** Capture frame number of one side's first held piece, or 0. */
    long firstPacket(boolean fromA) {
        return pieces.stream().filter(p -> p.fromA() == fromA).mapToLong(Piece::packet).findFirst().orElse(0);
    }

    /** True if one side lost bytes before the decision (so its held bytes do not start at a frame boundary). */
    boolean gapOn(boolean fromA) {
        return gap[fromA ? 0 : 1];
    }

    /** The first bytes (up to {@code n}) of one side's held data. */
    ByteBuffer start(boolean fromA, int n) {
        ByteBuffer head = ByteBuffer.allocate(n);
        for (Piece p : pieces) {
            if (p.fromA() == fromA && p.data() != null && head.hasRemaining()) {
                ByteBuffer d = p.data().duplicate();
                d.limit(d.position() + Math.min(d.remaining(), head.remaining()));
                head.put(d);
            }
        }
        return head.flip();
    }

    /** One side's held bytes after its last gap, joined (a copy, bounded by the caller's hold limit). */
    ByteBuffer afterLastGap(boolean fromA) {
        int from = 0;
        for (int i = 0; i < pieces.size(); i++) {
            if (pieces.get(i).fromA() == fromA && pieces.get(i).data() == null) {
                from = i + 1;
            }
        }
        List<ByteBuffer> run = new ArrayList<>();
        int size = 0;
        for (Piece p : pieces.subList(from, pieces.size())) {
            if (p.fromA() == fromA) {
                run.add(p.data());
                size += p.data().remaining();
            }
        }
        ByteBuffer joined = ByteBuffer.allocate(size);
        run.forEach(d -> joined.put(d.duplicate()));
        return joined.flip();
    }

    /** Hands everything held to {@code to}, in order, and forgets it. */
    void replay(StreamInput to) {
        List<Piece> all = new ArrayList<>(pieces);
        clear();
        for (Piece p : all) {
            if (p.data() != null) {
                to.data(p.fromA(), p.data(), p.timestampNanos(), p.packet());
            } else {
                to.gap(p.fromA(), p.gapBytes(), p.cause(), p.reason(), p.packet());
            }
        }
    }

    void clear() {
        pieces.clear();
        bytes = 0;
    }
}
