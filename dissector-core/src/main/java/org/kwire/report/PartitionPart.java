package org.kwire.report;

import java.util.Map;
import java.util.TreeMap;

/**
 * The mergeable state of one topic-partition as the frames named it (by name or by id): its counters add up; ids are
 * resolved to names only when the report is built, with every name the capture gave.
 *
 * @param topic      topic name as the frames gave it, or null
 * @param topicId    topic id as the frames gave it (when they gave no name), or null
 * @param partition  partition index
 * @param requests   requests naming it, by API name
 * @param produce    what Produce requests carried, or null
 * @param fetch      what Fetch and ShareFetch responses returned, or null
 * @param crcValid   batches whose checksum matched
 * @param crcInvalid batches whose checksum did not
 */
public record PartitionPart(String topic, String topicId, int partition, Map<String, Long> requests, RecordStats produce,
                            RecordStats fetch, long crcValid, long crcInvalid) {

    /** The key entries are merged by: the topic as the frames named it, and the partition. */
    String key() {
        return (topic != null ? "n:" + topic : "i:" + topicId) + "/" + partition;
    }

    PartitionPart merge(PartitionPart o) {
        Map<String, Long> r = new TreeMap<>(requests);
        o.requests.forEach((k, v) -> r.merge(k, v, Long::sum));
        return new PartitionPart(topic, topicId, partition, r, RecordAccumulator.merge(produce, o.produce),
                RecordAccumulator.merge(fetch, o.fetch), crcValid + o.crcValid, crcInvalid + o.crcInvalid);
    }
}
