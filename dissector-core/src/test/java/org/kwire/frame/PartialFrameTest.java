package org.kwire.frame;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * A frame spanning segments keeps a segment it takes whole as the very buffer handed in (StreamInput.data's contract),
 * and slices the parts of others; its bytes and arrivals are those of the segments, in order.
 */
class PartialFrameTest {

    @Test
    void wholeSegmentsAreKeptAsTheyAreParts() {
        byte[] prefix = {0, 0, 0, 10}; // 10 bytes follow
        PartialFrame f = new PartialFrame(prefix, 14, 100, 1, 1_000);
        ByteBuffer whole = ByteBuffer.wrap(new byte[] {1, 2, 3, 4}).asReadOnlyBuffer();
        ByteBuffer swapped = ByteBuffer.wrap(new byte[] {5, 6}).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer longer = ByteBuffer.wrap(new byte[] {7, 8, 9, 10, 11, 12});
        assertEquals(4, f.add(whole, 0, 4, 2, 2_000));
        assertEquals(2, f.add(swapped, 0, 2, 3, 3_000));
        assertEquals(4, f.add(longer, 0, 6, 4, 4_000)); // only 4 of its 6 bytes belong to the frame
        assertEquals(0, f.missing());
        FrameBytes bytes = f.frame().data();
        assertEquals(4, bytes.slices());
        assertSame(whole, bytes.slice(1));
        assertNotSame(swapped, bytes.slice(2));
        assertEquals(ByteOrder.BIG_ENDIAN, bytes.slice(2).order());
        assertEquals(4, bytes.slice(3).limit());
        assertEquals(0x0102_0304, bytes.getInt(4));
        assertEquals(0x0506_0708, bytes.getInt(8));
        assertEquals(0x090a, bytes.getShort(12));
        long[] packets = f.pieces().stream().mapToLong(StreamPiece::packet).toArray();
        long[] times = f.pieces().stream().mapToLong(StreamPiece::timestampNanos).toArray();
        assertEquals(java.util.List.of(1L, 2L, 3L, 4L), java.util.Arrays.stream(packets).boxed().toList());
        assertEquals(java.util.List.of(1_000L, 2_000L, 3_000L, 4_000L), java.util.Arrays.stream(times).boxed().toList());
    }

    @Test
    void arrivalsGrowPastTheExpectedPieces() {
        PartialFrame f = new PartialFrame(new byte[] {0, 0, 0, 100}, 104, 0, 1, 0); // expects 2 pieces
        for (int i = 0; i < 100; i++) {
            assertEquals(1, f.add(ByteBuffer.wrap(new byte[] {(byte) i}), 0, 1, 10 + i, 1_000L * i));
        }
        assertEquals(101, f.pieces().size());
        assertEquals(109, f.pieces().get(100).packet());
        assertEquals(99_000, f.pieces().get(100).timestampNanos());
        assertEquals(99, f.frame().data().get(103));
    }
}
