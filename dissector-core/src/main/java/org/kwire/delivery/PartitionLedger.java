package org.kwire.delivery;

import org.kwire.report.FrameOrder;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One topic-partition's end-to-end pairing: the batches produced and not yet delivered, the first consumer fetches of
 * batches whose produce was not seen, and the offsets produced so far. The rule, by base offset (a broker keeps a
 * produced batch whole and a Fetch response hands out whole batches, so a batch is fetched under the base offset its
 * Produce response gave):
 * <ul>
 * <li>a produced batch is delivered by the first consumer Fetch response, in capture order, holding a batch of its
 * partition with its base offset; a produced batch is counted once (a repeated Produce response for offsets already
 * produced, as an idempotent producer's retry gets, is not counted again);</li>
 * <li>that first fetch may come before the Produce response (the broker answers the consumer first): the batch is
 * then delivered "before its produce response";</li>
 * <li>a fetched batch whose produce was not seen, or not yet, is kept (its first fetch) until a Produce response
 * gives its base offset; one inside the offsets already produced (delivered before, or not a batch's first offset)
 * is let go.</li>
 * </ul>
 * One analysis adds each event, in capture order, as a ledger of its own ({@link #absorb}): a batch is paired as soon
 * as both its produce and its first fetch are in. Parts of the same partition with other events (slices of a capture,
 * a merge's replayed boundaries, a topic named by id in some frames and by name in others) are joined without pairing
 * ({@link #join}), and paired when the report is made, once every part is in: a slice's part cannot know that a
 * replayed boundary holds an earlier first fetch. For the same reason a slice holds a pairing back ({@link Hold})
 * while a fetch of its own boundary, left out of it, may have come first. Exact but for what joined ledgers cannot
 * tell apart: a batch one delivered and the other produced again (the earlier produce stays the one counted,
 * whichever it was), or delivered by a fetch that the other's first fetch of it preceded (neither happens in one
 * capture point's files: a batch is fetched after its Produce request). Bounded: {@value #MAX_OPEN} batches produced
 * and not delivered (past it the lowest base offsets are let go, {@link Outcomes#omitted}), {@value #MAX_FETCHED}
 * first fetches (the highest base offsets: those a later Produce response or an earlier slice's open batches can
 * still pair with), {@value #MAX_RANGES} ranges of produced offsets (past it the lowest gap is filled: fetches in it
 * are let go). Not thread-safe.
 */
final class PartitionLedger {

    /** Batches produced and not delivered, kept per partition. */
    static final int MAX_OPEN = 10_000;
    /** First fetches of batches whose produce was not seen, kept per partition. */
    static final int MAX_FETCHED = 10_000;
    /** Ranges of produced offsets kept per partition (gaps: transaction markers, producers not captured). */
    static final int MAX_RANGES = 64;

    /** What pairing finds, for the partition's topic. */
    interface Outcomes {
        /** A batch produced (+1), or one found to repeat a batch counted already (-1). */
        void produced(int delta);

        /**
         * A produced batch and its first consumer fetch.
         *
         * @param beforeResponse true if the fetch came first in capture order
         */
        void delivered(ProducedBatch p, FetchedBatch f, boolean beforeResponse);

        /** A produced batch let go undelivered past {@link #MAX_OPEN} (or the tracker's bounds). */
        void omitted(ProducedBatch p);
    }

    final String topic;
    final int partition;
    private final TreeMap<Long, ProducedBatch> open = new TreeMap<>();
    private final TreeMap<Long, FetchedBatch> fetched = new TreeMap<>();
    /** Produced offsets: first offset -> last, disjoint and not adjacent. */
    private final TreeMap<Long, Long> ranges = new TreeMap<>();

    PartitionLedger(String topic, int partition) {
        this.topic = topic;
        this.partition = partition;
    }

    /** A ledger holding a part's state. */
    static PartitionLedger of(String topic, DeliveryPart.PartitionState s) {
        PartitionLedger l = new PartitionLedger(topic, s.partition());
        s.open().forEach(p -> l.open.put(p.baseOffset(), p));
        s.fetched().forEach(f -> l.fetched.put(f.baseOffset(), f));
        s.produced().forEach(r -> l.ranges.put(r.first(), r.last()));
        return l;
    }

    /**
     * One analysis: a batch a Produce response placed, after every event before it in capture order.
     *
     * @param hold whether a pairing of an open batch must wait for the report (see {@link #absorb})
     */
    void produced(ProducedBatch p, Outcomes out, Hold hold) {
        long b = p.baseOffset();
        if (!covers(b) && open.subMap(b, true, p.lastOffset(), true).isEmpty()
                && fetched.subMap(b, true, p.lastOffset(), true).isEmpty()) { // the usual case, as absorb would do it
            out.produced(1);
            open.put(b, p);
            addRange(b, p.lastOffset());
            trim(out);
            return;
        }
        PartitionLedger one = new PartitionLedger(topic, partition);
        one.open.put(p.baseOffset(), p);
        one.ranges.put(p.baseOffset(), p.lastOffset());
        out.produced(1);
        absorb(one, FrameOrder.NATURAL, out, hold);
    }

    /** One analysis: a batch a consumer's Fetch response held, after every event before it in capture order. */
    void fetched(FetchedBatch f, Outcomes out, Hold hold) {
        long k = f.baseOffset();
        ProducedBatch p = open.get(k);
        if (p != null && !fetched.containsKey(k) && !hold.hold(p)) { // the usual cases, as absorb would do them
            open.remove(k);
            out.delivered(p, f, FrameOrder.NATURAL.compare(f.frame(), p.frame()) < 0);
            return;
        }
        if (p == null && covers(k)) {
            return;
        }
        PartitionLedger one = new PartitionLedger(topic, partition);
        one.fetched.put(f.baseOffset(), f);
        absorb(one, FrameOrder.NATURAL, out, hold);
    }

    /** Whether the pairing of an open batch must wait (its first fetch may be in events not seen yet). */
    @FunctionalInterface
    interface Hold {
        /** Never: every event is in. */
        Hold NEVER = p -> false;

        boolean hold(ProducedBatch p);
    }

    /**
     * Adds the events of {@code o} (the same partition, other events) as one ledger of both would hold them
     * ({@link #join}), then pairs each open batch of the base offsets {@code o} holds with its first fetch, unless
     * {@code hold} says to wait: then both stay, side by side, for a later {@code absorb} to pair.
     */
    void absorb(PartitionLedger o, FrameOrder order, Outcomes out, Hold hold) {
        join(o, order, out);
        for (Long k : keys(o)) {
            ProducedBatch p = open.get(k);
            FetchedBatch f = fetched.get(k);
            if (p != null && f != null && !hold.hold(p)) {
                open.remove(k);
                fetched.remove(k);
                out.delivered(p, f, order.compare(f.frame(), p.frame()) < 0);
            }
        }
    }

    /** The base offsets {@code o} holds a batch or a first fetch of. */
    private static List<Long> keys(PartitionLedger o) {
        List<Long> k = new ArrayList<>(o.open.keySet());
        k.addAll(o.fetched.keySet());
        return k;
    }

    /**
     * Adds the events of {@code o} without pairing: a batch produced in both counted once (the earlier stays; one
     * that the other ledger delivered, or holds inside one of its batches, is let go), each base offset's earlier first
     * fetch kept, a first fetch inside offsets the other ledger produced and delivered let go, the produced offsets
     * joined; then the bounds. An open batch and a first fetch of the same base offset may then wait side by side
     * (parts whose events may come before some of the other's: a merge's replayed boundaries, added after the
     * slices), for {@link #absorb} to pair them once every part is in.
     */
    void join(PartitionLedger o, FrameOrder order, Outcomes out) {
        for (ProducedBatch p : o.open.values()) {
            ProducedBatch mine = open.get(p.baseOffset());
            if (mine != null || covers(p.baseOffset())) {
                out.produced(-1);
                if (mine != null && order.compare(p.frame(), mine.frame()) < 0) {
                    open.put(p.baseOffset(), p);
                }
            } else {
                open.put(p.baseOffset(), p);
            }
        }
        dropDelivered(o, out);
        for (FetchedBatch f : o.fetched.values()) {
            if (!covers(f.baseOffset()) || open.containsKey(f.baseOffset())) {
                FetchedBatch mine = fetched.get(f.baseOffset());
                if (mine == null || order.compare(f.frame(), mine.frame()) < 0) {
                    fetched.put(f.baseOffset(), f);
                }
            }
        }
        for (Map.Entry<Long, Long> r : o.ranges.entrySet()) {
            fetched.subMap(r.getKey(), true, r.getValue(), true).keySet().removeIf(k -> !open.containsKey(k));
            addRange(r.getKey(), r.getValue());
        }
        trim(out);
    }

    /** Lets this ledger's open batches go that {@code o} delivered (or holds inside one of its batches): counted twice. */
    private void dropDelivered(PartitionLedger o, Outcomes out) {
        for (Map.Entry<Long, Long> r : o.ranges.entrySet()) {
            Iterator<ProducedBatch> it = open.subMap(r.getKey(), true, r.getValue(), true).values().iterator();
            while (it.hasNext()) {
                if (!o.open.containsKey(it.next().baseOffset())) {
                    it.remove();
                    out.produced(-1);
                }
            }
        }
    }

    /** True if a batch produced here holds {@code offset}. */
    private boolean covers(long offset) {
        Map.Entry<Long, Long> e = ranges.floorEntry(offset);
        return e != null && e.getValue() >= offset;
    }

    private void addRange(long first, long last) {
        Map.Entry<Long, Long> below = ranges.floorEntry(first);
        if (below != null && below.getValue() >= first - 1) {
            first = below.getKey();
            last = Math.max(last, below.getValue());
        }
        Iterator<Map.Entry<Long, Long>> it = ranges.subMap(first, true, last + 1, true).entrySet().iterator();
        while (it.hasNext()) {
            last = Math.max(last, it.next().getValue());
            it.remove();
        }
        ranges.put(first, last);
    }

    private void trim(Outcomes out) {
        while (open.size() > MAX_OPEN) {
            out.omitted(open.pollFirstEntry().getValue());
        }
        while (fetched.size() > MAX_FETCHED) {
            fetched.pollFirstEntry();
        }
        while (ranges.size() > MAX_RANGES) { // the lowest gap filled
            Map.Entry<Long, Long> a = ranges.pollFirstEntry();
            Map.Entry<Long, Long> b = ranges.pollFirstEntry();
            fetched.subMap(a.getValue() + 1, true, b.getKey() - 1, true).clear();
            ranges.put(a.getKey(), b.getValue());
        }
    }

    /** Lets an open batch go (the tracker's bound); null if it is not open. */
    ProducedBatch dropOpen(long baseOffset) {
        return open.remove(baseOffset);
    }

    /** Lets a first fetch go (the tracker's bound). */
    void dropFetched(long baseOffset) {
        fetched.remove(baseOffset);
    }

    /** Batches produced and not delivered, ascending base offset. */
    List<ProducedBatch> open() {
        return List.copyOf(open.values());
    }

    /** First fetches of batches whose produce was not seen, ascending base offset. */
    List<FetchedBatch> fetched() {
        return List.copyOf(fetched.values());
    }

    int openCount() {
        return open.size();
    }

    int fetchedCount() {
        return fetched.size();
    }

    /** The state a part keeps. */
    DeliveryPart.PartitionState state() {
        List<Range> r = new ArrayList<>(ranges.size());
        ranges.forEach((a, b) -> r.add(new Range(a, b)));
        return new DeliveryPart.PartitionState(topic, partition, open(), fetched(), r);
    }
}
