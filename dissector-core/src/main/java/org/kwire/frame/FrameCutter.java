package org.kwire.frame;

import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * The in-sync half of a {@link FrameAssembler}: follows size prefixes from a known frame boundary and cuts frames,
 * wholly inside one chunk as one slice, else as the slices they arrived in ({@link PartialFrame}). It says when sync
 * is lost (an invalid size prefix, a gap between frames) and when a frame's declared end must be confirmed (a gap
 * inside it), and {@link FrameAssembler} hands those bytes to a {@link FrameHunt}. Not thread-safe.
 */
final class FrameCutter {

    private int minFrameSize;
    private final int maxFrameSize;
    private final FrameStartValidator validator;
    private final FrameSink sink;
    private final String context;

    /** Offset in the stream of the next byte to be consumed. */
    private long streamOffset;
    private boolean inSync;
    /** Bytes still to discard of an oversized frame's rest (or, without a validator, an incomplete frame's). */
    private long skipRest;
    private long oversized;
    private final byte[] prefix = new byte[4];
    private int prefixFill;
    /** The frame in progress, null between frames. */
    private PartialFrame partial;
    /** The frame being skipped by its size (over the largest accepted), its first bytes kept; else null. */
    private SkippedFrame skipped;
    /** Where the size prefix being read started: stream offset, packet, time. */
    private long frameStart;
    private long firstPacket;
    private long firstTimestamp;

    FrameCutter(int minFrameSize, int maxFrameSize, boolean startsInSync, FrameStartValidator validator, FrameSink sink,
                String context) {
        this.minFrameSize = minFrameSize;
        this.maxFrameSize = maxFrameSize;
        this.inSync = startsInSync;
        this.validator = validator;
        this.sink = sink;
        this.context = context;
    }

    void minFrameSize(int bytes) {
        this.minFrameSize = bytes;
    }

    boolean inSync() {
        return inSync;
    }

    /** In sync and between frames. */
    boolean atFrameBoundary() {
        return inSync && skipRest == 0 && partial == null && prefixFill == 0;
    }

    /**
     * In sync and not skipping an oversized frame: the stream offset of the frame in progress (of its size prefix's
     * first byte), or of the next byte between frames; else -1.
     */
    long frameInProgressStart() {
        if (!inSync || skipRest > 0) {
            return -1;
        }
        return partial != null ? partial.start() : prefixFill > 0 ? frameStart : streamOffset;
    }

    /** The int at bytes 4 to 8 of the frame in progress (a correlation_id), if they arrived; else null. */
    Integer frameInProgressId() {
        return partial != null && partial.fill() >= 8 ? partial.intAt(4) : null;
    }

    long oversizedFrames() {
        return oversized;
    }

    /** Framing goes on in sync at stream offset {@code at} (a frame boundary a {@link FrameHunt} found). */
    void resumeAt(long at) {
        streamOffset = at;
        inSync = true;
    }

    /** Sync is lost for good (the stream ended without a frame start). */
    void lost() {
        inSync = false;
    }

    /** The first bytes (up to {@link FrameStartValidator#HEAD_BYTES}) of the frame in progress, a copy; null if none. */
    ByteBuffer headInProgress() {
        if (partial == null) {
            return skipped == null ? null : skipped.head();
        }
        KafkaFrame f = partial.frame();
        ByteBuffer head = ByteBuffer.allocate(Math.min(FrameStartValidator.HEAD_BYTES, f.length()));
        f.data().get(0, head.array(), 0, head.capacity());
        return head;
    }

    /**
     * Takes the frame in progress away, or one being skipped by its size whose bytes were kept (its size prefix was
     * contradicted: the caller frames its bytes); null if none.
     */
    FrameInProgress takeInProgress() {
        FrameInProgress p = peekInProgress();
        if (p != null && partial == null) {
            skipped = null;
            skipRest = 0;
        }
        partial = null;
        return p;
    }

    /** {@link #takeInProgress()} without taking it. */
    FrameInProgress peekInProgress() {
        if (partial != null) {
            return new FrameInProgress(partial.pieces(), partial.length());
        }
        return skipped == null || skipped.pieces() == null ? null
                : new FrameInProgress(List.copyOf(skipped.pieces()), skipped.length());
    }

