package org.kwire.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per topic-partition counters and the topic id → name map learned from the capture. Requests of Produce v13+ and
 * Fetch v13+ name topics by id only; they are reported under the name a Metadata, DescribeTopicPartitions or
 * CreateTopics response gave that id anywhere in the capture, else under the id.
 */
final class TopicPartitions {

    /**
     * KRaft's metadata log: the topic id Kafka fixes for {@code __cluster_metadata} ({@code Uuid.METADATA_TOPIC_ID},
     * 0x...01), which controllers' Fetch requests use and no Metadata response names.
     */
    static final String METADATA_TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAAQ";

    private final Map<String, String> names = new HashMap<>(Map.of(METADATA_TOPIC_ID, "__cluster_metadata"));
    private final Map<String, Entry> entries = new HashMap<>();

    /** Counters of one partition, keyed by the topic as first seen (name or id). */
    static final class Entry {
        final String topic;
        final String topicId;
        final int partition;
        final Map<String, Long> requests = new TreeMap<>();
        final RecordAccumulator produce = new RecordAccumulator();
        final RecordAccumulator fetch = new RecordAccumulator();
        boolean hasProduce;
        boolean hasFetch;
        long crcValid;
        long crcInvalid;

        Entry(String topic, String topicId, int partition) {
            this.topic = topic;
            this.topicId = topicId;
            this.partition = partition;
        }
    }

    void topicId(String id, String name) {
        names.put(id, name);
    }

    /** The topic's name if known (given, or learned for its id), else its id. */
    String display(String topic, String topicId) {
        if (topic != null) {
            return topic;
        }
        return topicId == null ? null : names.getOrDefault(topicId, topicId);
    }

    /** The entry of a topic-partition (created on first use). */
    Entry entry(String topic, String topicId, int partition) {
        String key = (topic != null ? "n:" + topic : "i:" + topicId) + "/" + partition;
        return entries.computeIfAbsent(key, k -> new Entry(topic, topicId, partition));
    }

    /** The partitions, entries of the same resolved topic merged, sorted by topic then partition. */
    List<PartitionStats> stats() {
        Map<String, PartitionStats> merged = new TreeMap<>();
        Map<String, String> idsOfNames = new HashMap<>();
        names.forEach((id, name) -> idsOfNames.put(name, id));
        for (Entry e : entries.values()) {
            String topic = e.topic != null ? e.topic : names.get(e.topicId);
            String id = e.topicId != null ? e.topicId : idsOfNames.get(e.topic);
            String key = (topic != null ? topic : id) + "\u0000" + String.format("%010d", e.partition);
            Map<String, Long> requests = new TreeMap<>(e.requests);
            RecordStats produce = e.hasProduce ? e.produce.toStats() : null;
            RecordStats fetch = e.hasFetch ? e.fetch.toStats() : null;
            long crcValid = e.crcValid;
            long crcInvalid = e.crcInvalid;
            PartitionStats old = merged.get(key);
            if (old != null) {
                old.requests().forEach((api, n) -> requests.merge(api, n, Long::sum));
                produce = RecordAccumulator.merge(old.produce(), produce);
                fetch = RecordAccumulator.merge(old.fetch(), fetch);
                crcValid += old.crcValid();
                crcInvalid += old.crcInvalid();
            }
            merged.put(key, new PartitionStats(topic, id, e.partition, requests, produce, fetch, crcValid, crcInvalid));
        }
        List<PartitionStats> out = new ArrayList<>(merged.values());
        out.sort(Comparator.comparing((PartitionStats p) -> p.topic() != null ? p.topic() : p.topicId())
                .thenComparingInt(PartitionStats::partition));
        return out;
    }
}
