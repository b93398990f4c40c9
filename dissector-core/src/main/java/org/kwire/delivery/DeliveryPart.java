package org.kwire.delivery;

import org.kwire.report.FrameOrder;
import org.kwire.report.LatencyPart;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongUnaryOperator;
import java.util.function.UnaryOperator;

/**
 * The mergeable state of the report's {@code end_to_end} section: per topic-partition what is still unpaired (batches
 * produced and not yet delivered, first fetches of batches whose produce was not seen, the offsets produced), and per
 * topic the outcomes so far. Parts merge by joining their unpaired state ({@link PartitionLedger#join}: counts add up,
 * histograms are added), and the report pairs what waits ({@link #paired}: each open batch with its first fetch in
 * capture order), so a batch produced in one file and delivered in the next is paired as one analysis pairs it.
 * Topics are keyed as the frames named them (name, or id if the capture had not named the id by then); a merge keys
 * ids it can name by name and joins their states. Immutable.
 *
 * @param partitions per topic-partition, sorted by topic and partition
 * @param topics     per topic, sorted by topic
 */
public record DeliveryPart(List<PartitionState> partitions, List<TopicPart> topics) {

    /** Nothing seen (also what a partial written before this section holds). */
    public static final DeliveryPart NONE = new DeliveryPart(List.of(), List.of());

    /** Reads missing lists as empty. */
    public DeliveryPart {
        partitions = partitions == null ? List.of() : List.copyOf(partitions);
        topics = topics == null ? List.of() : List.copyOf(topics);
    }

    /**
     * One topic-partition's unpaired state ({@link PartitionLedger}).
     *
     * @param open     batches produced and not yet delivered, ascending base offset
     * @param fetched  first consumer fetches of batches whose produce was not seen, ascending base offset
     * @param produced the offsets produced, as disjoint ranges, ascending
     */
    public record PartitionState(String topic, int partition, List<ProducedBatch> open, List<FetchedBatch> fetched,
                                 List<Range> produced) {
        /** Reads missing lists as empty. */
        public PartitionState {
            open = open == null ? List.of() : List.copyOf(open);
            fetched = fetched == null ? List.of() : List.copyOf(fetched);
            produced = produced == null ? List.of() : List.copyOf(produced);
        }
    }

    /**
     * One topic's outcomes.
     *
     * @param produced                        batches produced (each once)
     * @param delivered                       of those, delivered to a consumer
     * @param deliveredBeforeProduceResponse  of those, by a Fetch response before their Produce response
     * @param omitted                         of those, let go undelivered past the bounds
     * @param latency                         Produce response to first consumer Fetch response, µs
     * @param fromFirstTimestamp              the batch's first CreateTime to that Fetch response, µs
     * @param fromMaxTimestamp                its max timestamp to that Fetch response, µs
     * @param withoutCreateTime               delivered batches without CreateTime (LogAppendTime, magic 0)
     * @param clockAhead                      delivered batches whose max timestamp is after their Fetch response
     */
    public record TopicPart(String topic, long produced, long delivered, long deliveredBeforeProduceResponse,
                            long omitted, LatencyPart latency, LatencyPart fromFirstTimestamp,
                            LatencyPart fromMaxTimestamp, long withoutCreateTime, long clockAhead) {
        /** Reads missing histograms as none. */
        public TopicPart {
            latency = latency == null ? LatencyPart.NONE : latency;
            fromFirstTimestamp = fromFirstTimestamp == null ? LatencyPart.NONE : fromFirstTimestamp;
            fromMaxTimestamp = fromMaxTimestamp == null ? LatencyPart.NONE : fromMaxTimestamp;
        }

        /** This topic's outcomes under another key. */
        TopicPart named(String name) {
            return new TopicPart(name, produced, delivered, deliveredBeforeProduceResponse, omitted, latency,
                    fromFirstTimestamp, fromMaxTimestamp, withoutCreateTime, clockAhead);
        }

        /** Both added, under {@code name}. */
        TopicPart plus(TopicPart o, String name) {
            return new TopicPart(name, produced + o.produced, delivered + o.delivered,
                    deliveredBeforeProduceResponse + o.deliveredBeforeProduceResponse, omitted + o.omitted,
                    latency.merge(o.latency), fromFirstTimestamp.merge(o.fromFirstTimestamp),
                    fromMaxTimestamp.merge(o.fromMaxTimestamp), withoutCreateTime + o.withoutCreateTime,
                    clockAhead + o.clockAhead);
        }
    }

    /**
     * Both parts (of other events: slices, a merge's replayed boundaries, in any order), joined without pairing one's
     * open batches with the other's first fetches ({@link PartitionLedger#join}): a part merged later may hold an
     * earlier first fetch. {@link #paired} pairs them, when the report is made.
     *
     * @param order the capture order of the frames both hold (numbered already as one part's)
     * @param names a topic key's name if the capture named it (an id's), else the key
     */
    public DeliveryPart merge(DeliveryPart s, FrameOrder order, UnaryOperator<String> names) {
        return combine(List.of(this, s), order, names, false);
    }

    /** This part with each open batch paired with its first fetch where both are in: the report's pairing. */
    DeliveryPart paired(FrameOrder order, UnaryOperator<String> names) {
        return combine(List.of(this), order, names, true);
    }

    private static DeliveryPart combine(List<DeliveryPart> parts, FrameOrder order, UnaryOperator<String> names,
                                        boolean pair) {
        DeliveryTracker t = DeliveryTracker.joining(order, names);
        parts.forEach(p -> t.absorb(p, pair));
        DeliveryPart joined = t.part();
        Map<String, TopicPart> topics = new TreeMap<>();
        List<TopicPart> all = new java.util.ArrayList<>(joined.topics);
        parts.forEach(p -> all.addAll(p.topics));
        for (TopicPart p : all) {
            String name = names.apply(p.topic);
            topics.merge(name, p.named(name), (x, y) -> x.plus(y, name));
        }
        return new DeliveryPart(joined.partitions, List.copyOf(topics.values()));
    }

    /** This part with its frame numbers mapped. */
    public DeliveryPart mapFrames(LongUnaryOperator frame) {
        return new DeliveryPart(partitions.stream().map(s -> new PartitionState(s.topic, s.partition,
                s.open.stream().map(p -> new ProducedBatch(p.baseOffset(), p.lastOffset(),
                        frame.applyAsLong(p.requestFrame()), frame.applyAsLong(p.frame()), p.timeNanos())).toList(),
                s.fetched.stream().map(f -> new FetchedBatch(f.baseOffset(), frame.applyAsLong(f.frame()), f.timeNanos(),
                        f.firstTimestamp(), f.maxTimestamp())).toList(), s.produced)).toList(), topics);
    }
}
