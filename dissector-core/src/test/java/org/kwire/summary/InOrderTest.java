package org.kwire.summary;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Work finishing in any order on workers, follow-ups in submission order, within the bounds. */
class InOrderTest {

    @Test
    void followUpsRunInSubmissionOrderOnTheSubmittingThread() {
        for (int workers : new int[] {0, 1, 4}) {
            InOrder order = new InOrder(workers, 8, Long.MAX_VALUE);
            List<Integer> seen = new ArrayList<>();
            Thread submitter = Thread.currentThread();
            Random random = new Random(workers);
            for (int i = 0; i < 500; i++) {
                int n = i;
                long pause = random.nextInt(50_000);
                if (i % 7 == 0) {
                    order.then(() -> seen.add(n));
                } else {
                    order.submit(() -> {
                        LockSupport.parkNanos(pause);
                        return n;
                    }, 1, r -> {
                        assertSame(submitter, Thread.currentThread());
                        seen.add(r);
                    });
                }
            }
            order.finish();
            assertEquals(500, seen.size());
            for (int i = 0; i < seen.size(); i++) {
                assertEquals(i, seen.get(i), "workers " + workers);
            }
        }
    }

    @Test
    void stepsWaitingAtOnceStayWithinTheBounds() {
        AtomicInteger done = new AtomicInteger();
        int[] delivered = {0};
        InOrder byCount = new InOrder(2, 5, Long.MAX_VALUE);
        InOrder byWeight = new InOrder(2, 1000, 30);
        for (int i = 0; i < 200; i++) {
            byCount.submit(done::incrementAndGet, 1, r -> delivered[0]++);
            assertTrue(i + 1 - delivered[0] <= 5, "at most 5 waiting");
        }
        byCount.finish();
        delivered[0] = 0;
        for (int i = 0; i < 200; i++) {
            byWeight.submit(done::incrementAndGet, 10, r -> delivered[0]++);
            assertTrue((i + 1 - delivered[0]) * 10 <= 30, "at most 30 bytes waiting");
        }
        byWeight.finish();
        assertEquals(400, done.get());
    }

    @Test
    void aFailureInTheWorkSurfacesOnTheSubmittingThread() {
        InOrder order = new InOrder(1, 8, Long.MAX_VALUE);
        IllegalStateException bug = new IllegalStateException("bug");
        assertSame(bug, assertThrows(IllegalStateException.class, () -> {
            order.submit(() -> {
                throw bug;
            }, 1, r -> {
            });
            order.finish();
        }));
    }

    @Test
    void workReachesAWorkerInBatchesInOrder() throws InterruptedException {
        InOrder order = new InOrder(2, 64, Long.MAX_VALUE);
        List<String> ran = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < InOrder.BATCH - 1; i++) {
            int n = i;
            order.submit(() -> ran.add(n + " " + Thread.currentThread().getName()), 1, r -> { });
        }
        Thread.sleep(100);
        assertEquals(List.of(), ran, "gathered, not yet handed to a worker");
        order.submit(() -> ran.add((InOrder.BATCH - 1) + " " + Thread.currentThread().getName()), 1, r -> { });
        order.finish();
        assertEquals(InOrder.BATCH, ran.size());
        String worker = ran.get(0).split(" ")[1];
        for (int i = 0; i < ran.size(); i++) {
            assertEquals(i + " " + worker, ran.get(i), "one worker, in order");
        }
    }

    @Test
    void deliveringWhatIsDoneHandsOverWhatWasGathered() throws InterruptedException {
        InOrder order = new InOrder(1, 64, Long.MAX_VALUE);
        AtomicInteger ran = new AtomicInteger();
        int[] delivered = {0};
        order.submit(ran::incrementAndGet, 1, r -> delivered[0]++);
        long until = System.nanoTime() + 10_000_000_000L;
        while (delivered[0] == 0 && System.nanoTime() < until) {
            order.deliverDone(); // a live capture's periodic call: the one step must not wait for a full batch
            Thread.sleep(5);
        }
        assertEquals(1, delivered[0]);
        assertEquals(1, ran.get());
        order.finish();
    }
}
