package org.kwire.groups;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One group as {@link GroupReplay} (and {@link GroupWatch}) rebuilds it from its events in capture order: its members,
 * the generation (classic) or epoch (KIP-848) they are in, and its rebalances ({@link RebalanceState}; rules in
 * {@link ConsumerGroups.Rebalance}). Not thread-safe.
 */
final class GroupState {

    private static final int REBALANCE_IN_PROGRESS = 27;
    private static final int UNKNOWN_MEMBER_ID = 25;
    private static final int ILLEGAL_GENERATION = 22;
    private static final int FENCED_INSTANCE_ID = 82;
    private static final int FENCED_MEMBER_EPOCH = 110;

    /** A member as replayed. */
    static final class MemberState {
        final String id;
        String instanceId;
        String clientId;
        String client;
        long firstNanos;
        long leftNanos;
        String leftBy;
        int generation = -1;
        int epoch = -1;
        List<GroupFacts.TopicPartitions> assignment;

        MemberState(String id, long firstNanos) {
            this.id = id;
            this.firstNanos = firstNanos;
        }
    }

    final String groupId;
    String type;
    String protocolType;
    String assignor;
    final Set<String> coordinators = new TreeSet<>();
    final Map<String, MemberState> members = new LinkedHashMap<>();
    /** The members of the current generation (epoch), in order of joining. */
    final Set<String> current = new LinkedHashSet<>();
    int generation = -1;
    int groupEpoch = -1;
    final List<RebalanceState> rebalances = new ArrayList<>();
    private RebalanceState open;
    /** KIP-848 causes met before the epoch they lead to. */
    private final Map<String, RebalanceState.CauseAt> pending = new LinkedHashMap<>();
    /** When the first of {@link #pending} was seen, epoch ns. */
    private long pendingSince = Long.MAX_VALUE;

    GroupState(String groupId) {
        this.groupId = groupId;
    }

    /** Replays one event of this group. */
    void on(GroupEvent e) {
        coordinators.add(e.broker());
        if (e.apiKey() >= 68) {
            type = type == null ? switch (e.apiKey()) {
                case 68 -> "consumer";
                case 76 -> "share";
                default -> "streams";
            } : type;
            protocolType = type;
            assignor = e.request().serverAssignor() != null ? e.request().serverAssignor() : assignor;
            epochEvent(e);
        } else if (e.apiKey() >= 11 && e.apiKey() <= 14 || e.apiKey() == 8 || e.apiKey() == 28) {
            if (e.apiKey() != 8 && e.apiKey() != 28) {
                type = type == null ? "classic" : type;
            }
            classicEvent(e);
        }
    }

    private MemberState member(String id, GroupEvent e) {
        MemberState m = members.computeIfAbsent(id, k -> new MemberState(k, e.requestNanos()));
        m.clientId = m.clientId == null ? e.clientId() : m.clientId;
        m.client = m.client == null ? e.client() : m.client;
        String instance = e.request().instanceId();
        m.instanceId = instance != null ? instance : m.instanceId;
        return m;
    }

    private void cause(Map<String, RebalanceState.CauseAt> into, String cause, String member, long nanos) {
        if (into == pending) {
            pendingSince = Math.min(pendingSince, nanos);
        }
        into.putIfAbsent(cause + '\0' + member,
                new RebalanceState.CauseAt(new ConsumerGroups.Cause(cause, member, GroupReplay.iso(nanos)), nanos));
    }

    /** Opens a classic rebalance unless one is open and not completed (a completed one is closed first). */
    private RebalanceState openClassic(long start) {
        if (open != null && !open.completed) {
            return open;
        }
        open = new RebalanceState(start, -1, List.copyOf(current));
        rebalances.add(open);
        return open;
    }

