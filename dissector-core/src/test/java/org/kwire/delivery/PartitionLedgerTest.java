package org.kwire.delivery;

import org.junit.jupiter.api.Test;
import org.kwire.report.FrameOrder;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The pairing rule on one partition, event by event and joined: the cases real captures meet (EndToEndTest checks
 * them on real traffic): a second consumer's later fetch, a fetch answered before the Produce response, an idempotent
 * producer's retry answered again, fetches of batches produced before the capture, and a batch produced in one slice
 * and first fetched in the next or across their boundary. Frames stand for capture order; times are frame * 1 ms.
 */
class PartitionLedgerTest {

    /** The outcomes, as text: {@code +1}, {@code -1}, {@code base@produce>fetch} ({@code !} before), {@code omitted base}. */
    private static final class Log implements PartitionLedger.Outcomes {
        final List<String> lines = new ArrayList<>();

        @Override
        public void produced(int delta) {
            lines.add(delta > 0 ? "+" + delta : "" + delta);
        }

        @Override
        public void delivered(ProducedBatch p, FetchedBatch f, boolean beforeResponse) {
            lines.add(p.baseOffset() + "@" + p.frame() + (beforeResponse ? "!" : ">") + f.frame());
        }

        @Override
        public void omitted(ProducedBatch p) {
            lines.add("omitted " + p.baseOffset());
        }
    }

    private static ProducedBatch produced(long base, long last, long frame) {
        return new ProducedBatch(base, last, frame - 1, frame, frame * 1_000_000);
    }

    private static FetchedBatch fetched(long base, long frame) {
        return new FetchedBatch(base, frame, frame * 1_000_000, -1, -1);
    }

    @Test
    void eachBatchPairsWithItsFirstConsumerFetchOnly() {
        PartitionLedger l = new PartitionLedger("t", 0);
        Log log = new Log();
        l.fetched(fetched(0, 1), log, PartitionLedger.Hold.NEVER); // produced before the capture: kept, never paired
        l.produced(produced(10, 14, 2), log, PartitionLedger.Hold.NEVER);
        l.fetched(fetched(10, 3), log, PartitionLedger.Hold.NEVER);
        l.fetched(fetched(10, 4), log, PartitionLedger.Hold.NEVER); // a second group's: not first
        l.fetched(fetched(20, 5), log, PartitionLedger.Hold.NEVER); // answered before its Produce response
        l.produced(produced(20, 20, 6), log, PartitionLedger.Hold.NEVER);
        l.produced(produced(10, 14, 7), log, PartitionLedger.Hold.NEVER); // a retry answered again: counted once
        l.produced(produced(21, 22, 8), log, PartitionLedger.Hold.NEVER); // never fetched
        assertEquals(List.of("+1", "10@2>3", "+1", "20@6!5", "+1", "-1", "+1"), log.lines);
        assertEquals(List.of(21L), l.open().stream().map(ProducedBatch::baseOffset).toList());
        assertEquals(List.of(0L), l.fetched().stream().map(FetchedBatch::baseOffset).toList());
    }

