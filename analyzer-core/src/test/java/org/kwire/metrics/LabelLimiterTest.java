package org.kwire.metrics;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Bounded label values: the first come get places, the rest count under other; idle ones expire, the busiest waiting take over. */
class LabelLimiterTest {

    private static final long S = 1_000_000_000L;

    @Test
    void placesExpireAndGoToTheBusiestWaitingValues() {
        AtomicLong now = new AtomicLong();
        List<String> expired = new ArrayList<>();
        LabelLimiter l = new LabelLimiter(2, 60 * S, now::get, expired::add);
        assertEquals("a", l.label("a", 10));
        assertEquals("b", l.label("b", 10));
        assertEquals("other", l.label("c", 100));
        assertEquals("other", l.label("d", 500));
        assertEquals("other", l.label("c", 100));
        now.set(30 * S);
        assertEquals("a", l.label("a", 10), "a keeps its place while seen");
        now.set(70 * S); // b not seen for 70 s: expired at the next call; d was the busiest waiting
        assertEquals("a", l.label("a", 1));
        assertEquals(List.of("b"), expired);
        assertEquals(Set.of("a", "d"), Set.copyOf(l.admitted()));
        assertEquals("d", l.label("d", 1));
        assertEquals("other", l.label("c", 1));
    }

    @Test
    void withoutExpiryTheFirstValuesKeepTheirPlaces() {
        AtomicLong now = new AtomicLong();
        LabelLimiter l = new LabelLimiter(1, 0, now::get, v -> {
            throw new AssertionError("no expiry");
        });
        assertEquals("x", l.label("x", 1));
        now.set(1_000_000 * S);
        assertEquals("other", l.label("y", 1_000));
        assertEquals("x", l.label("x", 1));
        assertEquals("other", new LabelLimiter(0, 0, now::get, v -> { }).label("z", 1), "0: everything under other");
    }
}
