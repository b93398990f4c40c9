package org.kwire.groups;

import java.util.List;

/**
 * The group fields of one decoded body of a group API (JoinGroup, SyncGroup, Heartbeat, LeaveGroup, OffsetCommit,
 * OffsetFetch, TxnOffsetCommit, FindCoordinator, ConsumerGroupHeartbeat (KIP-848), ShareGroupHeartbeat,
 * StreamsGroupHeartbeat), by Kafka's schema field names ({@code common/message/*.json}). Immutable.
 *
 * @param memberId       the body's {@code MemberId}, or null
 * @param instanceId     {@code GroupInstanceId} (KIP-345 static membership) or {@code InstanceId}, or null
 * @param generation     {@code GenerationId}, {@code GenerationIdOrMemberEpoch} or {@code MemberEpoch}; {@link #NONE}
 *                       if the body has none
 * @param protocolType   {@code ProtocolType} (e.g. {@code "consumer"}), or null
 * @param protocolName   {@code ProtocolName}, the classic assignor chosen (e.g. {@code "range"}), or null
 * @param leader         JoinGroup response's {@code Leader}, or null
 * @param serverAssignor ConsumerGroupHeartbeat request's {@code ServerAssignor}, or null
 * @param errorCode      the body's top-level {@code ErrorCode}, 0 if none
 * @param protocols      JoinGroup request's {@code Protocols[].Name}: the assignors the member offers
 * @param members        JoinGroup response's {@code Members} (to the leader), LeaveGroup v3+ request's
 *                       {@code Members}
 * @param assignments    SyncGroup request's {@code Assignments} (from the leader), each decoded
 * @param assignment     the member's own assignment: SyncGroup response's {@code Assignment} bytes decoded
 *                       ({@code ConsumerProtocolAssignment}), or a group heartbeat response's {@code Assignment};
 *                       null if the body has none (or its bytes are not the consumer protocol's)
 * @param offsets        OffsetCommit/TxnOffsetCommit/OffsetFetch partitions: committed offsets and error codes
 * @param coordinators   FindCoordinator: the keys asked (request) or the coordinators answered (response)
 */
public record GroupFacts(String memberId, String instanceId, int generation, String protocolType, String protocolName,
                         String leader, String serverAssignor, int errorCode, List<String> protocols,
                         List<Member> members, List<MemberAssignment> assignments, List<TopicPartitions> assignment,
                         List<Offset> offsets, List<Coordinator> coordinators) {

    /** No generation or epoch in the body. */
    public static final int NONE = Integer.MIN_VALUE;

    /** Keeps unmodifiable copies of the lists. */
    public GroupFacts {
        protocols = List.copyOf(protocols);
        members = List.copyOf(members);
        assignments = List.copyOf(assignments);
        assignment = assignment == null ? null : List.copyOf(assignment);
        offsets = List.copyOf(offsets);
        coordinators = List.copyOf(coordinators);
    }

    /** A member named in a body; {@code instanceId} null if dynamic. */
    public record Member(String memberId, String instanceId) {
    }

    /** The leader's assignment of one member (SyncGroup request); {@code assignment} null if not decodable. */
    public record MemberAssignment(String memberId, List<TopicPartitions> assignment) {
    }

    /**
     * Partitions of one topic, named by name or id (KIP-848 heartbeats name topics by id).
     *
     * @param partitions partition indexes in wire order
     */
    public record TopicPartitions(String topic, String topicId, List<Integer> partitions) {
        /** Keeps an unmodifiable copy. */
        public TopicPartitions {
            partitions = List.copyOf(partitions);
        }
    }

    /**
     * One partition of an offset API.
     *
     * @param group     the group it belongs to when the body names several (OffsetFetch v8+'s {@code Groups}), else null
     * @param offset    {@code CommittedOffset}, -1 if none (a response to a commit)
     * @param errorCode the partition's {@code ErrorCode}, 0 if none
     */
    public record Offset(String group, String topic, String topicId, int partition, long offset, int errorCode) {
    }

    /**
     * FindCoordinator: a key asked ({@code nodeId} -1, no host) or a coordinator answered.
     *
     * @param key the group (or transactional) id; null in a v0-3 response, which answers its request's one key
     */
    public record Coordinator(String key, int nodeId, String host, int port, int errorCode) {
    }
}
