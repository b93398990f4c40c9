package org.kwire.report;

import org.kwire.frame.FrameInfo;
import org.kwire.protocol.KafkaRequestHeader;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.WaitClassifier;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The report's {@code slowest}: the N matched exchanges with the highest latency, kept in a bounded heap; of equal
 * latencies the earlier request frame is the slower (so that the list does not depend on the order exchanges end in,
 * and parts merge into it: {@link #merge}).
 */
final class SlowestExchanges {

    private final int count;
    /** Slowest first, in one analysis's frame order. */
    private static final Comparator<SlowExchange> SLOWEST_FIRST = order(FrameOrder.NATURAL);
    private final PriorityQueue<SlowExchange> heap = new PriorityQueue<>(SLOWEST_FIRST.reversed());
    /**
     * The group of each kept exchange whose group's rebalance timeout was not met ({@link GroupWaits}); by identity (the
     * heap's own instances), which spares hashing a sixteen-component record (its generated hashCode links through
     * {@code ObjectMethods} at first use: docs/PERFORMANCE.md, "Start-up against tshark").
     */
    private final Map<SlowExchange, String> unresolved = new IdentityHashMap<>();

    /** @param count how many to keep (0: none) */
    SlowestExchanges(int count) {
        this.count = count;
    }

    /**
     * Considers a matched exchange (request and response seen), with its wait and the group whose rebalance timeout
     * the wait lacks (null if none).
     */
    void offer(ExchangeSummary e, String apiName, WaitClassifier.Wait wait, String unresolvedGroup) {
        long latency = e.latencyMicros();
        if (count <= 0 || latency < 0 || heap.size() == count && (heap.peek().latencyUs() > latency
                || heap.peek().latencyUs() == latency && heap.peek().requestFrame() < e.request().frame().lastPacket())) {
            return;
        }
        KafkaRequestHeader h = e.requestHeader();
        FrameInfo req = e.request().frame();
        SlowExchange s = new SlowExchange(apiName, h.apiVersion(), h.correlationId(), latency, req.lastPacket(),
                e.response().frame().lastPacket(), Instant.ofEpochSecond(0, req.lastTimestampNanos()).toString(),
                e.conversation().id(), e.conversation().client(), e.conversation().broker(), h.clientId(),
                wait.waitMs() < 0 ? null : wait.waitMs(), wait.kind(), wait.empty(), wait.longPoll(), wait.expected());
        heap.add(s);
        if (unresolvedGroup != null) {
            unresolved.put(s, unresolvedGroup);
        }
        if (heap.size() > count) {
            unresolved.remove(heap.poll());
        }
    }

    /** The exchanges kept, slowest first. */
    List<SlowExchange> list() {
        List<SlowExchange> out = new ArrayList<>(heap);
        out.sort(SLOWEST_FIRST);
        return out;
    }

    /** The kept exchanges whose group's rebalance timeout was not met, slowest first. */
    List<GroupWaits.Pending> unresolved() {
        List<GroupWaits.Pending> out = new ArrayList<>();
        for (SlowExchange s : list()) {
            String group = unresolved.get(s);
            if (group != null) {
                out.add(new GroupWaits.Pending(s.requestFrame(), s.stream(), s.correlationId(), group));
            }
        }
        return out;
    }

    /** Slowest first: by latency, then the earlier request frame first. */
    static Comparator<SlowExchange> order(FrameOrder frames) {
        return Comparator.comparingLong(SlowExchange::latencyUs).reversed()
                .thenComparing(SlowExchange::requestFrame, frames::compare);
    }

    /** The {@code count} slowest of two lists. */
    static List<SlowExchange> merge(List<SlowExchange> a, List<SlowExchange> b, int count, FrameOrder frames) {
        List<SlowExchange> all = new ArrayList<>(a);
        all.addAll(b);
        all.sort(order(frames));
        return List.copyOf(all.subList(0, Math.min(count, all.size())));
    }

    /** An exchange with its frames and stream mapped. */
    static SlowExchange map(SlowExchange s, java.util.function.LongUnaryOperator frames, java.util.function.IntUnaryOperator streams) {
        return new SlowExchange(s.api(), s.apiVersion(), s.correlationId(), s.latencyUs(), frames.applyAsLong(s.requestFrame()),
                frames.applyAsLong(s.responseFrame()), s.timestamp(), streams.applyAsInt(s.stream()), s.client(), s.broker(),
                s.clientId(), s.waitMs(), s.waitKind(), s.empty(), s.longPoll(), s.expectedWait());
    }
}
