package org.kwire.partial;

import org.kwire.net.TcpSegment;
import org.kwire.tcp.HalfState;
import org.kwire.tcp.TcpStreamHandler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What {@link BoundaryRecorder} notes of one connection's TCP below its stream stage ({@link TcpFacts}): a head's
 * segments, the reassembly's state at the input's end, and the highest acknowledgment of each direction (a head ends
 * only once the peer acknowledged, in each direction, the first byte the slice had: a reassembly joined with the
 * previous file's is past any hole it held before it by then, so in step with the slice's own).
 */
final class TcpLog {

    /** The stream stage's input of the connection (asked whether it is at rest between segments). */
    final TcpStreamHandler stage;
    /** A head's segments, in capture order. */
    final List<TcpFacts.Segment> segments = new ArrayList<>();
    /** Per direction (A, B): the reassembly's state at the input's end, null if none. */
    final HalfState[] ends = new HalfState[2];
    /** Per direction (A, B): the highest acknowledgment number the peer sent (32 bits), -1 if none. */
    private final long[] acked = {-1, -1};
    /** No segment seen yet. */
    boolean first = true;

    TcpLog(TcpStreamHandler stage) {
        this.stage = stage;
    }

    /** The peer acknowledged {@code ack} of direction {@code side} (0: A's bytes, 1: B's). */
    private void acked(int side, long ack) {
        if (acked[side] < 0 || (int) (ack - acked[side]) > 0) {
            acked[side] = ack;
        }
    }

    /** True if, in each direction with a first byte ({@code first}: sequence numbers, -1 none), the peer acknowledged it. */
    boolean acknowledged(long[] first) {
        for (int side = 0; side < 2; side++) {
            if (first[side] >= 0 && (acked[side] < 0 || (int) (acked[side] - first[side]) < 0)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Before the reassembly handles a segment of {@code w}'s connection: a head at rest after an exchange of its own,
     * whose first bytes the peer acknowledged, ends here (between segments, so that the merge's reassembly of its
     * segments stops where the slice's events start counting); a head keeps the segment (and so does the first
     * segment of any connection, which may be found a head once handled); the acknowledgment is noted.
     */
    void segment(ConnectionWatch w, boolean fromA, TcpSegment s) {
        endHead(w);
        if (s.has(TcpSegment.ACK)) {
            acked(fromA ? 1 : 0, s.ack());
        }
        if (w.mode == ConnectionWatch.Mode.LOOSE) {
            segments.clear(); // let go: nothing of it is kept
        } else if (w.mode == ConnectionWatch.Mode.HEAD || first) {
            TcpFacts.Segment kept = TcpFacts.Segment.of(fromA, s);
            segments.add(kept);
            w.weight += kept.weight();
        }
        first = false;
    }

    /** A head ends where its stage is at rest after an exchange of its own and its first bytes were acknowledged. */
    void endHead(ConnectionWatch w) {
        if (w.mode == ConnectionWatch.Mode.HEAD && acknowledged(w.first)) {
            w.after(stage);
        }
    }

    TcpFacts tail() {
        return new TcpFacts(Arrays.asList(ends[0], ends[1]), List.of());
    }

    TcpFacts head() {
        return new TcpFacts(List.of(), List.copyOf(segments));
    }

    /**
     * The head edge of {@code w}: its pieces until it ended (or all, {@code through} if it never did and is open), with
     * its segments; where it has segments, its pieces keep no bytes (the merge reassembles the segments and looks at
     * the pieces only to spot an end), so that a head's bytes are in its partial once.
     */
    Boundary.Edge headEdge(ConnectionWatch w) {
        List<Piece> pieces = w.head != null ? w.head : w.pieces;
        List<Piece> kept = segments.isEmpty() ? List.copyOf(pieces) : pieces.stream().map(Piece::withoutBytes).toList();
        return w.edge(kept, false, w.head == null && !w.ended).withTcp(head());
    }
}
