package org.kwire.frame;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The pieces of one direction a {@link FrameHunt} holds: contiguous {@link StreamPiece}s (bytes by reference, and
 * gaps) from some stream offset on, read by stream offset. Pieces before a given offset can be dropped as the search
 * moves on. Not thread-safe.
 */
final class HeldPieces {

    private final List<StreamPiece> pieces = new ArrayList<>();
    /** Pieces before this index are dropped. */
    private int first;
    private long end;
    private long droppedCaptured;
    /** The index {@link #index} found last: a search moves forward byte by byte, so it usually holds the next offset. */
    private int hint;

    HeldPieces(long start) {
        this.end = start;
    }

    /** Stream offset after the last piece. */
    long end() {
        return end;
    }

    /** The next piece (its offset must be {@link #end()}). */
    void add(StreamPiece piece) {
        pieces.add(piece);
        end = piece.end();
    }

    /**
     * Copies up to {@code into.length} captured bytes from stream offset {@code at} (held) into {@code into}, stopping
     * at a gap or the end; returns how many.
     */
    int copy(long at, byte[] into) {
        int n = 0;
        for (int i = index(at); n < into.length && i < pieces.size(); i++) {
            StreamPiece p = pieces.get(i);
            if (p.isGap()) {
                break;
            }
            int from = (int) (at + n - p.offset());
            int take = Math.min(into.length - n, p.data().remaining() - from);
            p.data().get(p.data().position() + from, into, n, take);
            n += take;
        }
        return n;
    }

    /** True if a frame of {@code size} at {@code at} starts its segment's payload and fills the rest of it exactly. */
    boolean fillsSegment(long at, int size) {
        StreamPiece p = pieceAt(at);
        return p.segmentStart() && p.offset() == at && at + 4L + size == p.end();
    }

    /** The bytes {@code [from, from + length)} (held) as a frame of slices, not copied; null if a gap lies in them. */
    KafkaFrame frame(long from, int length) {
        List<ByteBuffer> slices = new ArrayList<>();
        StreamPiece firstPiece = null;
        StreamPiece last = null;
        for (int i = index(from); i < pieces.size() && pieces.get(i).offset() < from + length; i++) {
            StreamPiece p = pieces.get(i);
            if (p.isGap()) {
                return null;
            }
            int a = (int) (Math.max(from, p.offset()) - p.offset());
            int b = (int) (Math.min(from + length, p.end()) - p.offset());
            slices.add(p.data().slice(p.data().position() + a, b - a));
            firstPiece = firstPiece == null ? p : firstPiece;
            last = p;
        }
        return new KafkaFrame(FrameBytes.of(slices), new FrameInfo(length, from, firstPiece.packet(), last.packet(),
                firstPiece.timestampNanos(), last.timestampNanos()));
    }

    /** Drops the pieces wholly before stream offset {@code keep}. */
    void dropBefore(long keep) {
        while (first < pieces.size() && pieces.get(first).end() <= keep) {
            StreamPiece p = pieces.get(first);
            droppedCaptured += p.isGap() ? 0 : p.length();
            pieces.set(first++, null);
        }
        if (first > 64 && first * 2 > pieces.size()) {
            pieces.subList(0, first).clear();
            first = 0;
        }
    }

    /** Captured bytes (lost ones not counted), held or dropped, before stream offset {@code at}. */
    long capturedBefore(long at) {
        long n = droppedCaptured;
        for (int i = first; i < pieces.size() && pieces.get(i).offset() < at; i++) {
            StreamPiece p = pieces.get(i);
            n += p.isGap() ? 0 : Math.min(p.end(), at) - p.offset();
        }
        return n;
    }

    /** The pieces from stream offset {@code at} on (the first cut to start there), in order; nothing is held after. */
    List<StreamPiece> takeFrom(long at) {
        List<StreamPiece> rest = new ArrayList<>();
        for (int i = first; i < pieces.size(); i++) {
            StreamPiece p = pieces.get(i);
            if (p.end() > at) {
                rest.add(p.from(Math.max(at, p.offset())));
            }
        }
        pieces.clear();
        first = 0;
        return rest;
    }

    /** The packet holding stream offset {@code at}, or that of the last piece if {@code at} is not held. */
    long packetAt(long at) {
        if (first >= pieces.size()) {
            return 0;
        }
        return at < end ? pieceAt(at).packet() : pieces.get(pieces.size() - 1).packet();
    }

    /** The piece holding stream offset {@code at} (held): the last one starting at or before it. */
    StreamPiece pieceAt(long at) {
        return pieces.get(index(at));
    }

    /** Index of the piece holding stream offset {@code at} (which must be held). */
    private int index(long at) {
        if (hint >= first && hint < pieces.size() && pieces.get(hint).offset() <= at) { // the last piece starting at or
            int next = hint + 1;                                                        // before at: the hint or the next
            if (next == pieces.size() || pieces.get(next).offset() > at) {
                return hint;
            }
            if (next + 1 == pieces.size() || pieces.get(next + 1).offset() > at) {
                hint = next;
                return next;
            }
        }
        int lo = first;
        int hi = pieces.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (pieces.get(mid).offset() <= at) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        hint = lo;
        return lo;
    }
}
