package org.kwire.delivery;

import org.kwire.report.FrameOrder;
import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Pairs produced batches with their first consumer fetch, per topic-partition ({@link PartitionLedger}'s rule), and
 * counts the outcomes per topic: from the exchanges of one analysis, in capture order ({@link #onExchange}: the
 * report's {@code end_to_end} section, and the metrics' histogram through a {@link Listener}), or by joining parts
 * ({@link DeliveryPart#merge}). Topics are keyed by name, or by id while the capture has not named it (one analysis:
 * the names learned so far; joining: every name the parts learned). Bounded beyond each ledger's own bounds: at most
 * {@value #MAX_PARTITIONS} partitions (batches produced to others are counted as let go), {@value #MAX_OPEN} batches
 * produced and not delivered and {@value #MAX_FETCHED} first fetches in all; past those, the oldest in capture order
 * are let go until a tenth is free (produced ones counted as let go). Not thread-safe.
 */
public final class DeliveryTracker {

    /** Topic-partitions followed. */
    static final int MAX_PARTITIONS = 100_000;
    /** Batches produced and not yet delivered, kept in all. */
    static final int MAX_OPEN = 100_000;
    /** First fetches of batches whose produce was not seen, kept in all. */
    static final int MAX_FETCHED = 100_000;

    /** Told each delivery, as it is paired (the metrics' histogram). */
    @FunctionalInterface
    public interface Listener {
        /**
         * @param topic         the topic as keyed (name, or id)
         * @param latencyMicros Produce response to first consumer Fetch response, µs (0 if the fetch came first)
         */
        void delivered(String topic, long latencyMicros);
    }

    private final UnaryOperator<String> names;
    private final FrameOrder order;
    private final Listener listener;
    private final Map<String, PartitionLedger> ledgers = new HashMap<>();
    private final Map<String, TopicTally> tallies = new TreeMap<>();
    private long open;
    private long fetched;
    /** The last response frame of an exchange this slice left out (its boundary's, counted by the merge); -1 none. */
    private long leftOut = -1;
    private final PartitionLedger.Hold hold = p -> leftOut >= p.requestFrame();

    private DeliveryTracker(UnaryOperator<String> names, FrameOrder order, Listener listener) {
        this.names = names;
        this.order = order;
        this.listener = listener;
    }

    /**
     * The tracker of one analysis.
     *
     * @param topics   the topic names learned from the capture so far (shared with the frame summarizer)
     * @param listener told each delivery; null for none
     */
    public DeliveryTracker(TopicNames topics, Listener listener) {
        this(key -> topics.display(null, key), FrameOrder.NATURAL, listener);
    }

    /** A tracker that joins parts whose frames are in {@code order}. */
    static DeliveryTracker joining(FrameOrder order, UnaryOperator<String> names) {
        return new DeliveryTracker(names, order, null);
    }

    /** Adds the exchange's produced and fetched batches, after every exchange before it in capture order. */
    public void onExchange(ExchangeSummary e) {
        BatchEvents.of(e, new BatchEvents.Sink() {
            @Override
            public void produced(String topic, String topicId, int partition, ProducedBatch p) {
                String t = topic != null ? topic : names.apply(topicId);
                PartitionLedger l = ledger(t, partition);
                if (l == null) {
                    tally(t).produced(1);
                    tally(t).omitted(p);
                    return;
                }
                count(l, () -> l.produced(p, tally(t), hold));
            }

            @Override
            public void fetched(String topic, String topicId, int partition, FetchedBatch f) {
                String t = topic != null ? topic : names.apply(topicId);
                PartitionLedger l = ledger(t, partition);
                if (l != null) {
                    count(l, () -> l.fetched(f, tally(t), hold));
                }
            }
        });
        bound();
    }

    /**
     * An exchange this slice leaves out of its report, at a boundary (a merge replays it): its response may be the
     * first fetch of a batch produced in the slice, so pairings of batches whose Produce request came before it wait
     * for the report ({@link PartitionLedger.Hold}).
     */
    public void onLeftOut(ExchangeSummary e) {
        if (e.response() != null) {
            leftOut = Math.max(leftOut, e.response().frame().lastPacket());
        }
    }

    /**
     * Joins a part's state in (its topics' outcomes are not added: {@link DeliveryPart#merge} adds them).
     *
     * @param pair whether batches are paired across the parts now ({@link PartitionLedger#absorb}) or left to wait
     *             side by side ({@link PartitionLedger#join})
     */
    void absorb(DeliveryPart p, boolean pair) {
        for (DeliveryPart.PartitionState s : p.partitions()) {
            String t = names.apply(s.topic());
            PartitionLedger other = PartitionLedger.of(t, s);
            PartitionLedger l = ledger(t, s.partition());
            if (l == null) {
                other.open().forEach(tally(t)::omitted);
            } else {
                count(l, () -> {
                    if (pair) {
                        l.absorb(other, order, tally(t), PartitionLedger.Hold.NEVER);
                    } else {
                        l.join(other, order, tally(t));
                    }
                });
            }
        }
        bound();
    }

    /** The state so far: each partition's, and the outcomes counted by this tracker per topic. */
    public DeliveryPart part() {
        List<PartitionLedger> all = new ArrayList<>(ledgers.values());
        all.sort(Comparator.comparing((PartitionLedger l) -> l.topic).thenComparingInt(l -> l.partition));
        List<DeliveryPart.TopicPart> topics = new ArrayList<>();
        tallies.values().stream().filter(t -> !t.empty()).forEach(t -> topics.add(t.part()));
        return new DeliveryPart(all.stream().map(PartitionLedger::state).toList(), topics);
    }

    /** The ledger of a partition, made if new; null past {@link #MAX_PARTITIONS}. */
    private PartitionLedger ledger(String topic, int partition) {
        String key = topic + '\0' + partition;
        PartitionLedger l = ledgers.get(key);
        if (l == null && ledgers.size() < MAX_PARTITIONS) {
            l = new PartitionLedger(topic, partition);
            ledgers.put(key, l);
        }
        return l;
    }

    private TopicTally tally(String topic) {
        return tallies.computeIfAbsent(topic, t -> new TopicTally(t, listener));
    }

    /** Runs a change of {@code l}, keeping the totals. */
    private void count(PartitionLedger l, Runnable change) {
        int o = l.openCount();
        int f = l.fetchedCount();
        change.run();
        open += l.openCount() - o;
        fetched += l.fetchedCount() - f;
    }

    /** An entry a ledger keeps: a batch produced and not delivered, or a first fetch. */
    private record Held(PartitionLedger ledger, long frame, long baseOffset) {
    }

    /** Past a bound in all, the oldest in capture order let go until a tenth of it is free. */
    private void bound() {
        if (open > MAX_OPEN) {
            List<Held> all = new ArrayList<>();
            ledgers.values().forEach(l -> l.open().forEach(p -> all.add(new Held(l, p.frame(), p.baseOffset()))));
            for (Held h : oldest(all, open - MAX_OPEN * 9 / 10)) {
                tally(h.ledger.topic).omitted(h.ledger.dropOpen(h.baseOffset));
            }
            open = MAX_OPEN * 9 / 10;
        }
        if (fetched > MAX_FETCHED) {
            List<Held> all = new ArrayList<>();
            ledgers.values().forEach(l -> l.fetched().forEach(f -> all.add(new Held(l, f.frame(), f.baseOffset()))));
            for (Held h : oldest(all, fetched - MAX_FETCHED * 9 / 10)) {
                h.ledger.dropFetched(h.baseOffset);
            }
            fetched = MAX_FETCHED * 9 / 10;
        }
    }

    /** The {@code n} entries of the earliest frames (ties: by topic, partition, base offset). */
    private List<Held> oldest(List<Held> all, long n) {
        all.sort((a, b) -> {
            int c = order.compare(a.frame, b.frame);
            c = c != 0 ? c : a.ledger.topic.compareTo(b.ledger.topic);
            c = c != 0 ? c : Integer.compare(a.ledger.partition, b.ledger.partition);
            return c != 0 ? c : Long.compare(a.baseOffset, b.baseOffset);
        });
        return all.subList(0, (int) Math.min(n, all.size()));
    }
}
