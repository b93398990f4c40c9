package org.kwire.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * What a part needs so that the rebalance waits of its slowest exchanges come out as in one analysis of the whole
 * capture ({@code org.kwire.summary.WaitClassifier}): a SyncGroup (or a group heartbeat without its own timeout) waits
 * for the rebalance timeout its group's last JoinGroup sent, which may be in an earlier file. A slice that did not see
 * it lists the exchange as {@link Pending}; merged after a part that did, it is classified with that part's timeout.
 *
 * @param rebalanceTimeouts each group's last rebalance timeout in the part, ms (at most
 *                          {@link org.kwire.summary.WaitClassifier#MAX_GROUPS}, the earliest met forgotten first, as
 *                          in one analysis)
 * @param pending           the slowest exchanges whose group's timeout their slice had not met, slowest first
 */
public record GroupWaits(Map<String, Integer> rebalanceTimeouts, List<Pending> pending) {

    /** No groups, nothing pending. */
    public static final GroupWaits NONE = new GroupWaits(Map.of(), List.of());

    /**
     * One of the slowest exchanges waiting for its group's rebalance timeout.
     *
     * @param requestFrame  its {@link SlowExchange#requestFrame()}
     * @param stream        its {@link SlowExchange#stream()}
     * @param correlationId its correlation_id
     * @param group         the group id its request named
     */
    public record Pending(long requestFrame, int stream, int correlationId, String group) {

        boolean is(SlowExchange s) {
            return s.requestFrame() == requestFrame && s.stream() == stream && s.correlationId() == correlationId;
        }
    }

    /** These waits with their frames and streams mapped (frame 0, "none", stays 0). */
    GroupWaits map(LongUnaryOperator frame, LongUnaryOperator stream) {
        return new GroupWaits(rebalanceTimeouts, pending.stream().map(p -> new Pending(frame.applyAsLong(p.requestFrame),
                (int) stream.applyAsLong(p.stream), p.correlationId, p.group)).toList());
    }

    /**
     * The slowest exchanges of a later part, those of its pending ones whose group has a timeout in {@code earlier}
     * classified as one analysis would have: a rebalance wait of that timeout, expected if answered within it.
     */
    static List<SlowExchange> resolve(List<SlowExchange> slowest, GroupWaits later, GroupWaits earlier) {
        if (later.pending.isEmpty() || earlier.rebalanceTimeouts.isEmpty()) {
            return slowest;
        }
        List<SlowExchange> out = new ArrayList<>(slowest.size());
        for (SlowExchange s : slowest) {
            Integer timeout = null;
            for (Pending p : later.pending) {
                if (p.is(s)) {
                    timeout = earlier.rebalanceTimeouts.get(p.group);
                }
            }
            out.add(timeout == null ? s : new SlowExchange(s.api(), s.apiVersion(), s.correlationId(), s.latencyUs(),
                    s.requestFrame(), s.responseFrame(), s.timestamp(), s.stream(), s.client(), s.broker(), s.clientId(),
                    timeout, "rebalance", null, false, s.latencyUs() <= timeout * 1000L));
        }
        return List.copyOf(out);
    }

    /**
     * A part's slowest exchanges and waits with its pending ones classified by {@code known} where it times their
     * group (for the exchanges of connections joined across files, analyzed again when the report is built: their
     * group's timeout is the last one of the merged parts).
     */
    static ReportPart resolveWith(ReportPart p, GroupWaits known) {
        List<SlowExchange> slowest = resolve(p.slowest(), p.groupWaits(), known);
        GroupWaits w = p.groupWaits();
        return p.withWaits(slowest, new GroupWaits(w.rebalanceTimeouts,
                w.pending.stream().filter(x -> !known.rebalanceTimeouts.containsKey(x.group)).toList()));
    }

    /**
     * The waits of {@code earlier} followed by {@code later}: the timeouts of both (the later part's last ones win),
     * and the exchanges still pending (the later part's whose group the earlier part did not time) among the merged
     * {@code slowest}.
     */
    static GroupWaits merge(GroupWaits earlier, GroupWaits later, List<SlowExchange> slowest) {
        Map<String, Integer> timeouts = new LinkedHashMap<>(earlier.rebalanceTimeouts);
        timeouts.putAll(later.rebalanceTimeouts);
        Iterator<String> eldest = timeouts.keySet().iterator();
        while (timeouts.size() > org.kwire.summary.WaitClassifier.MAX_GROUPS) {
            eldest.next();
            eldest.remove();
        }
        Map<Pending, Boolean> kept = new HashMap<>();
        earlier.pending.forEach(p -> kept.put(p, true));
        later.pending.stream().filter(p -> !earlier.rebalanceTimeouts.containsKey(p.group)).forEach(p -> kept.put(p, true));
        List<Pending> pending = new ArrayList<>();
        for (SlowExchange s : slowest) {
            kept.keySet().stream().filter(p -> p.is(s)).findFirst().ifPresent(pending::add);
        }
        return new GroupWaits(timeouts, List.copyOf(pending));
    }
}
