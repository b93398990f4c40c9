package org.kwire.frame;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** {@link FrameBytes}: absolute reads across slice boundaries, bulk reads, the stream, and what is not copied. */
class FrameBytesTest {

    /** Bytes 0..15 as slices of 3, 1, 5 and 7 bytes, the second direct. */
    private static final byte[] ALL = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

    private static FrameBytes sliced() {
        return FrameBytes.of(List.of(heap(0, 3), direct(3, 1), heap(4, 5), heap(9, 7)));
    }

    private static ByteBuffer heap(int from, int n) {
        ByteBuffer b = ByteBuffer.allocate(n + 2).position(1); // bytes not at index 0 of their buffer
        return b.put(ALL, from, n).flip().position(1);
    }

    private static ByteBuffer direct(int from, int n) {
        return ByteBuffer.allocateDirect(n).put(ALL, from, n).flip();
    }

    @Test
    void readsAcrossSlices() {
        FrameBytes f = sliced();
        assertEquals(16, f.length());
        assertEquals(4, f.slices());
        assertEquals(1, f.sliceAt(3));
        assertEquals(3, f.sliceAt(9));
        assertEquals(2, f.sliceAt(8));
        assertEquals(0x02030405, f.getInt(2), "an int straddling three slices");
        assertEquals(0x0405060708090a0bL, f.getLong(4));
        assertEquals(0x0809, f.getShort(8));
        assertEquals(15, f.get(15));
        byte[] b = new byte[10];
        f.get(2, b, 0, 10);
        assertArrayEquals(new byte[]{2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, b);
        assertArrayEquals(ALL, f.contiguous().array());
        assertSame(f.contiguous(), f.contiguous(), "joined once");
    }

    @Test
    void withinAndHeadCopyOnlyWhenTheyMust() {
        FrameBytes f = sliced();
        assertEquals(5, f.within(4, 5).remaining());
        assertEquals(6, f.within(4, 5).get(2));
        assertNull(f.within(4, 6), "crosses into the next slice");
        assertEquals(3, f.head(3).limit());
        ByteBuffer head = f.head(6);
        assertArrayEquals(new byte[]{0, 1, 2, 3, 4, 5}, head.array());
        ByteBuffer one = ByteBuffer.wrap(ALL);
        assertSame(one, FrameBytes.of(one).contiguous());
        assertSame(one, FrameBytes.of(one).head(4));
    }

    @Test
    void streamsTheSlicesInOrder() throws IOException {
        InputStream in = sliced().stream(2, 12);
        byte[] b = new byte[20];
        int n = 0;
        for (int r; (r = in.read(b, n, b.length - n)) > 0; ) {
            n += r;
        }
        assertEquals(12, n);
        assertArrayEquals(new byte[]{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}, java.util.Arrays.copyOf(b, n));
        assertEquals(-1, in.read());
    }
}
