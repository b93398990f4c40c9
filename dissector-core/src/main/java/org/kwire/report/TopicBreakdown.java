package org.kwire.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Sums partitions into topics. */
final class TopicBreakdown {

    private TopicBreakdown() {
    }

    /**
     * @param partitions per-partition stats, sorted by topic
     * @param errors     error counts by topic (name, or id if unnamed)
     */
    static List<TopicStats> of(List<PartitionStats> partitions, Map<String, long[]> errors) {
        Map<String, List<PartitionStats>> byTopic = new LinkedHashMap<>();
        for (PartitionStats p : partitions) {
            byTopic.computeIfAbsent(p.topic() != null ? p.topic() : p.topicId(), t -> new ArrayList<>()).add(p);
        }
        List<TopicStats> out = new ArrayList<>();
        byTopic.forEach((key, ps) -> {
            Map<String, Long> requests = new TreeMap<>();
            long producedRecords = 0;
            long producedBytes = 0;
            long fetchedRecords = 0;
            long fetchedBytes = 0;
            for (PartitionStats p : ps) {
                p.requests().forEach((api, n) -> requests.merge(api, n, Long::sum));
                if (p.produce() != null) {
                    producedRecords += p.produce().records();
                    producedBytes += p.produce().bytesCompressed();
                }
                if (p.fetch() != null) {
                    fetchedRecords += p.fetch().records();
                    fetchedBytes += p.fetch().bytesCompressed();
                }
            }
            long[] e = errors.get(key);
            out.add(new TopicStats(ps.get(0).topic(), ps.get(0).topicId(), ps.size(), requests, producedRecords, producedBytes,
                    fetchedRecords, fetchedBytes, e == null ? 0 : e[0]));
        });
        return out;
    }
}
