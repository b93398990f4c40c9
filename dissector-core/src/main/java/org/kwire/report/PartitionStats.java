package org.kwire.report;

import java.util.Map;

/**
 * One topic-partition.
 *
 * @param topic     topic name, or null if only its id was seen and no Metadata/DescribeTopicPartitions response in
 *                  the capture named it
 * @param topicId   topic id in Kafka's base64 form, or null if only the name was seen
 * @param partition partition index
 * @param requests  requests naming it, by API name (Produce, Fetch, ListOffsets, OffsetCommit, OffsetFetch)
 * @param produce   record batches Produce requests carried for it, or null if none
 * @param fetch     record batches Fetch and ShareFetch responses returned for it, or null if none
 * @param crcValid  batches (and legacy messages) whose checksum matched, both directions
 * @param crcInvalid batches whose checksum did not match (listed in the report's crc_failures)
 */
public record PartitionStats(String topic, String topicId, int partition, Map<String, Long> requests, RecordStats produce,
                             RecordStats fetch, long crcValid, long crcInvalid) {
}
