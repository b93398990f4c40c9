package org.kwire.report;

import org.kwire.summary.TopicNames;

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
     * @param requests   requests naming each topic, by API, keyed by name or (if the request named it so) id
     * @param errors     error counts by topic (name, or id if unnamed)
     * @param names      resolves ids to names
     */
    static List<TopicStats> of(List<PartitionStats> partitions, Map<String, Map<String, Long>> requests,
                               Map<String, long[]> errors, TopicNames names) {
        Map<String, Map<String, Long>> requestsByTopic = new TreeMap<>();
        requests.forEach((key, perApi) -> {
            String name = names.name(key);
            Map<String, Long> merged = requestsByTopic.computeIfAbsent(name != null ? name : key, k -> new TreeMap<>());
            perApi.forEach((api, n) -> merged.merge(api, n, Long::sum));
        });
        Map<String, List<PartitionStats>> byTopic = new LinkedHashMap<>();
        for (PartitionStats p : partitions) {
            byTopic.computeIfAbsent(p.topic() != null ? p.topic() : p.topicId(), t -> new ArrayList<>()).add(p);
        }
        List<TopicStats> out = new ArrayList<>();
        byTopic.forEach((key, ps) -> {
            long producedRecords = 0;
            long producedBytes = 0;
            long fetchedRecords = 0;
            long fetchedBytes = 0;
            long[] outcomes = new long[3];
            for (PartitionStats p : ps) {
                if (p.produce() != null) {
                    producedRecords += p.produce().records();
                    producedBytes += p.produce().bytesCompressed();
                    outcomes[0] += p.produce().ackedRecords();
                    outcomes[1] += p.produce().rejectedRecords().values().stream().mapToLong(Long::longValue).sum();
                    outcomes[2] += p.produce().unconfirmedRecords();
                }
                if (p.fetch() != null) {
                    fetchedRecords += p.fetch().records();
                    fetchedBytes += p.fetch().bytesCompressed();
                }
            }
            long[] e = errors.get(key);
            out.add(new TopicStats(ps.get(0).topic(), ps.get(0).topicId(), ps.size(),
                    requestsByTopic.getOrDefault(key, Map.of()), producedRecords, producedBytes,
                    fetchedRecords, fetchedBytes, e == null ? 0 : e[0], outcomes[0], outcomes[1], outcomes[2]));
        });
        return out;
    }
}
