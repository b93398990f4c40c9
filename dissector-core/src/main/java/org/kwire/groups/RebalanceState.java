package org.kwire.groups;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A rebalance as {@link GroupState} replays it (rules in {@link ConsumerGroups.Rebalance}): when it started and
 * ended (epoch ns; 0: not yet), the generation (classic) or epoch (KIP-848) it forms, the members before and after,
 * its causes, the classic members that joined and the KIP-848 members that reconciled. Not thread-safe.
 */
final class RebalanceState {

    /** A cause and when its request was sent, epoch ns. */
    record CauseAt(ConsumerGroups.Cause cause, long nanos) {
    }

    final long start;
    long end;
    int generation = -1;
    final int epoch;
    final List<String> before;
    List<String> after = List.of();
    final Map<String, CauseAt> causes = new LinkedHashMap<>();
    final Set<String> joined = new LinkedHashSet<>();
    List<String> leaderMembers = List.of();
    final Map<String, Long> reconciled = new LinkedHashMap<>();
    boolean completed;

    RebalanceState(long start, int epoch, List<String> before) {
        this.start = start;
        this.epoch = epoch;
        this.before = before;
    }

    /** Its causes so far, in the order their requests were sent (ties: in the order met). */
    List<ConsumerGroups.Cause> causesInOrder() {
        return inOrder(causes);
    }

    /** Causes in the order their requests were sent (ties: in the order met). */
    static List<ConsumerGroups.Cause> inOrder(Map<String, CauseAt> causes) {
        return causes.values().stream().sorted(Comparator.comparingLong(CauseAt::nanos)).map(CauseAt::cause).toList();
    }
}
