package org.kwire.frame;

/**
 * Where and when a Kafka frame was seen, without its bytes (kept for pending requests and reports).
 *
 * @param length              frame length in bytes, the 4-byte size prefix included
 * @param streamOffset        offset of the frame's first byte in its direction's TCP byte stream
 * @param firstPacket         capture frame number (1-based) of the packet holding the first byte
 * @param lastPacket          capture frame number of the packet holding the last byte
 * @param firstTimestampNanos capture time of that first packet, epoch nanoseconds
 * @param lastTimestampNanos  capture time of the last packet, epoch nanoseconds
 * @param capturedLength      bytes of it the capture holds, size prefix included: {@code length} unless the capture
 *                            lost its end (a gap, or the end of the capture); then the last packet is the last one
 *                            captured, not the frame's
 */
public record FrameInfo(int length, long streamOffset, long firstPacket, long lastPacket, long firstTimestampNanos,
                        long lastTimestampNanos, int capturedLength) {

    /** A frame captured whole. */
    public FrameInfo(int length, long streamOffset, long firstPacket, long lastPacket, long firstTimestampNanos,
                     long lastTimestampNanos) {
        this(length, streamOffset, firstPacket, lastPacket, firstTimestampNanos, lastTimestampNanos, length);
    }

    /** False if the capture lost bytes of the frame. */
    public boolean complete() {
        return capturedLength == length;
    }
}
