package org.kwire.records;

import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertItem;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The output buffer of every codec: it grows to the limit and never allocates past it. */
class BoundedBufferTest {

    @Test
    void drainsAStreamOfExactlyTheLimit() throws Exception {
        BoundedBuffer out = new BoundedBuffer(1000, 10);

        out.drain(new ByteArrayInputStream(new byte[1000]));

        assertEquals(1000, out.size());
        assertEquals(1000, out.array().length);
    }

    @Test
    void refusesAStreamPastTheLimitWithoutAllocatingMore() {
        BoundedBuffer out = new BoundedBuffer(1000, 10);
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return 0;
            }
        };

        DecompressionException e = assertThrows(DecompressionException.class, () -> out.drain(endless));

        assertEquals(ExpertItem.RECORDS_DECOMPRESSION_LIMIT, e.item);
        assertEquals(1000, out.array().length);
    }

    @Test
    void reserveRefusesBeforeAllocating() {
        BoundedBuffer out = new BoundedBuffer(1 << 20, 64);

        assertThrows(DecompressionException.class, () -> out.reserve(Integer.MAX_VALUE));

        assertEquals(64, out.array().length);
    }
}
