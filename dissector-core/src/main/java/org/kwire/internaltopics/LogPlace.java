package org.kwire.internaltopics;

/**
 * Where a record of an internal topic is: its topic (name, or id where the capture named it by id only), partition,
 * offset and its batch's partitionLeaderEpoch, which make it one record however many fetches carried it (a log that
 * diverged, a leader's uncommitted tail truncated, holds another record at the same offset in a later epoch: Raft,
 * KIP-595, and the replication protocol, KIP-101); and its timestamp. Ordered by topic, partition, offset, epoch.
 *
 * @param topic     {@code __consumer_offsets}, {@code __transaction_state}, {@code __cluster_metadata}, or an id
 * @param partition the log's partition
 * @param offset    the record's offset
 * @param epoch     its batch's partitionLeaderEpoch
 * @param timestamp the record's timestamp (the coordinator's or controller's time of writing it), epoch ms
 */
public record LogPlace(String topic, int partition, long offset, int epoch, long timestamp)
        implements Comparable<LogPlace> {

    @Override
    public int compareTo(LogPlace o) {
        int c = topic.compareTo(o.topic);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(partition, o.partition);
        c = Long.compare(offset, o.offset);
        return c != 0 ? c : Integer.compare(epoch, o.epoch);
    }

    /** The same place with the topic named by {@code names}. */
    LogPlace named(java.util.function.UnaryOperator<String> names) {
        String name = names.apply(topic);
        return name.equals(topic) ? this : new LogPlace(name, partition, offset, epoch, timestamp);
    }

    /** The place's time as ISO-8601 UTC, null if negative. */
    String time() {
        return timestamp < 0 ? null : java.time.Instant.ofEpochMilli(timestamp).toString();
    }
}
