package org.kwire.live;

import org.junit.jupiter.api.Test;
import org.kwire.pcap.Packet;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The capture-to-analysis queue: whole packets within the byte budget, then headers only, then counted losses. */
class CaptureQueueTest {

    private static Packet packet(long number, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (number + i);
        }
        return new Packet(number, number * 1000, 1, size + 10, ByteBuffer.wrap(b), 0);
    }

    @Test
    void packetsBeyondTheByteBudgetGoOnWithTheirHeadersOnlyAndBeyondTheEntriesAreLost() throws Exception {
        CaptureQueue q = new CaptureQueue(1000, 4);
        q.offer(packet(1, 600));
        q.offer(packet(2, 600)); // 1200 > 1000: headers only
        q.offer(packet(3, 300)); // fits beside the first
        q.offer(packet(4, 100)); // exactly fills the budget, and the last entry (one more is kept for the end)
        q.offer(packet(5, 100)); // no entry left: lost
        q.end();
        assertEquals(1000, q.bytes());
        assertEquals(1000, q.peakBytes());

        CaptureQueue.Entry e1 = q.poll(0);
        assertFalse(e1.headersOnly());
        assertEquals(600, e1.packet().capturedLength());
        assertEquals(400, q.bytes());
        CaptureQueue.Entry e2 = q.poll(0);
        assertTrue(e2.headersOnly());
        assertEquals(CaptureQueue.HEADER_BYTES, e2.packet().capturedLength());
        assertEquals(610, e2.packet().originalLength(), "the length on the wire is kept");
        byte[] head = new byte[CaptureQueue.HEADER_BYTES];
        packet(2, 600).data().get(head);
        byte[] kept = new byte[CaptureQueue.HEADER_BYTES];
        e2.packet().data().get(kept);
        assertArrayEquals(head, kept);
        assertFalse(q.poll(0).headersOnly());
        CaptureQueue.Entry e4 = q.poll(0);
        assertEquals(4, e4.packet().number());
        assertFalse(e4.headersOnly());
        assertTrue(CaptureQueue.isEnd(q.poll(0)));
        assertNull(q.poll(0));
        assertEquals(1, q.headersOnly());
        assertEquals(1, q.lost());
        assertEquals(0, q.bytes());
    }
}
