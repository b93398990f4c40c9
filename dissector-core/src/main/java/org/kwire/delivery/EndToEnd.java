package org.kwire.delivery;

import org.kwire.report.FrameOrder;
import org.kwire.report.LatencySummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The report's {@code end_to_end} section (issue 22, item 4): per topic, the time from each produced batch's Produce
 * response (its offsets given) to the first consumer Fetch response that delivered it ({@link PartitionLedger}'s
 * pairing), and the same deliveries measured from the records' own CreateTime. Built from a {@link DeliveryPart}.
 * Immutable.
 *
 * @param topics per topic, sorted by name (an id the capture never named stays an id)
 */
public record EndToEnd(List<TopicDelivery> topics) {

    /**
     * One topic's produced batches and their deliveries. {@code producedBatches} = {@code deliveredBatches} +
     * {@code undeliveredBatches} + {@code omittedBatches}.
     *
     * @param producedBatches                batches Produce responses placed (each once)
     * @param deliveredBatches               of those, delivered to a consumer in the capture
     * @param undeliveredBatches             of those, no consumer Fetch response delivered them
     * @param omittedBatches                 of those, let go undelivered past the bounds (a warning says so)
     * @param deliveredBeforeProduceResponse delivered by a Fetch response that came before the Produce response
     *                                       (counted 0 µs in {@code latency})
     * @param latency                        Produce response to first consumer Fetch response, µs, of the delivered
     *                                       batches; null if none
     * @param createTime                     the records' view: the batch's CreateTime to that Fetch response
     */
    public record TopicDelivery(String topic, long producedBatches, long deliveredBatches, long undeliveredBatches,
                                long omittedBatches, long deliveredBeforeProduceResponse, LatencySummary latency,
                                CreateTime createTime) {
    }

    /**
     * The delivered batches measured from their records' CreateTime (the producer's clock, ms) to the capture time of
     * the Fetch response that delivered them (the capture host's clock): the time a record waited in the producer
     * (linger, batching) included, but only as right as the two clocks agree.
     *
     * @param batches            delivered batches measured ({@code deliveredBatches} less the two counts below)
     * @param withoutCreateTime  delivered batches whose timestamps are not the producer's (LogAppendTime, or a magic 0
     *                           message without any)
     * @param clockAhead         delivered batches whose max timestamp is after the Fetch response's capture time:
     *                           the producer's clock ahead of the capture's; left out
     * @param fromFirstTimestamp from the batch's first timestamp (its first record's), µs; null if none
     * @param fromMaxTimestamp   from the batch's max timestamp (its newest record's), µs; null if none
     */
    public record CreateTime(long batches, long withoutCreateTime, long clockAhead, LatencySummary fromFirstTimestamp,
                             LatencySummary fromMaxTimestamp) {
    }

    /**
     * The section of a part: ids named with every name the capture gave them, then per topic; null if no batch was
     * produced.
     *
     * @param order the capture order of the part's frames
     * @param names a topic key's name if the capture named it, else the key
     */
    public static EndToEnd of(DeliveryPart p, FrameOrder order, UnaryOperator<String> names) {
        DeliveryPart named = p.paired(order, names);
        Map<String, Long> undelivered = new TreeMap<>();
        named.partitions().forEach(s -> undelivered.merge(s.topic(), (long) s.open().size(), Long::sum));
        List<TopicDelivery> topics = new ArrayList<>();
        for (DeliveryPart.TopicPart t : named.topics()) {
            if (t.produced() <= 0) {
                continue; // fetched only: the produce was not captured
            }
            long measured = t.delivered() - t.withoutCreateTime() - t.clockAhead();
            topics.add(new TopicDelivery(t.topic(), t.produced(), t.delivered(), undelivered.getOrDefault(t.topic(), 0L),
                    t.omitted(), t.deliveredBeforeProduceResponse(), t.latency().summary(),
                    new CreateTime(measured, t.withoutCreateTime(), t.clockAhead(), t.fromFirstTimestamp().summary(),
                            t.fromMaxTimestamp().summary())));
        }
        return topics.isEmpty() ? null : new EndToEnd(List.copyOf(topics));
    }

    /** The warning that produced batches were let go undelivered past the bounds; null if none were. */
    public String warning() {
        long n = topics.stream().mapToLong(TopicDelivery::omittedBatches).sum();
        return n == 0 ? null : "end_to_end: " + n + " produced batch(es) let go undelivered past the bounds ("
                + PartitionLedger.MAX_OPEN + " per partition, " + DeliveryTracker.MAX_OPEN + " in all not yet delivered): "
                + "counted in omitted_batches, not in undelivered_batches";
    }
}
