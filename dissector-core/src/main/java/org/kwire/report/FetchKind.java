package org.kwire.report;

import org.kwire.summary.FrameSummary;
import org.kwire.summary.TopicNames;

import java.util.List;

/**
 * The class of a Fetch request, read from its bytes: a fetch of KRaft's metadata log when every partition it names
 * is of {@code __cluster_metadata} (by name, or by the id Kafka fixes for it, {@link TopicNames#METADATA_TOPIC_ID});
 * else a follower's when its replica id is &ge; 0 ({@code ReplicaId} of Fetch v0-14, {@code ReplicaState.ReplicaId}
 * of v15+, KIP-903; {@code FetchRequest.json}); else a consumer's (replica id -1, or -2/-3, Kafka's debugging and
 * future-replica ids). Stateless.
 */
public final class FetchKind {

    /** Consumers' fetches. */
    public static final String CONSUMER = "consumer";
    /** Followers' fetches from a partition leader. */
    public static final String FOLLOWER = "follower";
    /** Fetches of KRaft's metadata log from the quorum (voters and observers). */
    public static final String METADATA_LOG = "metadata_log";
    /** The classes, in the order the report lists them. */
    static final List<String> KINDS = List.of(CONSUMER, FOLLOWER, METADATA_LOG);

    private FetchKind() {
    }

    /** The class of a decoded Fetch request. */
    public static String of(FrameSummary request) {
        boolean metadataLog = !request.partitions().isEmpty();
        for (FrameSummary.PartitionRef p : request.partitions()) {
            metadataLog &= "__cluster_metadata".equals(p.topic()) || TopicNames.METADATA_TOPIC_ID.equals(p.topicId());
        }
        if (metadataLog) {
            return METADATA_LOG;
        }
        return request.message().cluster().replicaId() >= 0 ? FOLLOWER : CONSUMER;
    }
}
