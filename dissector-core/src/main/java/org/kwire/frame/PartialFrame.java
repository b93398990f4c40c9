package org.kwire.frame;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A frame in progress in a {@link FrameAssembler}: slices of the chunks it arrived in (its 4-byte size prefix first),
 * where and when it started and when its last byte so far arrived. Joined into one buffer once, when the frame is
 * complete or cut by a gap or the end of its stream. Holds at most the length its size prefix declares.
 */
final class PartialFrame {

    private final List<ByteBuffer> pieces;
    /** Per piece (the first {@code pieces.size()} entries): the packet and the capture time it arrived in. */
    private long[] packets;
    private long[] timestamps;
    private final int length;
    private int fill;
    private final long start;
    private final long firstPacket;
    private final long firstTimestamp;
    private long lastPacket;
    private long lastTimestamp;

    /**
     * @param prefix         the size prefix's 4 bytes (copied)
     * @param length         the frame's declared length, size prefix included
     * @param start          stream offset of the size prefix's first byte
     * @param firstPacket    capture frame number of the packet holding that byte
     * @param firstTimestamp its capture time, epoch nanoseconds
     */
    PartialFrame(byte[] prefix, int length, long start, long firstPacket, long firstTimestamp) {
        this.length = length;
        int expected = Math.min(2 + length / 1400, 64); // Ethernet-sized segments; grown beyond
        pieces = new ArrayList<>(expected);
        packets = new long[expected];
        timestamps = new long[expected];
        this.start = start;
        this.firstPacket = firstPacket;
        this.firstTimestamp = firstTimestamp;
        this.lastPacket = firstPacket;
        this.lastTimestamp = firstTimestamp;
        pieces.add(ByteBuffer.wrap(prefix.clone()));
        packets[0] = firstPacket;
        timestamps[0] = firstTimestamp;
        fill = prefix.length;
    }

    /** Bytes of the frame captured so far, size prefix included. */
    int fill() {
        return fill;
    }

    /** The declared length, size prefix included. */
    int length() {
        return length;
    }

    /** Bytes still to come. */
    int missing() {
        return length - fill;
    }

    /** Stream offset of the frame's first byte. */
    long start() {
        return start;
    }

    /** The 4 bytes from frame offset {@code at} as a big-endian int (they must have arrived: {@code at + 4 <= fill}). */
    int intAt(int at) {
        int value = 0;
        int base = 0;
        for (ByteBuffer b : pieces) {
            for (int i = Math.max(at - base, 0); i < b.remaining() && base + i < at + 4; i++) {
                value = value << 8 | b.get(b.position() + i) & 0xff;
            }
            base += b.remaining();
            if (base >= at + 4) {
                break;
            }
        }
        return value;
    }

    /**
     * Takes the next bytes of the frame from {@code data[pos, end)} (not copied: {@code data} itself when they are all
     * of it, else a slice); returns how many.
     */
    int add(ByteBuffer data, int pos, int end, long packet, long timestampNanos) {
        int n = Math.min(end - pos, missing());
        if (n > 0) {
            int i = pieces.size();
            if (i == packets.length) {
                packets = Arrays.copyOf(packets, 2 * i);
                timestamps = Arrays.copyOf(timestamps, 2 * i);
            }
            // a whole buffer is kept as it is (StreamInput.data: its position and limit stay as handed over), a part
            // sliced: a frame spanning segments is mostly whole segments, one object less per packet (issue 26)
            boolean whole = pos == 0 && data.position() == 0 && n == data.limit()
                    && data.order() == ByteOrder.BIG_ENDIAN;
            pieces.add(whole ? data : data.slice(pos, n));
            packets[i] = packet;
            timestamps[i] = timestampNanos;
        }
        fill += n;
        lastPacket = packet;
        lastTimestamp = timestampNanos;
        return n;
    }

    /** The bytes captured so far as stream pieces (slices, no copy), each with the packet it arrived in. */
    List<StreamPiece> pieces() {
        List<StreamPiece> out = new ArrayList<>(pieces.size());
        long at = start;
        for (int i = 0; i < pieces.size(); i++) {
            ByteBuffer b = pieces.get(i);
            out.add(StreamPiece.bytes(at, b, timestamps[i], packets[i], false));
            at += b.remaining();
        }
        return out;
    }

    /** The frame as captured so far, whole or not: its slices (no copy) and where and when it was seen. */
    KafkaFrame frame() {
        FrameInfo info = new FrameInfo(length, start, firstPacket, lastPacket, firstTimestamp, lastTimestamp, fill);
        return new KafkaFrame(FrameBytes.of(pieces), info);
    }
}
