package org.kwire.summary;

import org.kwire.dissect.WireValues;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;

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

    private static final Pattern STANDARD_UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private final Map<String, String> names = new HashMap<>(Map.of(METADATA_TOPIC_ID, "__cluster_metadata"));

    /**
     * A topic id in Kafka's one spelling (its {@code Uuid.toString()}: URL-safe base64 without padding, 22 characters)
     * when {@code text} is a uuid in the standard 8-4-4-4-12 hex form; any other text (a name, an id already in
     * Kafka's form) as it is.
     */
    public static String canonical(String text) {
        if (text == null || !STANDARD_UUID.matcher(text).matches()) {
            return text;
        }
        UUID u = UUID.fromString(text);
        return WireValues.kafkaUuid(u.getMostSignificantBits(), u.getLeastSignificantBits());
    }

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

    /** Every topic id learned so far with its name. */
    public Map<String, String> known() {
        return new java.util.TreeMap<>(names);
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
