package org.kwire.summary;

import java.util.HashMap;
import java.util.Map;

/**
 * Topic ids and the names the capture gave them (Metadata, DescribeTopicPartitions, CreateTopics responses, ...), so
 * that requests naming topics by id only (Produce v13+, Fetch v13+) can be reported by name.
 */
public final class TopicNames {

    /**
     * KRaft's metadata log: the topic id Kafka fixes for {@code __cluster_metadata} ({@code Uuid.METADATA_TOPIC_ID},
     * 0x...01), which controllers' Fetch requests use and no Metadata response names.
     */
    public static final String METADATA_TOPIC_ID = "AAAAAAAAAAAAAAAAAAAAAQ";

    private final Map<String, String> names = new HashMap<>(Map.of(METADATA_TOPIC_ID, "__cluster_metadata"));

    /** Records that the topic with this id (Kafka's base64 form) is called {@code name}. */
    public void learn(String topicId, String name) {
        names.put(topicId, name);
    }

    /** The name of a topic id, or null if the capture has not named it (yet). */
    public String name(String topicId) {
        return topicId == null ? null : names.get(topicId);
    }

    /** The id of a topic name, or null. */
    public String id(String name) {
        for (Map.Entry<String, String> e : names.entrySet()) {
            if (e.getValue().equals(name)) {
                return e.getKey();
            }
        }
        return null;
    }

    /** How to show a topic: its name if known (given, or learned for its id), else its id; null if neither. */
    public String display(String topic, String topicId) {
        if (topic != null) {
            return topic;
        }
        String name = name(topicId);
        return name != null ? name : topicId;
    }
}
