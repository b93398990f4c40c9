package org.kwire.frame;

import org.kwire.expert.ExpertNote;
import org.kwire.expert.ExpertItem;

import java.nio.ByteBuffer;

/**
 * Cuts one direction of a TCP byte stream into size-prefixed Kafka frames. A frame may span many chunks and a chunk may
 * hold many frames; frames wholly inside one chunk are handed on as one zero-copy slice, others as the slices of the
 * chunks they arrived in ({@link FrameBytes}, never joined; a hostile size prefix allocates nothing but the list of
 * slices that arrived). Chunks must not change afterwards, and must stay valid while a frame holding them is referenced
 * (see {@code org.kwire.stream.StreamInput#data}).
 *
 * <p>Bytes the capture lost (a gap: missing segments, snaplen) inside a frame whose size prefix was seen make that frame
 * <em>incomplete</em>: it is handed on with the bytes captured before the gap ({@link KafkaFrame#complete()} false),
 * the rest of it is skipped by its declared size, and framing stays in sync. A frame whose size prefix, read in sync,
 * declares more than {@code maxFrameSize} bytes is skipped by that size too (noted, counted, never held). A gap
 * anywhere else, a size prefix below {@code minFrameSize} (or negative), or a capture that began mid-connection puts
 * the assembler out of sync: it skips bytes until the {@link FrameStartValidator} accepts a position, and reports the
 * bytes it skipped.
 */
public final class FrameAssembler {

    private int minFrameSize;
    private final int maxFrameSize;
    private final FrameStartValidator validator;
    private final FrameSink sink;
    private final String context;

    /** Offset in the stream of the next byte to be consumed. */
    private long streamOffset;
    private boolean inSync;
    private long skipped;
    private long skippedTotal;
    private long skipStartPacket;
    /** Bytes still to discard of an incomplete or oversized frame's rest (then the next frame starts). */
    private long skipRest;
    private long oversized;

    private final byte[] prefix = new byte[4];
    private int prefixFill;
    /** The frame in progress, null between frames. */
    private PartialFrame partial;
    /** Where the size prefix being read started: stream offset, packet, time. */
    private long frameStart;
    private long firstPacket;
    private long firstTimestamp;

    /**
     * @param minFrameSize smallest legal size prefix value (bytes after the prefix), e.g. 8 for requests, 4 for responses
     * @param maxFrameSize largest size prefix value in bytes whose frame is cut; larger frames are skipped
     * @param startsInSync true if the stream is known to start at a frame boundary (the connection's SYN was seen)
     * @param validator    accepts plausible frame starts when resynchronising
     * @param sink         receives frames and notes
     * @param context      names the stream in notes, e.g. {@code "stream 3 client->broker"}
     */
    public FrameAssembler(int minFrameSize, int maxFrameSize, boolean startsInSync, FrameStartValidator validator,
                          FrameSink sink, String context) {
        this.minFrameSize = minFrameSize;
        this.maxFrameSize = maxFrameSize;
        this.inSync = startsInSync;
        this.validator = validator;
        this.sink = sink;
        this.context = context;
    }

    /**
     * Changes the smallest legal size prefix value from the next frame on: a conversation in a SASL token exchange
     * accepts empty frames (an empty token is a frame of size 0), and stops accepting them when it ends.
     */
    public void minFrameSize(int bytes) {
        this.minFrameSize = bytes;
    }

    /** True if in sync and between two frames: no frame, size prefix or skipped span in progress. */
    public boolean atFrameBoundary() {
        return inSync && skipRest == 0 && partial == null && prefixFill == 0;
    }

    /** Bytes skipped so far while out of sync. */
    public long skippedBytes() {
        return skippedTotal + skipped;
    }

    /** Frames skipped so far because their size prefix declared more than {@code maxFrameSize} bytes. */
    public long oversizedFrames() {
        return oversized;
    }

