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
 */
public record PartitionStats(String topic, String topicId, int partition, Map<String, Long> requests) {
}
