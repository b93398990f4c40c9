package org.kwire.groups;

/**
 * The last committed offset of one group's partition in a part (OffsetCommit, TxnOffsetCommit), or the last one an
 * OffsetFetch response returned. Immutable.
 *
 * @param group      the group id
 * @param topic      the topic's name, or null if the body named it by id only
 * @param topicId    the topic's id (base64), or null
 * @param partition  the partition index
 * @param offset     the committed offset (-1: none committed, for a fetch)
 * @param errorCode  the partition's error code in the response, 0 if none (-1 if no response was captured)
 * @param memberId   the committing member, or null
 * @param generation the request's generation id or member epoch ({@link GroupFacts#NONE} if none)
 * @param frame      the frame of the last commit (or fetch): its response's last packet (its request's if none)
 * @param timeNanos  its capture time, epoch ns
 * @param count      commits (or fetches) of the partition in the part
 */
public record OffsetPart(String group, String topic, String topicId, int partition, long offset, int errorCode,
                         String memberId, int generation, long frame, long timeNanos, long count) {

    /** The key it is merged by: group, topic (name, else id), partition. */
    String key() {
        return group + '\0' + (topic != null ? topic : topicId) + '\0' + partition;
    }

    OffsetPart withFrame(long f) {
        return new OffsetPart(group, topic, topicId, partition, offset, errorCode, memberId, generation, f, timeNanos, count);
    }

    /** {@code later}'s values with both counts. */
    OffsetPart then(OffsetPart later) {
        return new OffsetPart(later.group, later.topic, later.topicId, later.partition, later.offset, later.errorCode,
                later.memberId, later.generation, later.frame, later.timeNanos, count + later.count);
    }
}
