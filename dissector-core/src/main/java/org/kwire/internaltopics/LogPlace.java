package org.kwire.internaltopics;

/**
 * Where a record of an internal topic is: its topic (name, or id where the capture named it by id only), partition
 * and offset, which make it one record however many fetches carried it; and its timestamp. Ordered by topic,
 * partition, offset (the log's order within a partition).
 *
 * @param topic     {@code __consumer_offsets}, {@code __transaction_state}, {@code __cluster_metadata}, or an id
 * @param partition the log's partition
 * @param offset    the record's offset
 * @param timestamp the record's timestamp (the coordinator's or controller's time of writing it), epoch ms
 */
public record LogPlace(String topic, int partition, long offset, long timestamp) implements Comparable<LogPlace> {

    @Override
    public int compareTo(LogPlace o) {
        int c = topic.compareTo(o.topic);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(partition, o.partition);
        return c != 0 ? c : Long.compare(offset, o.offset);
    }

    /** The same place with the topic named by {@code names}. */
    LogPlace named(java.util.function.UnaryOperator<String> names) {
        String name = names.apply(topic);
        return name.equals(topic) ? this : new LogPlace(name, partition, offset, timestamp);
    }

    /** The place's time as ISO-8601 UTC, null if negative. */
    String time() {
        return timestamp < 0 ? null : java.time.Instant.ofEpochMilli(timestamp).toString();
    }
}
