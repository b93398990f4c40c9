package org.kwire.frame;

import java.nio.ByteBuffer;

/**
 * One piece of a direction's byte stream as a {@link FrameAssembler} receives it: captured bytes (a slice of the
 * buffer they arrived in, not copied) or a gap of known size the capture lost.
 *
 * @param offset         stream offset of the piece's first byte
 * @param data           the bytes, position to limit; null for a gap
 * @param gapBytes       bytes lost, for a gap (0 for data)
 * @param reason         why they were lost, for a gap (e.g. {@code "snaplen"}); null for data
 * @param packet         capture frame number of the packet that carried the bytes (for a gap: after which it lies)
 * @param timestampNanos capture time of that packet, epoch nanoseconds (0 for a gap)
 * @param segmentStart   true if the bytes begin where their TCP segment's payload (or TLS record) begins
 */
record StreamPiece(long offset, ByteBuffer data, long gapBytes, String reason, long packet, long timestampNanos,
                   boolean segmentStart) {

    static StreamPiece bytes(long offset, ByteBuffer data, long timestampNanos, long packet, boolean segmentStart) {
        return new StreamPiece(offset, data, 0, null, packet, timestampNanos, segmentStart);
    }

    static StreamPiece gap(long offset, long bytes, String reason, long packet) {
        return new StreamPiece(offset, null, bytes, reason, packet, 0, false);
    }

    boolean isGap() {
        return data == null;
    }

    /** Bytes of the stream the piece covers (a gap's lost bytes included). */
    long length() {
        return data == null ? gapBytes : data.remaining();
    }

    /** Stream offset after the piece. */
    long end() {
        return offset + length();
    }

    /**
     * The first stream offset in {@code [from, to)} whose 4 bytes, in this piece (of data), read as a size prefix from
     * 0 to {@code largest}; {@code to} if none. A frame hunt's sieve: such a size starts with a byte of at most
     * {@code largest >>> 24} (0x05 for Kafka's default --max-frame-size), so 8 offsets none of whose bytes is that small
     * are passed over with one read.
     */
    long firstSized(long from, long to, int largest) {
        long small = 0x0101010101010101L * ((largest >>> 24) + 1); // a byte below (largest >>> 24) + 1, at most 128
        int index = data.position() + (int) (from - offset);
        int size = (data.get(index) & 0xff) << 16 | (data.get(index + 1) & 0xff) << 8 | data.get(index + 2) & 0xff;
        for (long at = from; at < to; at++, index++) {
            if (at + 8 <= to) {
                long x = data.getLong(index);
                if (((x - small) & ~x & 0x8080808080808080L) == 0) { // no byte below it (bit twiddling's "hasless")
                    at += 7;
                    index += 7;
                    size = (data.get(index + 1) & 0xff) << 16 | (data.get(index + 2) & 0xff) << 8
                            | data.get(index + 3) & 0xff;
                    continue;
                }
            }
            size = size << 8 | data.get(index + 3) & 0xff;
            if (size >= 0 && size <= largest) {
                return at;
            }
        }
        return to;
    }

    /** The part of the piece from stream offset {@code at} (inside it) on. */
    StreamPiece from(long at) {
        if (at == offset) {
            return this;
        }
        int skip = (int) (at - offset);
        return data == null ? gap(at, gapBytes - skip, reason, packet)
                : new StreamPiece(at, data.slice(data.position() + skip, data.remaining() - skip), 0, null, packet,
                timestampNanos, false);
    }
}