    private void classicEvent(GroupEvent e) {
        GroupFacts q = e.request();
        GroupFacts r = e.response();
        String id = e.member();
        int error = e.error();
        if (e.apiKey() == 11) { // JoinGroup
            RebalanceState rb = openClassic(e.requestNanos());
            if (id != null) { // a member of the generation before rejoins; any other joins (its retry with the id
                // MEMBER_ID_REQUIRED gave it is the same join)
                cause(rb.causes, current.contains(id) ? "member_rejoined" : "member_joined", id, e.requestNanos());
                member(id, e);
            }
            protocolType = q.protocolType() != null ? q.protocolType() : protocolType;
            if (r != null && error == 0) {
                rb.generation = r.generation();
                rb.joined.add(id);
                assignor = r.protocolName() != null ? r.protocolName() : assignor;
                if (!r.members().isEmpty()) {
                    rb.leaderMembers = r.members().stream().map(GroupFacts.Member::memberId).toList();
                }
            }
        } else if (e.apiKey() == 13) { // LeaveGroup
            List<String> leaving = new ArrayList<>();
            if (q.memberId() != null && !q.memberId().isEmpty()) {
                leaving.add(q.memberId());
            }
            q.members().forEach(m -> leaving.add(m.memberId()));
            for (String l : leaving) {
                MemberState m = member(l, e);
                m.leftNanos = e.requestNanos();
                m.leftBy = "leave_group";
                if (current.stream().anyMatch(x -> !x.equals(l))) { // others stay: the coordinator rebalances them
                    cause(openClassic(e.requestNanos()).causes, "member_left", l, e.requestNanos());
                } else if (open != null && !open.completed) {
                    cause(open.causes, "member_left", l, e.requestNanos());
                }
                current.remove(l);
            }
        } else if (e.apiKey() == 14 && r != null && error == 0) { // SyncGroup answered
            MemberState m = member(id, e);
            if (r.assignment() != null) {
                m.assignment = r.assignment();
                m.generation = q.generation();
            }
            protocolType = r.protocolType() != null ? r.protocolType() : protocolType;
            assignor = r.protocolName() != null ? r.protocolName() : assignor;
            if (open != null && q.generation() == open.generation) {
                open.end = e.timeNanos();
                if (!open.completed) {
                    open.completed = true;
                    open.after = open.leaderMembers.isEmpty() ? List.copyOf(open.joined) : open.leaderMembers;
                    generation = open.generation;
                    dropped(open);
                    current.clear();
                    current.addAll(open.after);
                }
            }
        } else if (e.apiKey() == 12 && r != null && error == 0 && id != null && !members.containsKey(id)) {
            member(id, e); // a steady heartbeat of a member of a generation formed before the capture
            if (generation < 0 || generation == q.generation()) {
                generation = q.generation();
                current.add(id);
            }
        }
        errorCauses(e, id);
    }

    private void errorCauses(GroupEvent e, String id) {
        List<Integer> errors = new ArrayList<>();
        errors.add(e.error());
        if (e.response() != null) {
            e.response().offsets().forEach(o -> errors.add(o.errorCode()));
        }
        for (int code : errors) {
            if (code == REBALANCE_IN_PROGRESS || code == UNKNOWN_MEMBER_ID || code == ILLEGAL_GENERATION
                    || code == FENCED_INSTANCE_ID || code == FENCED_MEMBER_EPOCH) {
                Map<String, RebalanceState.CauseAt> into = e.apiKey() >= 68 ? pending
                        : code == REBALANCE_IN_PROGRESS ? openClassic(e.requestNanos()).causes
                        : open != null && !open.completed ? open.causes : null;
                if (into != null) {
                    cause(into, org.kwire.protocol.ErrorCodes.name(code), id, e.requestNanos());
                }
            }
        }
    }

    /** Members of the generation before that are not in the one formed and did not leave: dropped by the coordinator. */
    private void dropped(RebalanceState rb) {
        for (String b : rb.before) {
            if (dropped(b, rb.after)) {
                MemberState m = members.get(b);
                m.leftBy = "session_timeout";
                m.leftNanos = rb.start;
                cause(rb.causes, "session_timeout", b, rb.start);
            }
        }
    }

