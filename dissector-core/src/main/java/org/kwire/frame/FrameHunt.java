package org.kwire.frame;

import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * Where the next frame of a direction starts, when its size prefixes cannot be followed: after a gap, after an
 * invalid size, at a capture that began mid-connection (<em>resynchronising</em>), or inside the declared span of a
 * frame the capture lost bytes of, where the declared end is to be confirmed (<em>verifying</em>). It holds the
 * direction's pieces from where the search began ({@link HeldPieces}), judges every position once with the
 * {@link FrameStartValidator}, and decides on evidence:
 * <ul>
 * <li>A <em>candidate</em> (a position the validator accepts) is rejected when its frame, held whole, is not one
 * ({@link FrameStartValidator#plausibleFrame}), or when the next frame's first bytes were captured and do not start
 * a frame ({@link FrameStartValidator#plausibleAfter}). It is taken when the next frame starts plausibly (confirmed),
 * or when the capture lost the bytes where the next frame starts (nothing can tell). One whose frame ends where the
 * bytes held end waits for the next bytes, unless the caller settles ({@link Mode#SETTLE}: the other direction is
 * about to speak, so everything complete is handed on first) or the stream ends ({@link Mode#FINAL}): then it is
 * taken, as the last frame so far. A candidate whose frame runs past the bytes held gives way to a later acceptable
 * one when settling, and is never taken at the end: a start that nothing confirmed is not a frame.</li>
 * <li>Verifying, the declared end is taken when a frame plausibly starts there. When none does (its first bytes are
 * captured and are not a frame start), or the stream ends before it, an acceptable candidate inside the declared
 * span is taken instead ({@code kafka.frame.size_unconfirmed}: the size prefix was wrong); when the bytes there were
 * lost, or the other direction speaks before it, only a candidate the bytes speak for (its whole frame judged, or
 * the frame after it confirming it). Else the declared end is kept, as a size prefix read in sync.</li>
 * </ul>
 * Bounds: the pieces held run from the first live candidate (or the next position to judge) on, and a candidate is
 * decided once the bytes after its declared end arrive, so at most its declared size (at most {@code maxFrameSize})
 * plus {@link FrameStartValidator#HEAD_BYTES} are held, by reference; at most {@link #MAX_CANDIDATES} undecided
 * candidates are kept (the oldest is dropped). Every held frame a candidate makes is judged once. Not thread-safe.
 */
final class FrameHunt {

    /** How much a decision may wait for. */
    enum Mode {
        /** More bytes of this direction arrived: decide what the evidence settles, wait for the rest. */
        DATA,
        /** The other direction speaks: decide everything complete now, wait only for frames still arriving. */
        SETTLE,
        /** The stream ends: decide everything. */
        FINAL
    }

    /**
     * A decision.
     *
     * @param resumeAt where framing resumes in sync, or -1: nowhere (the stream ended without a frame start)
     * @param note     what to note about it, or null
     * @param skipped  captured bytes skipped to find the frame start (0 when verifying)
     */
    record Outcome(long resumeAt, ExpertNote note, long skipped) {
    }

    /** Most undecided candidates kept. */
    static final int MAX_CANDIDATES = 1024;
    private static final int HEAD = FrameStartValidator.HEAD_BYTES;
    /** {@link #resync}/{@link #verify}: wait for more bytes; no frame start in the bytes held, at the end. */
    private static final long WAIT = -1;
    private static final long NONE = -2;

    private enum Status { REJECTED, CONFIRMED, UNVERIFIABLE, OPEN_COMPLETE, OPEN }

    /** What a candidate's frame, once held, says: it is a frame, it is none, or the capture lost bytes of it. */
    private enum Whole { FITS, DOES_NOT_FIT, LOST }

    /** A position the validator accepted: its declared frame length (size prefix included) and first bytes. */
    private static final class Candidate {
        final long offset;
        final long length;
        final ByteBuffer head;
        /** True if judged on fewer first bytes than will come, when settling: judged again later. */
        final boolean tentative;
        /** What its whole frame says ({@link FrameStartValidator#plausibleFrame}): null until held, then one of these. */
        Whole whole;

        Candidate(long offset, long length, ByteBuffer head, boolean tentative) {
            this.offset = offset;
            this.length = length;
            this.head = head;
            this.tentative = tentative;
        }

        long next() {
            return offset + length;
        }
    }

    private final FrameStartValidator validator;
    private final String context;
    private final long start;
    private final long lostSyncAt;
    private final HeldPieces held;
    /** Next position to judge. */
    private long frontier;
    private final ArrayDeque<Candidate> candidates = new ArrayDeque<>();
    /** Verifying: the frame's start and declared end, and its first bytes; -1 and null while resynchronising. */
    private final long frameStart;
    private final long declaredEnd;
    private final ByteBuffer frameHead;
    private final byte[] scratch = new byte[HEAD];
    /** The scratch array as validators read it, during their call only: one view for every position judged. */
    private final ByteBuffer view = ByteBuffer.wrap(scratch);
    /** The scratch array whole (its limit never set), for the size prefix. */
    private final ByteBuffer whole = ByteBuffer.wrap(scratch);

    /**
     * Resynchronising.
     *
     * @param start      stream offset of the first byte to search
     * @param lostSyncAt capture frame number where framing lost sync (named in the note)
     * @param context    names the stream in notes
     */
    FrameHunt(FrameStartValidator validator, long start, long lostSyncAt, String context) {
        this(validator, start, lostSyncAt, context, -1, -1, null);
    }

    /**
     * Verifying the declared end of a frame the capture lost bytes of.
     *
     * @param start       stream offset of the first byte after what was captured of the frame (and the gap)
     * @param frameStart  stream offset of the frame
     * @param declaredEnd where its size prefix says the next frame starts
     * @param frameHead   the frame's first bytes (as for {@link FrameStartValidator#plausibleStart})
     */
    FrameHunt(FrameStartValidator validator, long start, String context, long frameStart, long declaredEnd,
              ByteBuffer frameHead) {
        this(validator, start, 0, context, frameStart, declaredEnd, frameHead);
    }

    private FrameHunt(FrameStartValidator validator, long start, long lostSyncAt, String context, long frameStart,
                      long declaredEnd, ByteBuffer frameHead) {
        this.validator = validator;
        this.context = context;
        this.start = start;
        this.lostSyncAt = lostSyncAt;
        this.held = new HeldPieces(start);
        this.frontier = start;
        this.frameStart = frameStart;
        this.declaredEnd = declaredEnd;
        this.frameHead = frameHead;
    }

    /** Stream offset after the last piece held. */
    long end() {
        return held.end();
    }

    /** The declared end being verified, or -1 while resynchronising. */
    long declaredEnd() {
        return declaredEnd;
    }

    /** The next piece of the direction (its offset must be {@link #end()}). */
    void add(StreamPiece piece) {
        held.add(piece);
    }

    /** Decides if the evidence allows; null to wait. */
    Outcome decide(Mode mode) {
        long at = declaredEnd >= 0 ? verify(mode) : resync(mode);
        if (at == WAIT) {
            held.dropBefore(candidates.isEmpty() ? frontier : Math.min(frontier, candidates.peekFirst().offset));
            return null;
        }
        if (declaredEnd >= 0) {
            return new Outcome(at, at == declaredEnd ? null : new ExpertNote(ExpertItem.FRAME_SIZE_UNCONFIRMED,
                    held.packetAt(at), at, context, "the frame that started " + (at - frameStart) + " bytes before declares "
                    + (declaredEnd - frameStart) + " bytes, but a frame starts here, before its declared end: framing "
                    + "resumes here"), 0);
        }
        long skippedTo = at == NONE ? end() : at;
        long skipped = held.capturedBefore(skippedTo);
        return new Outcome(at == NONE ? -1 : at, skipped == 0 ? null : new ExpertNote(ExpertItem.FRAME_RESYNC_SKIPPED,
                held.packetAt(skippedTo), start, context, "skipped " + skipped + " bytes to find a frame boundary (from "
                + "frame " + lostSyncAt + ")"), skipped);
    }

    /** The pieces from {@code at} on, once decided. */
    List<StreamPiece> takeFrom(long at) {
        candidates.clear();
        return held.takeFrom(at);
    }

    private long resync(Mode mode) {
        scan(mode, Long.MAX_VALUE);
        for (Iterator<Candidate> it = candidates.iterator(); it.hasNext(); ) {
            Candidate c = it.next();
            switch (status(c)) {
                case REJECTED -> it.remove();
                case CONFIRMED, UNVERIFIABLE -> {
                    return c.offset;
                }
                case OPEN_COMPLETE -> {
                    return mode == Mode.DATA ? WAIT : c.offset;
                }
                case OPEN -> {
                    if (mode == Mode.DATA) {
                        return WAIT;
                    }
                }
            }
        }
        return mode == Mode.FINAL ? NONE : WAIT;
    }

    private long verify(Mode mode) {
        Status atEnd = declaredEnd >= end() ? Status.OPEN : status(declaredEnd, frameHead);
        boolean unreached = atEnd == Status.OPEN || atEnd == Status.OPEN_COMPLETE;
        if (atEnd == Status.CONFIRMED || atEnd == Status.OPEN_COMPLETE && mode == Mode.FINAL) {
            return declaredEnd;
        }
        if (unreached && mode == Mode.DATA) {
            return WAIT;
        }
        scan(mode, declaredEnd);
        // against a size prefix read in sync, only a frame the bytes speak for wins: one whose whole frame was judged
        // or whose next frame confirms it; weaker ones only when no frame starts at the declared end or it never came
        boolean weakWins = atEnd == Status.REJECTED || unreached && mode == Mode.FINAL;
        for (Iterator<Candidate> it = candidates.iterator(); it.hasNext(); ) {
            Candidate c = it.next();
            Status s = status(c);
            if (s == Status.REJECTED) {
                it.remove();
            } else if (s != Status.OPEN && (weakWins || s == Status.CONFIRMED || c.whole == Whole.FITS)) {
                return c.offset;
            }
        }
        return unreached && mode != Mode.FINAL ? WAIT : declaredEnd;
    }

    /**
     * Judges the positions from the frontier up to {@code before} (exclusive) whose first bytes are held. Those whose
     * first bytes are still to come wait, but when settling they are judged on what is held, tentatively.
     */
    private void scan(Mode mode, long before) {
        candidates.removeIf(c -> c.tentative);
        boolean tentative = false; // once a position is judged early, those after it are too (the frontier stays)
        int largest = validator == null ? Integer.MAX_VALUE : validator.largestSize();
        long limit = Math.min(end(), before);
        for (long at = frontier; at < limit; at++) {
            StreamPiece piece = held.pieceAt(at);
            if (piece.isGap()) {
                at = piece.end() - 1;
                continue;
            }
            int n;
            if (at + HEAD <= piece.end()) { // all its first bytes in this piece: read there, and judged only if it may be
                long next = piece.firstSized(at, Math.min(limit, piece.end() - HEAD + 1), largest);
                if (next > at) { // those before: no candidate (judge would find none), no frame in 14 bytes
                    if (!tentative) {
                        frontier = next;
                    }
                    at = next - 1;
                    continue;
                }
                piece.data().get(piece.data().position() + (int) (at - piece.offset()), scratch, 0, HEAD);
                n = HEAD;
            } else {
                n = held.copy(at, scratch);
            }
            tentative |= n < HEAD && at + n == end() && mode != Mode.FINAL && !wholeFrame(n);
            if (tentative && mode == Mode.DATA) {
                return; // its first bytes are still to come
            }
            judge(at, n, tentative);
            if (!tentative) {
                frontier = at + 1;
            }
        }
    }

    private void judge(long at, int n, boolean tentative) {
        if (n >= 4 && validator != null) {
            int size = whole.getInt(0);
            if (size >= 0 && validator.plausibleStart(view.limit(n).position(0), held.fillsSegment(at, size))) {
                if (candidates.size() == MAX_CANDIDATES) {
                    candidates.pollFirst();
                }
                candidates.addLast(new Candidate(at, 4L + size, ByteBuffer.wrap(Arrays.copyOf(scratch, n)), tentative));
            }
        }
    }

    /** A candidate's status: rejected if its frame, held whole, is not one; else what the frame after it says. */
    private Status status(Candidate c) {
        if (c.whole == null && c.next() <= end()) {
            KafkaFrame frame = held.frame(c.offset, (int) c.length);
            c.whole = frame == null ? Whole.LOST : validator.plausibleFrame(frame) ? Whole.FITS : Whole.DOES_NOT_FIT;
        }
        return c.whole == Whole.DOES_NOT_FIT ? Status.REJECTED : status(c.next(), c.head);
    }

    /**
     * What the bytes at {@code next} say of the frame before it, whose first bytes are {@code previous}: a plausible
     * frame start there confirms it, captured bytes that are none reject it, lost bytes leave it unverifiable; if they
     * have not arrived yet, it is open (complete: its own frame ended within the bytes held).
     */
    private Status status(long next, ByteBuffer previous) {
        if (next > end()) {
            return Status.OPEN;
        }
        int n = next == end() ? 0 : held.copy(next, scratch);
        if (n == HEAD || next + n == end() && wholeFrame(n)) {
            ByteBuffer h = view.limit(n).position(0);
            boolean plausible = validator == null || validator.plausibleAfter(previous, h, held.fillsSegment(next, h.getInt(0)));
            return plausible ? Status.CONFIRMED : Status.REJECTED;
        }
        return next + n < end() ? Status.UNVERIFIABLE : Status.OPEN_COMPLETE;
    }

    /** True if the {@code n} bytes in the scratch array hold a whole frame: no more of it can come. */
    private boolean wholeFrame(int n) {
        int size = n >= 4 ? whole.getInt(0) : -1;
        return size >= 0 && 4L + size <= n;
    }
}