    /**
     * Two slices: the first produced 10 and 20 and saw none fetched; the second fetched 20 twice and 10 once, and its
     * boundary's replay (a Fetch across the boundary) fetched 10 first. Joined in any order and paired once every part
     * is in, each batch gets its first fetch, as one ledger of all the events does.
     */
    @Test
    void slicesAndABoundaryJoinedThenPairedAsOneLedger() {
        PartitionLedger one = new PartitionLedger("t", 0);
        Log oneLog = new Log();
        one.produced(produced(10, 19, 2), oneLog, PartitionLedger.Hold.NEVER);
        one.produced(produced(20, 29, 3), oneLog, PartitionLedger.Hold.NEVER);
        one.fetched(fetched(10, 5), oneLog, PartitionLedger.Hold.NEVER); // the boundary's
        one.fetched(fetched(20, 6), oneLog, PartitionLedger.Hold.NEVER);
        one.fetched(fetched(20, 7), oneLog, PartitionLedger.Hold.NEVER);
        one.fetched(fetched(10, 8), oneLog, PartitionLedger.Hold.NEVER);

        PartitionLedger first = new PartitionLedger("t", 0);
        PartitionLedger second = new PartitionLedger("t", 0);
        PartitionLedger boundary = new PartitionLedger("t", 0);
        Log log = new Log();
        first.produced(produced(10, 19, 2), log, PartitionLedger.Hold.NEVER);
        first.produced(produced(20, 29, 3), log, PartitionLedger.Hold.NEVER);
        second.fetched(fetched(20, 6), log, PartitionLedger.Hold.NEVER);
        second.fetched(fetched(20, 7), log, PartitionLedger.Hold.NEVER);
        second.fetched(fetched(10, 8), log, PartitionLedger.Hold.NEVER);
        boundary.fetched(fetched(10, 5), log, PartitionLedger.Hold.NEVER);
        PartitionLedger joined = new PartitionLedger("t", 0);
        joined.join(second, FrameOrder.NATURAL, log);
        joined.join(first, FrameOrder.NATURAL, log);
        joined.join(boundary, FrameOrder.NATURAL, log); // a merge's replayed boundary comes last
        assertEquals(List.of("+1", "+1"), log.lines, "nothing paired across parts while joining");
        PartitionLedger report = new PartitionLedger("t", 0);
        report.absorb(joined, FrameOrder.NATURAL, log, PartitionLedger.Hold.NEVER);
        assertEquals(List.of("+1", "+1", "10@2>5", "20@3>6"), log.lines);
        assertEquals(List.of("+1", "+1", "10@2>5", "20@3>6"), oneLog.lines);
    }

    /** A slice holds a pairing back while an exchange its boundary left out came after the Produce request. */
    @Test
    void aPairingWaitsWhileTheBoundarysFetchMayHaveComeFirst() {
        PartitionLedger slice = new PartitionLedger("t", 0);
        Log log = new Log();
        PartitionLedger.Hold leftOutAt4 = p -> 4 >= p.requestFrame();
        slice.produced(produced(10, 10, 3), log, leftOutAt4); // its request at frame 2
        slice.fetched(fetched(10, 6), log, leftOutAt4); // a second consumer's; the first fetched it at 4, left out
        slice.produced(produced(11, 11, 9), log, leftOutAt4); // requested at 8, after the last exchange left out
        slice.fetched(fetched(11, 10), log, leftOutAt4);
        assertEquals(List.of("+1", "+1", "11@9>10"), log.lines);
        PartitionLedger boundary = new PartitionLedger("t", 0);
        boundary.fetched(fetched(10, 4), log, PartitionLedger.Hold.NEVER);
        slice.join(boundary, FrameOrder.NATURAL, log);
        PartitionLedger report = new PartitionLedger("t", 0);
        report.absorb(slice, FrameOrder.NATURAL, log, PartitionLedger.Hold.NEVER);
        assertEquals(List.of("+1", "+1", "11@9>10", "10@3>4"), log.lines);
    }

    /** Past {@value PartitionLedger#MAX_OPEN} batches waiting, the lowest base offsets are let go, counted. */
    @Test
    void theOldestWaitingBatchesAreLetGoPastTheBound() {
        PartitionLedger l = new PartitionLedger("t", 0);
        Log log = new Log();
        for (int i = 0; i <= PartitionLedger.MAX_OPEN; i++) {
            l.produced(produced(i, i, i + 2), log, PartitionLedger.Hold.NEVER);
        }
        assertEquals("omitted 0", log.lines.get(log.lines.size() - 1));
        assertEquals(PartitionLedger.MAX_OPEN, l.openCount());
        assertEquals(List.of(new Range(0, PartitionLedger.MAX_OPEN)), l.state().produced());
    }
}
