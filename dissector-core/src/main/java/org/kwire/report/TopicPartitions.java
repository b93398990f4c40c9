package org.kwire.report;

import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Per topic-partition counters. Requests of Produce v13+ and Fetch v13+ name topics by id only; at the end they are
 * reported under the name the capture gave that id ({@link TopicNames}), else under the id, entries of one topic seen
 * by name and by id merged.
 */
final class TopicPartitions {

    /** Partitions below this are found through {@link #byName} and {@link #byId}. */
    private static final int INDEXED = 256;

    private final TopicNames names;
    private final Map<String, Entry> entries = new HashMap<>();
    /**
     * The same entries by topic name and by topic id, then by partition (0 .. 255; others by key string only), so that
     * finding one builds no key string (asked for every partition of every produce and fetch); {@link #entries} keeps
     * the order. An index array is at most 2 KiB per topic, a hostile partition number cannot make it larger.
     */
    private final Map<String, Entry[]> byName = new HashMap<>();
    private final Map<String, Entry[]> byId = new HashMap<>();

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

    TopicPartitions(TopicNames names) {
        this.names = names;
    }

    /** The entry of a topic-partition (created on first use). */
    Entry entry(String topic, String topicId, int partition) {
        Map<String, Entry[]> index = topic != null ? byName : byId;
        String indexKey = topic != null ? topic : topicId;
        if (indexKey == null || partition < 0 || partition >= INDEXED) {
            return keyed(topic, topicId, partition);
        }
        Entry[] partitions = index.get(indexKey);
        if (partitions == null || partition >= partitions.length) {
            int size = Math.max(partition + 1, partitions == null ? 8 : 2 * partitions.length);
            Entry[] grown = new Entry[Math.min(INDEXED, size)];
            if (partitions != null) {
                System.arraycopy(partitions, 0, grown, 0, partitions.length);
            }
            index.put(indexKey, grown);
            partitions = grown;
        }
        Entry e = partitions[partition];
        if (e == null) {
            e = keyed(topic, topicId, partition);
            partitions[partition] = e;
        }
        return e;
    }

    private Entry keyed(String topic, String topicId, int partition) {
        String key = (topic != null ? "n:" + topic : "i:" + topicId) + "/" + partition;
        return entries.computeIfAbsent(key, k -> new Entry(topic, topicId, partition));
    }

    /** The mergeable state of every entry. */
    List<PartitionPart> parts() {
        List<PartitionPart> out = new ArrayList<>();
        for (Entry e : entries.values()) {
            out.add(new PartitionPart(e.topic, e.topicId, e.partition, new TreeMap<>(e.requests),
                    e.hasProduce ? e.produce.toStats(true) : null, e.hasFetch ? e.fetch.toStats(false) : null,
                    e.crcValid, e.crcInvalid));
        }
        return out;
    }

    /** The partitions, entries of the same resolved topic merged, sorted by topic then partition. */
    static List<PartitionStats> stats(List<PartitionPart> parts, TopicNames names) {
        Map<String, PartitionStats> merged = new HashMap<>();
        for (PartitionPart e : parts) {
            String topic = e.topic() != null ? e.topic() : names.name(e.topicId());
            String id = e.topicId() != null ? e.topicId() : names.id(e.topic());
            String key = (topic != null ? topic : id) + "/" + e.partition();
            Map<String, Long> requests = new TreeMap<>(e.requests());
            RecordStats produce = e.produce();
            RecordStats fetch = e.fetch();
            long crcValid = e.crcValid();
            long crcInvalid = e.crcInvalid();
            PartitionStats old = merged.get(key);
            if (old != null) {
                old.requests().forEach((api, n) -> requests.merge(api, n, Long::sum));
                produce = RecordAccumulator.merge(old.produce(), produce);
                fetch = RecordAccumulator.merge(old.fetch(), fetch);
                crcValid += old.crcValid();
                crcInvalid += old.crcInvalid();
                id = id != null ? id : old.topicId();
            }
            merged.put(key, new PartitionStats(topic, id, e.partition(), requests, produce, fetch, crcValid, crcInvalid));
        }
        List<PartitionStats> out = new ArrayList<>(merged.values());
        out.sort(Comparator.comparing((PartitionStats p) -> p.topic() != null ? p.topic() : p.topicId())
                .thenComparingInt(PartitionStats::partition));
        return out;
    }
}
