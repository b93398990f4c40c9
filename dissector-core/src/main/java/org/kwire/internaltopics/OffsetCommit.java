package org.kwire.internaltopics;

/**
 * An OffsetCommit record of the group coordinator's log (key OffsetCommitKey: group, topic, partition; value
 * OffsetCommitValue; Kafka's group-coordinator schemas): a group's committed offset, or its deletion (a tombstone).
 *
 * @param at              where the record is
 * @param group           the group
 * @param topic           the committed topic
 * @param partition       the committed partition
 * @param offset          the committed offset; -1 for a tombstone (the offset deleted)
 * @param leaderEpoch     the value's leaderEpoch, -1 if none
 * @param commitTimestamp the value's commitTimestamp, epoch ms; -1 for a tombstone
 */
public record OffsetCommit(LogPlace at, String group, String topic, int partition, long offset, int leaderEpoch,
                           long commitTimestamp) implements Placed {
}
