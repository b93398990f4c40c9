package org.kwire.summary;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Says how long the broker was allowed to hold each exchange, so that waiting is not mistaken for slowness. Two kinds
 * of wait come from Kafka's schemas:
 * <ul>
 *   <li>{@code long_poll}: a request with a top-level {@code MaxWaitMs} (Fetch, ShareFetch): the broker answers when
 *       data arrives or when the wait is over. One answered with no records at (at least {@value #AT_WAIT_PERCENT} % of)
 *       its wait is a long-poll that simply found nothing: {@link Wait#longPoll()}.</li>
 *   <li>{@code rebalance}: JoinGroup (its {@code RebalanceTimeoutMs}; v0, which has none, its
 *       {@code SessionTimeoutMs}), ConsumerGroupHeartbeat and StreamsGroupHeartbeat (their {@code RebalanceTimeoutMs},
 *       or the one their group last sent), SyncGroup (the rebalance timeout its group's last JoinGroup sent): the group
 *       coordinator may hold these until the group's members have all joined or synced (KIP-848 for the heartbeats).
 *       One answered within that timeout is an {@link Wait#expected()} wait.</li>
 * </ul>
 * Feed it the exchanges in capture order (it remembers each group's last rebalance timeout; at most
 * {@link #MAX_GROUPS} groups, the oldest forgotten first).
 */
public final class WaitClassifier {

    /** A long-poll answered empty at this share of its wait or later waited it out (broker timers are not exact). */
    public static final int AT_WAIT_PERCENT = 95;
    /** Groups whose rebalance timeout is remembered. */
    public static final int MAX_GROUPS = 10_000;

    private static final int JOIN_GROUP = 11;
    private static final int SYNC_GROUP = 14;
    private static final int CONSUMER_GROUP_HEARTBEAT = 68;
    private static final int STREAMS_GROUP_HEARTBEAT = 88;

    private final Map<String, Integer> rebalanceTimeouts = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            return size() > MAX_GROUPS;
        }
    };

    /**
     * The wait of one exchange.
     *
     * @param waitMs   the wait the request asked for or the protocol allows, ms; -1 if none
     * @param kind     {@code "long_poll"}, {@code "rebalance"}, or null
     * @param empty    for long-polls answered: true if the response carried no records; null otherwise
     * @param longPoll a long-poll answered empty at its wait time (left out of latency figures by default)
     * @param expected a rebalance wait answered within its rebalance timeout
     */
    public record Wait(int waitMs, String kind, Boolean empty, boolean longPoll, boolean expected) {

        /** No wait. */
        public static final Wait NONE = new Wait(-1, null, null, false, false);
    }

    /** Classifies an exchange (call once per exchange, in capture order). */
    public Wait classify(ExchangeSummary e) {
        if (e.request() == null) {
            return Wait.NONE;
        }
        MessageFacts m = e.request().message();
        int apiKey = e.apiKey();
        if (m.maxWaitMs() >= 0) {
            return longPoll(e, m.maxWaitMs());
        }
        int timeout = -1;
        if (apiKey == JOIN_GROUP || apiKey == CONSUMER_GROUP_HEARTBEAT || apiKey == STREAMS_GROUP_HEARTBEAT) {
            timeout = m.rebalanceTimeoutMs() >= 0 ? m.rebalanceTimeoutMs()
                    : apiKey == JOIN_GROUP ? m.sessionTimeoutMs() : remembered(m.groupId());
            if (timeout >= 0 && m.groupId() != null) {
                rebalanceTimeouts.put(m.groupId(), timeout);
            }
        } else if (apiKey == SYNC_GROUP) {
            timeout = remembered(m.groupId());
        } else {
            return Wait.NONE;
        }
        if (timeout < 0) {
            return Wait.NONE;
        }
        long latency = e.latencyMicros();
        return new Wait(timeout, "rebalance", null, false, latency >= 0 && latency <= timeout * 1000L);
    }

    /**
     * The group whose rebalance timeout an exchange just {@link #classify classified} waited for but this classifier
     * had not met (a SyncGroup, or a group heartbeat without its own timeout, whose group's JoinGroup came before the
     * capture, or in an earlier file of it: a merge of partial results can still give it); null otherwise.
     */
    public String unresolvedGroup(ExchangeSummary e) {
        if (e.request() == null) {
            return null;
        }
        MessageFacts m = e.request().message();
        int apiKey = e.apiKey();
        boolean fromGroup = apiKey == SYNC_GROUP
                || (apiKey == CONSUMER_GROUP_HEARTBEAT || apiKey == STREAMS_GROUP_HEARTBEAT) && m.rebalanceTimeoutMs() < 0;
        return fromGroup && m.maxWaitMs() < 0 && m.groupId() != null && remembered(m.groupId()) < 0 ? m.groupId() : null;
    }

    /** Each group's last rebalance timeout met, ms, the earliest met first. */
    public Map<String, Integer> rebalanceTimeouts() {
        return new LinkedHashMap<>(rebalanceTimeouts);
    }

    private int remembered(String group) {
        Integer t = group == null ? null : rebalanceTimeouts.get(group);
        return t == null ? -1 : t;
    }

    private static Wait longPoll(ExchangeSummary e, int waitMs) {
        if (e.response() == null || !e.response().decoded()) {
            return new Wait(waitMs, "long_poll", null, false, false); // unanswered, or its records not read
        }
        boolean empty = true;
        for (FrameSummary.RecordsRef r : e.response().records()) {
            empty &= r.summary().records() == 0;
        }
        long latency = e.latencyMicros();
        boolean atWait = waitMs > 0 && latency >= 0 && latency * 100 >= waitMs * 1000L * AT_WAIT_PERCENT;
        return new Wait(waitMs, "long_poll", empty, empty && atWait, false);
    }
}
