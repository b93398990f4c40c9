package org.kwire.report;

import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Sums partitions into topics. */
final class TopicBreakdown {

    private TopicBreakdown() {
    }

    /** True if a topic key is a topic id: one the capture paired with a name, or 22 characters of Kafka's base64. */
    private static boolean isId(String key, TopicNames names) {
        return names.name(key) != null || key.length() == 22 && key.matches("[A-Za-z0-9_-]{22}");
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
        // topics named only outside partition lists (Metadata, CreateTopics, an error, ...): listed too, so that every
        // topic a (filtered) exchange names has its row
        Set<String> others = new TreeSet<>(requestsByTopic.keySet());
        errors.keySet().forEach(k -> others.add(names.name(k) != null ? names.name(k) : k));
        for (String key : others) {
            if (byTopic.containsKey(key) || byTopic.containsKey(names.id(key))) {
                continue;
            }
            boolean named = names.name(key) == null && !isId(key, names);
            long[] e = errors.get(key);
            out.add(new TopicStats(named ? key : null, named ? names.id(key) : key, 0,
                    requestsByTopic.getOrDefault(key, Map.of()), 0, 0, 0, 0, e == null ? 0 : e[0], 0, 0, 0));
        }
        out.sort(Comparator.comparing((TopicStats t) -> t.topic() == null ? "\uffff" + t.topicId() : t.topic()));
        return out;
    }
}