    /**
     * Feeds the next in-order bytes of the stream.
     *
     * @param data           the bytes from {@code position()} to {@code limit()}; not modified, kept (as slices) by the
     *                       frames made of them
     * @param timestampNanos capture time of the packet that carried them, epoch nanoseconds
     * @param packet         capture frame number of that packet
     */
    public void accept(ByteBuffer data, long timestampNanos, long packet) {
        int pos = data.position();
        int end = data.limit();
        while (pos < end) {
            if (skipRest > 0) {
                int n = (int) Math.min(skipRest, end - pos);
                skipRest -= n;
                pos += n;
                streamOffset += n;
                continue;
            }
            if (!inSync) {
                pos = resync(data, pos, end, packet);
                continue;
            }
            if (partial == null && prefixFill == 0 && end - pos >= 4) {
                int size = data.getInt(pos);
                if (!sizeOk(size, packet, streamOffset)) {
                    if (inSync) { // an oversized frame: skipped by its size from after its prefix
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
    }

    /**
     * Reports that {@code bytes} of the stream were not captured (lost segments, snaplen). A frame in progress whose
     * size is known is handed on incomplete and its rest skipped by size; otherwise framing resumes at the next
     * plausible frame start.
     *
     * @param bytes  number of stream bytes missing
     * @param reason why, e.g. {@code "missing segments"} or {@code "snaplen"}
     * @param packet capture frame number after which the gap lies
     */
    public void gap(long bytes, String reason, long packet) {
        if (skipRest > 0) {
            long n = Math.min(skipRest, bytes);
            skipRest -= n;
            streamOffset += n;
            bytes -= n;
            if (bytes == 0) {
                return;
            }
        }
        if (partial != null) {
            long rest = partial.missing();
            note(ExpertItem.FRAME_CUT_BY_GAP, packet, partial.start(), "frame incomplete: " + partial.fill() + " of "
                    + partial.length() + " bytes captured before a gap of " + bytes + " bytes (" + reason + ")");
            emitPartial();
            if (bytes < rest) {
                streamOffset += bytes;
                skipRest = rest - bytes;
                return;
            }
            streamOffset += rest;
            bytes -= rest;
            if (bytes == 0) {
                return; // the gap ended exactly where the frame did: still in sync
            }
        } else if (prefixFill > 0) {
            note(ExpertItem.FRAME_SIZE_CUT_BY_GAP, packet, frameStart, "frame size prefix cut by a gap of " + bytes + " bytes ("
                    + reason + ")");
            prefixFill = 0;
        } else if (inSync) {
            note(ExpertItem.TCP_GAP, packet, streamOffset, "gap of " + bytes + " bytes (" + reason + ")");
        }
        streamOffset += bytes;
        if (inSync) {
            inSync = false;
            skipStartPacket = packet;
        }
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
        long rest = skipRest > 0 ? skipRest : partial != null ? partial.missing() : 0;
        if (rest > 0 && (bytes == rest || bytes == rest + 1)) {
            gap(rest, "missing segments", packet); // the frame's size says where the data ended
        } else if (bytes > 1) {
            gap(bytes, "missing segments at the end of the connection, or " + (bytes - 1)
                    + " bytes if the last acknowledgment also counted a FIN the capture missed", packet);
        }
    }

    /** Ends the stream: a frame still in progress is handed on incomplete, skipped bytes are reported. */
    public void end(long packet) {
        if (partial != null) {
            note(ExpertItem.FRAME_INCOMPLETE_AT_END, packet, partial.start(), "frame incomplete at end of stream: "
                    + partial.fill() + " of " + partial.length() + " bytes");
            emitPartial();
        } else if (prefixFill > 0) {
            note(ExpertItem.FRAME_SIZE_CUT_AT_END, packet, frameStart, "stream ends inside a frame size prefix");
            prefixFill = 0;
        }
        flushSkipped(packet);
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
            note(ExpertItem.FRAME_TOO_LARGE, packet, frameOffset, "frame of " + size + " bytes (after its size prefix) over "
                    + "the largest accepted, " + maxFrameSize + " (--max-frame-size): skipped by its size");
            return false;
        }
        note(ExpertItem.FRAME_SIZE_INVALID, packet, streamOffset,
                "invalid frame size " + size + " (allowed " + minFrameSize + ".." + maxFrameSize + "); resynchronising");
        inSync = false;
        skipStartPacket = packet;
        return false;
    }

    private int resync(ByteBuffer data, int pos, int end, long packet) {
        for (int p = pos; p < end; p++) {
            if (end - p >= 4 && validator != null && validator.plausibleStart(data, p, end)) {
                skipped += p - pos;
                streamOffset += p - pos;
                flushSkipped(packet);
                inSync = true;
                return p;
            }
        }
        skipped += end - pos;
        streamOffset += end - pos;
        return end;
    }

    private void flushSkipped(long packet) {
        if (skipped > 0) {
            note(ExpertItem.FRAME_RESYNC_SKIPPED, packet, streamOffset - skipped,
                    "skipped " + skipped + " bytes to find a frame boundary (from frame " + skipStartPacket + ")");
            skippedTotal += skipped;
            skipped = 0;
        }
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
            if (!sizeOk(size, packet, frameStart)) {
                if (!inSync) {
                    skipped += 4;
                }
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

    /** Hands on the frame in progress (whole, or with the bytes captured so far); no frame is in progress after. */
    private void emitPartial() {
        KafkaFrame frame = partial.frame();
        partial = null;
        sink.onFrame(frame);
    }

    private void note(ExpertItem item, long packet, long offset, String message) {
        sink.onNote(new ExpertNote(item, packet, offset, context, message));
    }
}
