package org.kwire.tls;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The session cache in capture order: views of several stream threads see what one thread would have seen. */
class SessionCacheTest {

    private static final byte[] ID = {1, 2, 3};
    private static final byte[] FIRST = {10};
    private static final byte[] SECOND = {20};

    /** A thread's order, its position set by the test; the waits it asks for recorded. */
    private static final class At implements SessionCache.Order {
        long position;
        final List<Long> waits = new ArrayList<>();

        @Override
        public long position() {
            return position;
        }

        @Override
        public void awaitBefore(long position) {
            waits.add(position);
        }
    }

    @Test
    void aLookupSeesWhatWasLearnedUpToItsPositionWhicheverThreadRanAhead() {
        SessionCache whole = new SessionCache();
        At a = new At();
        At b = new At();
        SessionCache onA = whole.ordered(a);
        SessionCache onB = whole.ordered(b);
        a.position = 10;
        onA.putSessionId(ID, FIRST);
        a.position = 20;
        onA.putSessionId(ID, SECOND); // thread A ran ahead of B
        b.position = 5;
        assertNull(onB.bySessionId(ID), "learned after position 5");
        b.position = 15;
        assertArrayEquals(FIRST, onB.bySessionId(ID));
        b.position = 25;
        assertArrayEquals(SECOND, onB.bySessionId(ID));
        assertEquals(List.of(5L, 15L, 25L), b.waits, "each lookup waits for the others to get there");
        a.position = 20;
        assertArrayEquals(SECOND, onA.bySessionId(ID), "learned by the same event");
    }

    @Test
    void aLateLearnerIsPutInItsPlaceInCaptureOrder() {
        SessionCache whole = new SessionCache();
        At a = new At();
        At b = new At();
        a.position = 30;
        whole.ordered(a).putTicket(ID, SECOND);
        b.position = 12;
        whole.ordered(b).putTicket(ID, FIRST); // B was behind: learned earlier in capture order, put later
        At c = new At();
        c.position = 20;
        assertArrayEquals(FIRST, whole.ordered(c).byTicket(ID));
        c.position = 31;
        assertArrayEquals(SECOND, whole.ordered(c).byTicket(ID));
    }

    @Test
    void withoutAnOrderTheLastLearnedCounts() {
        SessionCache cache = new SessionCache();
        cache.putSessionId(ID, FIRST);
        cache.putSessionId(ID, SECOND);
        assertArrayEquals(SECOND, cache.bySessionId(ID));
        assertNull(cache.byTicket(ID));
    }
}
