package org.kwire.frame;

import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Cuts one direction of a TCP byte stream into size-prefixed Kafka frames. A frame may span many chunks and a chunk may
 * hold many frames; frames wholly inside one chunk are handed on as one zero-copy slice, others as the slices of the
 * chunks they arrived in ({@link FrameBytes}, never joined; a hostile size prefix allocates nothing but the list of
 * slices that arrived). Chunks must not change afterwards, and must stay valid while a frame holding them is referenced
 * (see {@code org.kwire.stream.StreamInput#data}).
 *
 * <p>In sync ({@link FrameCutter}), size prefixes are followed. Bytes the capture lost (a gap: missing segments,
 * snaplen) inside a frame whose size prefix was seen make that frame <em>incomplete</em>: it is handed on with the
 * bytes captured before the gap ({@link KafkaFrame#complete()} false), and framing goes on at the end its size prefix
 * declares once a frame plausibly starts there; if none does but one starts inside the declared span, the size prefix
 * was wrong and framing goes on there ({@code kafka.frame.size_unconfirmed}). A frame whose size prefix, read in sync,
 * declares more than {@code maxFrameSize} bytes is skipped by that size (noted, counted, never held). A gap anywhere
 * else, a size prefix below {@code minFrameSize} (or negative), or a capture that began mid-connection puts the
 * assembler out of sync: it searches for a frame start that the {@link FrameStartValidator} accepts and the frame
 * after it confirms ({@link FrameHunt}), and reports the bytes it skipped.
 *
 * <p>While searching, frames are handed on once the evidence decides, which may be after later bytes of this
 * direction arrived; the caller calls {@link #settle} before it feeds the other direction, so that every frame
 * complete by then is handed on first (a request before its response). Not thread-safe.
 */
public final class FrameAssembler {

    private final FrameCutter cutter;
    private final FrameStartValidator validator;
    private final FrameSink sink;
    private final String context;
    /** Offset in the stream after the last byte (or gap) received. */
    private long received;
    /** The search for a frame boundary (or the check of a declared end) in progress, null when none. */
    private FrameHunt hunt;
    private long skippedTotal;
    /** Stream offset from which framing has been in sync without a search since; {@code Long.MAX_VALUE} while not. */
    private long syncedFrom;
    /** Pieces a decided hunt handed back, to frame before anything newer. */
    private final ArrayDeque<StreamPiece> queue = new ArrayDeque<>();

    /**
     * @param minFrameSize smallest legal size prefix value (bytes after the prefix), e.g. 8 for requests, 4 for responses
     * @param maxFrameSize largest size prefix value in bytes whose frame is cut; larger frames are skipped
     * @param startsInSync true if the stream is known to start at a frame boundary (the connection's SYN was seen)
     * @param validator    judges frame starts when searching; null to trust size prefixes blindly (and find none)
     * @param sink         receives frames and notes
     * @param context      names the stream in notes, e.g. {@code "stream 3 client->broker"}
     */
    public FrameAssembler(int minFrameSize, int maxFrameSize, boolean startsInSync, FrameStartValidator validator,
                          FrameSink sink, String context) {
        this.cutter = new FrameCutter(minFrameSize, maxFrameSize, startsInSync, validator, sink, context);
        this.validator = validator;
        this.sink = sink;
        this.context = context;
        this.syncedFrom = startsInSync ? 0 : Long.MAX_VALUE;
    }

    /**
     * Changes the smallest legal size prefix value from the next frame on: a conversation in a SASL token exchange
     * accepts empty frames (an empty token is a frame of size 0), and stops accepting them when it ends.
     */
    public void minFrameSize(int bytes) {
        cutter.minFrameSize(bytes);
    }

    /** True if in sync and between two frames: no frame, size prefix, search or skipped span in progress. */
    public boolean atFrameBoundary() {
        return hunt == null && cutter.atFrameBoundary();
    }

    /**
     * Where a new assembler, started in sync, would go on as this one does: the stream offset of the frame in progress
     * (or of the next byte, between frames), provided framing has been in sync since {@code from} without a search;
     * else -1. For a partial's boundary, which keeps a connection's bytes from such a point.
     *
     * @param from a stream offset at or before the frame in progress (-1: the frame in progress itself)
     */
    public long resumeOffset(long from) {
        long at = hunt == null ? cutter.frameInProgressStart() : -1;
        long since = from < 0 ? at : Math.min(from, at);
        return at < 0 || since < syncedFrom ? -1 : since;
    }

    /**
     * The int at bytes 4 to 8 (a correlation_id) of the frame in progress in sync, once they arrived; else null.
     */
    public Integer idInProgress() {
        return hunt == null ? cutter.frameInProgressId() : null;
    }

    /** Bytes skipped so far to find frame boundaries (reported in {@code kafka.frame.resync_skipped} notes). */
    public long skippedBytes() {
        return skippedTotal;
    }

    /** Frames skipped so far because their size prefix declared more than {@code maxFrameSize} bytes. */
    public long oversizedFrames() {
        return cutter.oversizedFrames();
    }

    /**
     * Feeds the next in-order bytes of the stream.
     *
     * @param data           the bytes from {@code position()} to {@code limit()} (a TCP segment's payload, or the part
     *                       of it not seen before); not modified, kept (as slices) by the frames made of them
     * @param timestampNanos capture time of the packet that carried them, epoch nanoseconds
     * @param packet         capture frame number of that packet
     */
    public void accept(ByteBuffer data, long timestampNanos, long packet) {
        long offset = received;
        received += data.remaining();
        if (hunt == null && cutter.inSync()) {
            search(cutter.data(data, offset, timestampNanos, packet, true), packet); // the common case: no piece made
        } else {
            feed(StreamPiece.bytes(offset, data, timestampNanos, packet, true));
        }
        drain();
    }

    /**
     * Reports that {@code bytes} of the stream were not captured (lost segments, snaplen). A frame in progress whose
     * size is known is handed on incomplete and framing goes on at its declared end (once confirmed); otherwise
     * framing resumes at the next frame start found.
     *
     * @param bytes  number of stream bytes missing
     * @param reason why, e.g. {@code "missing segments"} or {@code "snaplen"}
     * @param packet capture frame number after which the gap lies
     */
    public void gap(long bytes, String reason, long packet) {
        feed(StreamPiece.gap(received, bytes, reason, packet));
        received += bytes;
        drain();
    }

    /**
     * Reports bytes acknowledged at the end of the stream but never captured, of which the last may be a FIN's
     * sequence number rather than data (see the TCP stream handler's end gap). A frame in progress decides: if it
     * ends exactly {@code bytes} or {@code bytes - 1} bytes on, that is the gap. Otherwise a single byte is taken for
     * the FIN, and a larger span is a gap whose note says it may be one byte smaller.
     *
     * @param bytes  sequence numbers acknowledged beyond the last byte captured
     * @param packet capture frame number after which they are missing
     */
    public void endGap(long bytes, long packet) {
        long rest = hunt == null ? cutter.expectedRest() : Math.max(0, hunt.declaredEnd() - received);
        if (rest > 0 && (bytes == rest || bytes == rest + 1)) {
            gap(rest, "missing segments", packet); // the frame's size says where the data ended
        } else if (bytes > 1) {
            gap(bytes, "missing segments at the end of the connection, or " + (bytes - 1)
                    + " bytes if the last acknowledgment also counted a FIN the capture missed", packet);
        }
    }

    /** The first bytes (up to {@link FrameStartValidator#HEAD_BYTES}) of the frame in progress in sync, or null. */
    public ByteBuffer frameInProgress() {
        return hunt == null ? cutter.headInProgress() : null;
    }

    /**
     * The frame in progress ended by now, whatever its size prefix says (its response came: a broker answers a request
     * only once it read all of it; or the stream ended cleanly before the declared end). It ends where whole frames
     * start inside its span and follow one another to the bytes received so far, else with those bytes
     * ({@link ContradictedSpan}); framing goes on there in sync, with one {@code kafka.frame.size_contradicted} note.
     * Nothing happens without a frame in progress read in sync.
     *
     * @param packet     capture frame number of the evidence
     * @param evidence   what contradicts the size prefix, e.g. {@code "its response (correlation_id 1) arrived here"}
     *                   (the note gives the frame and stream offset; its text names none, so that it reads the same
     *                   when a merge renumbers them)
     * @param conclusion what that says of the size prefix, e.g. {@code "the size prefix is wrong"}
     */
    public void contradicted(long packet, String evidence, String conclusion) {
        contradicted(packet, evidence, conclusion, null);
    }

    /**
     * {@link #contradicted}, if a frame whose correlation_id is {@code correlationId} (bytes 8-11, as a request's
     * header has it) starts inside the span of the frame in progress, among the frames that follow one another there:
     * a response to a request hidden in that span. Returns true if it did.
     */
    public boolean answeredInside(int correlationId, long packet, String evidence, String conclusion) {
        return contradicted(packet, evidence, conclusion, correlationId);
    }

    private boolean contradicted(long packet, String evidence, String conclusion, Integer correlationId) {
        FrameInProgress p = hunt == null ? cutter.peekInProgress() : null;
        if (p == null) {
            return false;
        }
        ContradictedSpan span = new ContradictedSpan(p.pieces(), validator);
        long at = span.frameEnd(p.start() + 4 + cutter.minFrameSize());
        if (correlationId != null && !span.holds(at, correlationId)) {
            return false;
        }
        cutter.takeInProgress();
        sink.onNote(new ExpertNote(ExpertItem.FRAME_SIZE_CONTRADICTED, packet, p.start(), context, "the frame declares "
                + p.length() + " bytes, but " + evidence + " when " + p.fill() + " bytes of "
                + "it had come: " + conclusion + "; the frame ends after " + (at - p.start()) + " bytes"
                + (at < span.end() ? ", where the frames that follow start" : "")));
        sink.onFrame(span.frameTo(at));
        List<StreamPiece> rest = span.takeFrom(at);
        for (int i = rest.size() - 1; i >= 0; i--) {
            queue.addFirst(rest.get(i));
        }
        cutter.resumeAt(at);
        drain();
        return true;
    }

    /**
     * The other direction is about to deliver bytes: frames this direction holds complete while searching are decided
     * and handed on now, so that they come before anything the other direction's bytes make.
     */
    public void settle(long packet) {
        if (hunt != null) {
            decide(FrameHunt.Mode.SETTLE);
            drain();
        }
    }

    /** Ends the stream: held bytes are decided, a frame still in progress is handed on incomplete. */
    public void end(long packet) {
        while (hunt != null) {
            decide(FrameHunt.Mode.FINAL);
            drain();
        }
        cutter.end(packet);
    }

    /** One piece, in order: to the search in progress, or cut in sync. */
    private void feed(StreamPiece p) {
        if (hunt != null) {
            hunt.add(p);
            decide(FrameHunt.Mode.DATA);
        } else if (!cutter.inSync()) { // a stream that starts out of sync
            hunt = new FrameHunt(validator, p.offset(), p.packet(), context);
            syncedFrom = Long.MAX_VALUE;
            feed(p);
        } else if (p.isGap()) {
            hunt = cutter.gap(p.gapBytes(), p.reason(), p.packet());
            if (hunt != null) {
                syncedFrom = Long.MAX_VALUE;
            }
        } else {
            search(cutter.data(p.data(), p.offset(), p.timestampNanos(), p.packet(), p.segmentStart()), p.packet());
        }
    }

    /** Bytes from where sync was lost go to a new search, before anything queued. */
    private void search(List<StreamPiece> lost, long packet) {
        if (!lost.isEmpty()) {
            hunt = new FrameHunt(validator, lost.get(0).offset(), packet, context);
            syncedFrom = Long.MAX_VALUE;
            for (int i = lost.size() - 1; i >= 0; i--) {
                queue.addFirst(lost.get(i));
            }
        }
    }

    private void drain() {
        for (StreamPiece p = queue.poll(); p != null; p = queue.poll()) {
            feed(p);
        }
    }

    /** Asks the search; once it decided, the pieces from where framing resumes go to the front of the queue. */
    private void decide(FrameHunt.Mode mode) {
        FrameHunt.Outcome o = hunt.decide(mode);
        if (o == null) {
            return;
        }
        FrameHunt h = hunt;
        hunt = null;
        if (o.note() != null) {
            sink.onNote(o.note());
        }
        skippedTotal += o.skipped();
        List<StreamPiece> rest = h.takeFrom(o.resumeAt() < 0 ? h.end() : o.resumeAt());
        for (int i = rest.size() - 1; i >= 0; i--) {
            queue.addFirst(rest.get(i));
        }
        if (o.resumeAt() >= 0) {
            cutter.resumeAt(o.resumeAt());
            syncedFrom = o.resumeAt();
        } else {
            cutter.lost();
        }
    }
}
