package org.kwire.report;

import java.util.Map;

/**
 * One topic, summed over its partitions.
 *
 * @param topic          topic name, or null if only its id is known
 * @param topicId        topic id (Kafka's base64 form), or null
 * @param partitions     partitions seen
 * @param requests       requests naming it, by API name (a request naming several of its partitions counts once)
 * @param producedRecords records Produce requests carried (sent; what became of them: the next three)
 * @param producedBytes  bytes of those record batches as on the wire
 * @param fetchedRecords records Fetch and ShareFetch responses returned
 * @param fetchedBytes   bytes of those record batches as on the wire
 * @param errors         non-zero error codes in responses naming it
 * @param ackedRecords   of the produced records, those a response acknowledged with error code 0 (written)
 * @param rejectedRecords those a response answered with a non-zero error code
 * @param unconfirmedRecords those no captured response answered (acks=0, connection closed, capture ended)
 */
public record TopicStats(String topic, String topicId, long partitions, Map<String, Long> requests, long producedRecords,
                         long producedBytes, long fetchedRecords, long fetchedBytes, long errors, long ackedRecords,
                         long rejectedRecords, long unconfirmedRecords) {
}