    int minFrameSize() {
        return minFrameSize;
    }

    /** Bytes of the frame in progress (or of one skipped by size) still to come; 0 if none. */
    long expectedRest() {
        return skipRest > 0 ? skipRest : partial != null ? partial.missing() : 0;
    }

    /**
     * Cuts frames from bytes at stream offset {@link #streamOffset} (in sync).
     *
     * @return the bytes from where sync was lost, to search for a frame boundary (an invalid size prefix read across
     * chunks comes first); empty if still in sync
     */
    List<StreamPiece> data(ByteBuffer data, long offset, long timestampNanos, long packet, boolean segmentStart) {
        int pos = data.position();
        int end = data.limit();
        while (pos < end) {
            if (skipRest > 0) {
                int n = (int) Math.min(skipRest, end - pos);
                keepSkipped(data.slice(pos, n), timestampNanos, packet, n);
                skipRest -= n;
                pos += n;
                streamOffset += n;
                continue;
            }
            if (!inSync) {
                StreamPiece rest = StreamPiece.bytes(offset + pos - data.position(), data.slice(pos, end - pos),
                        timestampNanos, packet, segmentStart && pos == data.position());
                return invalidPrefix == null ? List.of(rest) : List.of(takeInvalidPrefix(), rest);
            }
            if (partial == null && prefixFill == 0 && end - pos >= 4) {
                int size = data.getInt(pos);
                if (!sizeOk(size, packet, streamOffset)) {
                    if (inSync) { // an oversized frame: skipped by its size from after its prefix
                        skipped.add(data.slice(pos, 4), timestampNanos, packet);
                        pos += 4;
                        streamOffset += 4;
                    }
                    continue;
                }
                if (end - pos >= 4 + size) {
                    FrameInfo info = new FrameInfo(4 + size, streamOffset, packet, packet, timestampNanos, timestampNanos);
                    sink.onFrame(new KafkaFrame(FrameBytes.of(data.slice(pos, 4 + size)), info));
                    pos += 4 + size;
                    streamOffset += 4 + size;
                    continue;
                }
            }
            pos = accumulate(data, pos, end, timestampNanos, packet);
        }
        return invalidPrefix == null ? List.of() : List.of(takeInvalidPrefix());
    }

    /**
     * Bytes the capture lost, in sync. A frame in progress whose size is known is handed on incomplete; its declared
     * end is to be confirmed by a hunt (without a validator, its rest is skipped by size).
     *
     * @return the hunt to feed from here: verifying a declared end, or resynchronising (sync is lost); null if framing
     * stays in sync
     */
    FrameHunt gap(long bytes, String reason, long packet) {
        skipped = null;
        if (skipRest > 0) {
            long n = Math.min(skipRest, bytes);
            skipRest -= n;
            streamOffset += n;
            bytes -= n;
            if (bytes == 0) {
                return null;
            }
        }
        if (partial != null) {
            long rest = partial.missing();
            note(ExpertItem.FRAME_CUT_BY_GAP, packet, partial.start(), "frame incomplete: " + partial.fill() + " of "
                    + partial.length() + " bytes captured before a gap of " + bytes + " bytes (" + reason + ")");
            long start = partial.start();
            long declaredEnd = start + partial.length();
            ByteBuffer head = emitPartial();
            if (bytes < rest) {
                streamOffset += bytes;
                if (validator == null) {
                    skipRest = rest - bytes;
                    return null;
                }
                return new FrameHunt(validator, streamOffset, context, start, declaredEnd, head);
            }
            streamOffset += rest;
            bytes -= rest;
            if (bytes == 0) {
                return null; // the gap ended exactly where the frame did: still in sync
            }
        } else if (prefixFill > 0) {
            note(ExpertItem.FRAME_SIZE_CUT_BY_GAP, packet, frameStart, "frame size prefix cut by a gap of " + bytes + " bytes ("
                    + reason + ")");
            prefixFill = 0;
        } else {
            note(ExpertItem.TCP_GAP, packet, streamOffset, "gap of " + bytes + " bytes (" + reason + ")");
        }
        streamOffset += bytes;
        inSync = false;
        return new FrameHunt(validator, streamOffset, packet, context);
    }