    /** Whether {@code b}, a member before a rebalance, was dropped by the coordinator: not {@code after}, not left. */
    private boolean dropped(String b, Collection<String> after) {
        MemberState m = members.get(b);
        return !after.contains(b) && m != null && m.leftBy == null;
    }

    /**
     * The causes of {@code rb} in the section's order as they would be were it closed now: one still open at a
     * KIP-848 epoch also gets the session timeouts its closing adds ({@link #closeEpoch}: members before it that it did
     * not reconcile and that did not leave). The replay is not changed.
     */
    List<ConsumerGroups.Cause> causesIfClosed(RebalanceState rb) {
        Map<String, RebalanceState.CauseAt> causes = new LinkedHashMap<>(rb.causes);
        if (rb.epoch >= 0 && !rb.completed) {
            for (String b : rb.before) {
                if (dropped(b, rb.reconciled.keySet())) {
                    cause(causes, "session_timeout", b, rb.start);
                }
            }
        }
        return RebalanceState.inOrder(causes);
    }

    private void epochEvent(GroupEvent e) {
        GroupFacts q = e.request();
        GroupFacts r = e.response();
        String id = e.member();
        if (id == null) {
            return;
        }
        boolean known = members.containsKey(id);
        MemberState m = member(id, e);
        if (q.generation() == 0) {
            cause(pending, "member_joined", id, e.requestNanos());
        } else if (q.generation() < 0) {
            m.leftNanos = e.requestNanos();
            m.leftBy = "leave_group"; // still one of the members before the epoch its leaving leads to
            cause(pending, "member_left", id, e.requestNanos());
        }
        errorCauses(e, id);
        if (r == null || r.errorCode() != 0 || r.generation() < 0) {
            return;
        }
        int epoch = r.generation();
        boolean steady = q.generation() > 0 && epoch == q.generation() && r.assignment() == null;
        if (steady && known) {
            return;
        }
        boolean opened = epoch > groupEpoch && (groupEpoch >= 0 || q.generation() == 0) && !steady;
        if (opened) {
            closeEpoch();
            long start = Math.min(e.requestNanos(), pendingSince);
            List<String> before = current.stream().filter(x -> (!x.equals(id) || known)
                    && !pending.containsKey("member_joined\0" + x)).toList(); // not those whose join leads to it
            current.removeIf(x -> members.get(x).leftBy != null);
            open = new RebalanceState(start, epoch, before);
            open.causes.putAll(pending);
            pending.clear();
            pendingSince = Long.MAX_VALUE;
            rebalances.add(open);
        }
        groupEpoch = Math.max(groupEpoch, epoch);
        // a join answered at the epoch before the one it leads to belongs to the next rebalance
        boolean changed = (m.epoch != epoch || r.assignment() != null) && !(q.generation() == 0 && !opened);
        m.epoch = epoch;
        if (r.assignment() != null) {
            m.assignment = r.assignment();
        }
        current.add(id);
        if (open != null && epoch == open.epoch && changed) {
            open.reconciled.putIfAbsent(id, e.timeNanos());
            open.end = Math.max(open.end, e.timeNanos());
        }
    }

    /** Closes the open KIP-848 rebalance: its members after are those at its epoch; the others dropped. */
    private void closeEpoch() {
        if (open == null || open.epoch < 0) {
            return;
        }
        open.after = List.copyOf(open.reconciled.keySet());
        open.completed = true;
        dropped(open);
        current.removeIf(x -> "session_timeout".equals(members.get(x).leftBy));
    }

    /** The rebalance open (or last completed), null before the first. */
    RebalanceState last() {
        return rebalances.isEmpty() ? null : rebalances.get(rebalances.size() - 1);
    }

    /** Ends the replay: the open rebalance closed as the capture leaves it. */
    void finish() {
        if (open != null && open.epoch >= 0) {
            closeEpoch();
        }
    }
}
