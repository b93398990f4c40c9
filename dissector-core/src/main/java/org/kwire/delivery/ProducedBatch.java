package org.kwire.delivery;

/**
 * A record batch that a Produce response placed in its partition: the partition's {@code BaseOffset} in the response
 * (ProduceResponse.json) and the offsets its record set takes in the request. Immutable.
 *
 * @param baseOffset   the response's {@code BaseOffset}: the offset of the batch's first record
 * @param lastOffset   the offset of its last record: {@code baseOffset} + the offsets the request's batches take - 1
 *                     (each batch's {@code lastOffsetDelta} + 1)
 * @param requestFrame the Produce request's frame (its first packet): no fetch of the batch comes before it
 * @param frame        the Produce response's frame (its last packet)
 * @param timeNanos    capture time of that packet, epoch ns
 */
public record ProducedBatch(long baseOffset, long lastOffset, long requestFrame, long frame, long timeNanos) {
}
