package org.kwire.groups;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rebalances of consumer groups as they happen, for the metrics ({@code kwire_rebalances_total},
 * {@code kwire_rebalance_duration_seconds}): the group events the report keeps ({@link GroupAccumulator#event},
 * {@link GroupAccumulator#logged}) replayed one at a time into the {@link GroupState} that {@link GroupReplay} builds
 * the {@code consumer_groups} section with, so a rebalance here is one of the section's, with its start, end and
 * causes (rules: {@link ConsumerGroups.Rebalance}). Events are replayed in the order they come (a live capture's
 * exchanges complete in capture order), the report's in frame order: the same but for an exchange whose response
 * was not captured, which comes when its connection ends.
 * <p>
 * A rebalance is given to the {@link Listener} once final, as the section would list it then: when its group's next
 * rebalance starts, when {@link #SETTLE_NANOS} of capture time passed since it ended without a change, or at
 * {@link #finish()}; with its first cause in the section's order and its duration (end minus start, the section's
 * {@code duration_ms}), none if it did not end. Memory: at most {@link GroupReplay#MAX_GROUPS} groups (the least
 * recently active one is given its open rebalance and forgotten: if it comes back, its replay starts afresh, as a
 * capture's that began mid-life does), each keeping only its last rebalance and the members later events can still
 * name. Not thread-safe.
 */
public final class GroupWatch {

    /**
     * Capture time after a rebalance's end, without a change, that makes it final: 60 s, longer than a KIP-848
     * member's heartbeat interval (5 s by default) and a classic member's session timeout (45 s by default), within
     * which the other members' SyncGroup responses or reconciling heartbeats extend it.
     */
    public static final long SETTLE_NANOS = 60_000_000_000L;
    private static final int FIND_COORDINATOR = 10;
    private static final long CHECK_EVERY_NANOS = 1_000_000_000L;

    /** Receives the rebalances. */
    @FunctionalInterface
    public interface Listener {

        /**
         * A rebalance of {@code group} is final.
         *
         * @param cause   the first of its causes ({@code member_joined}, {@code member_left},
         *                {@code REBALANCE_IN_PROGRESS}, ...: {@link ConsumerGroups.Cause}), null if none
         * @param seconds end minus start, seconds; negative if it did not end
         */
        void rebalance(String group, String cause, double seconds);
    }

    /** One group's replay and its last rebalance until final. */
    private static final class Watched {
        final GroupState state;
        RebalanceState pending;

        Watched(String group) {
            this.state = new GroupState(group);
        }
    }

    private final Listener listener;
    /** The groups whose last rebalance is not final yet. */
    private final Set<Watched> unsettled = new LinkedHashSet<>();
    private final Map<String, Watched> groups = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Watched> eldest) {
            if (size() <= GroupReplay.MAX_GROUPS) {
                return false;
            }
            close(eldest.getValue());
            return true;
        }
    };
    private long nextCheck = Long.MIN_VALUE;

    /** @param listener told of each rebalance */
    public GroupWatch(Listener listener) {
        this.listener = listener;
    }

    /** Replays one kept group event ({@link GroupAccumulator#logged}); FindCoordinator's and group-less ones are skipped. */
    public void on(GroupEvent e) {
        if (e.group() == null || e.apiKey() == FIND_COORDINATOR) {
            return;
        }
        Watched w = groups.computeIfAbsent(e.group(), Watched::new);
        GroupState g = w.state;
        RebalanceState last = g.last();
        g.on(e);
        if (g.last() != last) {
            close(w);
            w.pending = g.last();
            unsettled.add(w);
            forget(g);
        }
    }

    /** Capture time now, epoch ns: rebalances that ended {@link #SETTLE_NANOS} before, unchanged since, are final. */
    public void at(long nanos) {
        if (nanos < nextCheck || unsettled.isEmpty()) {
            return;
        }
        nextCheck = nanos + CHECK_EVERY_NANOS;
        for (Watched w : new ArrayList<>(unsettled)) {
            if (w.pending.end > 0 && nanos - w.pending.end >= SETTLE_NANOS) {
                close(w);
            }
        }
    }

    /** The capture ended: each group's open rebalance closes as the report's replay closes it, and is final. */
    public void finish() {
        for (Watched w : groups.values()) {
            w.state.finish();
            close(w);
        }
    }

    /** Gives {@code w}'s pending rebalance, if any, to the listener. */
    private void close(Watched w) {
        RebalanceState r = w.pending;
        if (r != null) {
            List<ConsumerGroups.Cause> causes = w.state.causesIfClosed(r);
            listener.rebalance(w.state.groupId, causes.isEmpty() ? null : causes.get(0).cause(),
                    r.end > 0 ? (r.end - r.start) / 1e9 : -1);
        }
        w.pending = null;
        unsettled.remove(w);
    }

    /**
     * Forgets what no later event of {@code g} reads: its rebalances but the last (the open one), and the members that
     * left which neither its current generation (epoch) nor its open rebalance names.
     */
    private static void forget(GroupState g) {
        if (g.rebalances.size() > 1) {
            g.rebalances.subList(0, g.rebalances.size() - 1).clear();
        }
        RebalanceState open = g.last();
        g.members.values().removeIf(m -> m.leftBy != null && !g.current.contains(m.id) && (open == null
                || !open.before.contains(m.id) && !open.after.contains(m.id) && !open.joined.contains(m.id)
                && !open.leaderMembers.contains(m.id)));
    }
}