    /** The stream ended: a frame in progress is handed on incomplete. */
    void end(long packet) {
        if (partial != null) {
            note(ExpertItem.FRAME_INCOMPLETE_AT_END, packet, partial.start(), "frame incomplete at end of stream: "
                    + partial.fill() + " of " + partial.length() + " bytes");
            emitPartial();
        } else if (prefixFill > 0) {
            note(ExpertItem.FRAME_SIZE_CUT_AT_END, packet, frameStart, "stream ends inside a frame size prefix");
            prefixFill = 0;
        }
    }

    /** The bytes of an invalid size prefix read across chunks, where the search for a frame boundary starts. */
    private StreamPiece invalidPrefix;

    private StreamPiece takeInvalidPrefix() {
        StreamPiece p = invalidPrefix;
        invalidPrefix = null;
        return p;
    }

    /**
     * True if a size prefix read in sync starts a frame to cut. A size over {@code maxFrameSize} is a frame to skip by
     * that size (framing stays in sync); one below {@code minFrameSize} cannot be a frame: framing resynchronises.
     */
    private boolean sizeOk(int size, long packet, long frameOffset) {
        if (size >= minFrameSize && size <= maxFrameSize) {
            return true;
        }
        if (size > maxFrameSize) {
            oversized++;
            skipRest = size;
            skipped = new SkippedFrame(frameOffset, 4L + size);
            note(ExpertItem.FRAME_TOO_LARGE, packet, frameOffset, "frame of " + size + " bytes (after its size prefix) over "
                    + "the largest accepted, " + maxFrameSize + " (--max-frame-size): skipped by its size");
            return false;
        }
        note(ExpertItem.FRAME_SIZE_INVALID, packet, frameOffset,
                "invalid frame size " + size + " (allowed " + minFrameSize + ".." + maxFrameSize + "); resynchronising");
        inSync = false;
        return false;
    }

    private int accumulate(ByteBuffer data, int pos, int end, long timestampNanos, long packet) {
        if (partial == null) {
            if (prefixFill == 0) {
                frameStart = streamOffset;
                firstPacket = packet;
                firstTimestamp = timestampNanos;
            }
            while (prefixFill < 4 && pos < end) {
                prefix[prefixFill++] = data.get(pos++);
                streamOffset++;
            }
            if (prefixFill < 4) {
                return pos;
            }
            int size = ByteBuffer.wrap(prefix).getInt();
            prefixFill = 0;
            if (!sizeOk(size, packet, frameStart) && !inSync) {
                invalidPrefix = StreamPiece.bytes(frameStart, ByteBuffer.wrap(prefix.clone()), timestampNanos, packet, false);
            }
            if (inSync && skipRest > 0) {
                skipped.add(ByteBuffer.wrap(prefix.clone()), firstTimestamp, firstPacket);
            }
            if (!inSync || skipRest > 0) {
                return pos;
            }
            partial = new PartialFrame(prefix, 4 + size, frameStart, firstPacket, firstTimestamp);
        }
        int n = partial.add(data, pos, end, packet, timestampNanos);
        streamOffset += n;
        if (partial.missing() == 0) {
            emitPartial();
        }
        return pos + n;
    }

    /** Hands on the frame in progress (whole, or with the bytes captured so far); returns its first bytes (a copy). */
    private ByteBuffer emitPartial() {
        KafkaFrame frame = partial.frame();
        partial = null;
        ByteBuffer head = ByteBuffer.allocate(Math.min(FrameStartValidator.HEAD_BYTES, frame.length()));
        frame.data().get(0, head.array(), 0, head.capacity());
        sink.onFrame(frame);
        return head;
    }

    /** Keeps the next skipped bytes of an oversized frame (by reference, under a bound); forgets it at its end. */
    private void keepSkipped(ByteBuffer bytes, long timestampNanos, long packet, int n) {
        if (skipped != null) {
            skipped.add(bytes, timestampNanos, packet);
            if (n == skipRest) {
                skipped = null;
            }
        }
    }

    private void note(ExpertItem item, long packet, long offset, String message) {
        sink.onNote(new ExpertNote(item, packet, offset, context, message));
    }
}
