package org.kwire.delivery;

/**
 * A complete record batch (not a control batch) in a consumer's Fetch response: its base offset, where and when the
 * response was seen, and the batch's timestamps when they are the producer's (CreateTime). Immutable.
 *
 * @param baseOffset     the batch's {@code baseOffset}
 * @param frame          the Fetch response's frame (its last packet)
 * @param timeNanos      capture time of that packet, epoch ns
 * @param firstTimestamp the batch's first timestamp (v2 {@code baseTimestamp}), epoch ms; -1 if the batch has no
 *                       CreateTime (LogAppendTime, or a magic 0 message)
 * @param maxTimestamp   the batch's {@code maxTimestamp}, epoch ms; -1 likewise
 */
public record FetchedBatch(long baseOffset, long frame, long timeNanos, long firstTimestamp, long maxTimestamp) {
}
