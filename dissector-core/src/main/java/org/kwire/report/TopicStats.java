package org.kwire.report;

import java.util.Map;

/**
 * One topic, summed over its partitions.
 *
 * @param topic          topic name, or null if only its id is known
 * @param topicId        topic id (Kafka's base64 form), or null
 * @param partitions     partitions seen
 * @param requests       requests naming it, by API name (a request naming several of its partitions counts once)
 * @param producedRecords records Produce requests carried
 * @param producedBytes  bytes of those record batches as on the wire
 * @param fetchedRecords records Fetch and ShareFetch responses returned
 * @param fetchedBytes   bytes of those record batches as on the wire
 * @param errors         non-zero error codes in responses naming it
 */
public record TopicStats(String topic, String topicId, long partitions, Map<String, Long> requests, long producedRecords,
                         long producedBytes, long fetchedRecords, long fetchedBytes, long errors) {
}
