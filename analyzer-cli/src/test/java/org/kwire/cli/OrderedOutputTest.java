package org.kwire.cli;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** dissect's output order: held requests keep their place; bounds give the oldest up, counted. */
class OrderedOutputTest {

    @Test
    void heldEntriesKeepTheirPlace() {
        List<String> out = new ArrayList<>();
        OrderedOutput o = new OrderedOutput(10, 100, out::add);
        o.hold(1, "req1");
        o.hold(2, "req2");
        o.add("note");
        assertEquals(List.of(), out, "nothing before the held request is decided");
        o.decide(2, true);
        o.add("resp2");
        assertEquals(List.of(), out);
        o.decide(1, false);
        assertEquals(List.of("req2", "note", "resp2"), out);
        o.hold(3, "req3");
        o.finish();
        assertEquals(List.of("req2", "note", "resp2"), out, "never answered: not printed");
        assertEquals(0, o.givenUp());
    }

    @Test
    void theBoundsGiveTheOldestUpAndCountIt() {
        List<String> out = new ArrayList<>();
        OrderedOutput o = new OrderedOutput(2, 100, out::add);
        o.hold(1, "a");
        o.hold(2, "b");
        o.hold(3, "c");
        assertEquals(1, o.givenUp());
        assertEquals(false, o.decide(1, true), "given up");
        o.decide(2, true);
        o.decide(3, true);
        assertEquals(List.of("b", "c"), out);
        OrderedOutput queued = new OrderedOutput(10, 3, out::add);
        queued.hold(7, "x");
        queued.add("1");
        queued.add("2");
        queued.hold(8, "y");
        assertEquals(1, queued.givenUp(), "four waiting behind an undecided one: the oldest undecided given up");
        assertEquals(List.of("b", "c", "1", "2"), out);
    }
}
