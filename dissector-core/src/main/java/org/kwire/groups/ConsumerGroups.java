package org.kwire.groups;

import java.util.List;

/**
 * The report's {@code consumer_groups} section (issue 22): each group as its requests show it, replayed from the
 * captured exchanges ({@link GroupReplay}). Times are capture times, ISO-8601 UTC; durations in ms. Immutable.
 *
 * @param groups        the groups, by group id (at most {@link GroupReplay#MAX_GROUPS})
 * @param groupsOmitted groups past that limit, not listed
 * @param eventsOmitted group exchanges not kept (past {@link GroupsPart#MAX_EVENTS}): the section is then cut short
 * @param stormRule     the rule a {@link Group#storm()} follows, in words
 */
public record ConsumerGroups(List<Group> groups, long groupsOmitted, long eventsOmitted, String stormRule) {

    /**
     * One group.
     *
     * @param groupId       the group id
     * @param type          {@code classic} (JoinGroup/SyncGroup), {@code consumer} (KIP-848 ConsumerGroupHeartbeat),
     *                      {@code share} (KIP-932) or {@code streams} (KIP-1071); {@code unknown} if only its offsets
     *                      were seen
     * @param protocolType  classic: JoinGroup's {@code ProtocolType} (e.g. {@code consumer}); else the type
     * @param assignor      classic: the {@code ProtocolName} the coordinator chose (e.g. {@code range}); KIP-848: the
     *                      {@code ServerAssignor} a member asked for (null: the broker's default)
     * @param coordinators  the brokers (address:port) its group requests went to, sorted
     * @param found         FindCoordinator answers for it: {@code node_id@host:port}, sorted
     * @param generationId  classic: the last generation id completed (SyncGroup answered), -1 if none
     * @param groupEpoch    KIP-848: the highest member epoch answered (the group epoch members reconcile to), -1 if none
     * @param members       every member seen, in order of first appearance
     * @param rebalances    its rebalances, in order
     * @param storm         true if it rebalanced as {@link ConsumerGroups#stormRule()} says
     * @param offsets       committed offsets per partition, by topic and partition
     */
    public record Group(String groupId, String type, String protocolType, String assignor, List<String> coordinators,
                        List<String> found, int generationId, int groupEpoch, List<Member> members,
                        List<Rebalance> rebalances, boolean storm, List<Offset> offsets) {
    }

    /**
     * One member.
     *
     * @param memberId        its member id
     * @param instanceId      its group instance id (KIP-345 static membership), or null
     * @param clientId        the client_id of its requests
     * @param client          the client's address (of its first request)
     * @param softwareName    the client software its connection's ApiVersions named (KIP-511), or null
     * @param softwareVersion that software's version, or null
     * @param firstSeen       its first group request
     * @param left            when it left: its LeaveGroup (or leaving heartbeat) request, or the start of the rebalance
     *                        that dropped it; null if it did not
     * @param leftBy          {@code leave_group}, {@code session_timeout} (dropped without leaving), or null
     * @param generationId    classic: the generation of its last assignment, -1 if none
     * @param memberEpoch     KIP-848: its last member epoch, -1 if none
     * @param assignment      its last assignment, by topic (partitions ascending); null if none was captured
     */
    public record Member(String memberId, String instanceId, String clientId, String client, String softwareName,
                         String softwareVersion, String firstSeen, String left, String leftBy, int generationId,
                         int memberEpoch, List<Assigned> assignment) {
    }

    /** Partitions of one topic (its name, or its id if the capture never named it). */
    public record Assigned(String topic, List<Integer> partitions) {
    }

    /**
     * One rebalance. Classic: from the first JoinGroup (or {@code REBALANCE_IN_PROGRESS}, or LeaveGroup) that opened it
     * to the last successful SyncGroup response of its generation. KIP-848: from the first cause seen (a join, a leave,
     * an error) or the first response of the new epoch, to the last response that moved a member to that epoch or
     * changed its assignment at it.
     *
     * @param generationId  classic: the generation it formed, -1 if it did not complete in the capture
     * @param groupEpoch    KIP-848: the epoch members reconciled to, -1 for classic
     * @param start         when it started
     * @param end           when it ended; null if not in the capture
     * @param durationMs    end minus start, ms; null if no end
     * @param membersBefore the members of the generation (epoch) before
     * @param membersAfter  the members of the one it formed
     * @param causes        what the bytes say caused it, in order
     * @param reconciled    KIP-848: when each member reached the epoch, in order
     */
    public record Rebalance(int generationId, int groupEpoch, String start, String end, Double durationMs,
                            List<String> membersBefore, List<String> membersAfter, List<Cause> causes,
                            List<Reconciled> reconciled) {
    }

    /**
     * A cause: {@code member_joined} (JoinGroup with an empty or new member id, a heartbeat with member epoch 0),
     * {@code member_rejoined}, {@code member_left} (LeaveGroup, member epoch -1 or -2), {@code session_timeout} (a
     * member of the generation before dropped without leaving), or an error code's name answered to a member
     * ({@code REBALANCE_IN_PROGRESS}, {@code UNKNOWN_MEMBER_ID}, {@code ILLEGAL_GENERATION},
     * {@code FENCED_MEMBER_EPOCH}, {@code FENCED_INSTANCE_ID}).
     */
    public record Cause(String cause, String memberId, String at) {
    }

    /** A KIP-848 member reaching the rebalance's epoch: when, and ms after the rebalance started. */
    public record Reconciled(String memberId, String at, double afterMs) {
    }

    /**
     * A partition's committed offset.
     *
     * @param committedOffset the last offset committed (OffsetCommit, TxnOffsetCommit), null if none was captured
     * @param commits         commits of it captured
     * @param lastCommit      when the last was sent, null if none
     * @param memberId        who committed it last, or null
     * @param error           the response's error name for it (null: none; {@code NO_RESPONSE} if none was captured)
     * @param fetchedOffset   what the last OffsetFetch response returned for it (-1: none committed), null if not fetched
     */
    public record Offset(String topic, int partition, Long committedOffset, long commits, String lastCommit,
                         String memberId, String error, Long fetchedOffset) {
    }
}
