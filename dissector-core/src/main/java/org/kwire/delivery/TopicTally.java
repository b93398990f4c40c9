package org.kwire.delivery;

/**
 * One topic's pairing outcomes as they come ({@link PartitionLedger.Outcomes}): batches produced, delivered (and how
 * many of those before their Produce response), let go; the Produce-response-to-Fetch-response latency of each
 * delivered batch, and its records' CreateTime to the same Fetch response. Not thread-safe.
 */
final class TopicTally implements PartitionLedger.Outcomes {

    private final String topic;
    private final DeliveryTracker.Listener listener;
    private long produced;
    private long delivered;
    private long beforeResponse;
    private long omitted;
    private long withoutCreateTime;
    private long clockAhead;
    private final Timings latency = new Timings();
    private final Timings fromFirst = new Timings();
    private final Timings fromMax = new Timings();

    /**
     * @param topic    the topic as the ledgers key it (name, or id)
     * @param listener told each delivery's latency; null for none
     */
    TopicTally(String topic, DeliveryTracker.Listener listener) {
        this.topic = topic;
        this.listener = listener;
    }

    @Override
    public void produced(int delta) {
        produced += delta;
    }

    /**
     * Latency: the Fetch response's capture time minus the Produce response's, µs; 0 when the fetch came first (then
     * also counted apart). CreateTime: the Fetch response's capture time minus the batch's first and max timestamps
     * (producer clock, ms), for batches with CreateTime whose max timestamp is not after the fetch (else counted as the
     * producer's clock ahead of the capture's).
     */
    @Override
    public void delivered(ProducedBatch p, FetchedBatch f, boolean before) {
        delivered++;
        long micros = before ? 0 : Math.max(0, f.timeNanos() - p.timeNanos()) / 1000;
        if (before) {
            beforeResponse++;
        }
        latency.record(micros);
        if (f.maxTimestamp() < 0) {
            withoutCreateTime++;
        } else if (f.timeNanos() / 1000 < f.maxTimestamp() * 1000) {
            clockAhead++;
        } else {
            fromFirst.record(Math.max(0, f.timeNanos() / 1000 - Math.max(0, f.firstTimestamp()) * 1000));
            fromMax.record(f.timeNanos() / 1000 - f.maxTimestamp() * 1000);
        }
        if (listener != null) {
            listener.delivered(topic, micros);
        }
    }

    @Override
    public void omitted(ProducedBatch p) {
        omitted++;
    }

    /** True if nothing was counted (a topic only fetched from). */
    boolean empty() {
        return produced == 0 && delivered == 0 && omitted == 0;
    }

    /** The counts so far. */
    DeliveryPart.TopicPart part() {
        return new DeliveryPart.TopicPart(topic, produced, delivered, beforeResponse, omitted, latency.part(),
                fromFirst.part(), fromMax.part(), withoutCreateTime, clockAhead);
    }
}
