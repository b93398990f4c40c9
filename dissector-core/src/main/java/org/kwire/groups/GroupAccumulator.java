package org.kwire.groups;

import org.kwire.summary.ExchangeSummary;
import org.kwire.summary.FrameSummary;
import org.kwire.summary.MessageFacts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * Collects the {@link GroupsPart} of one slice from its exchanges. Every exchange of JoinGroup, SyncGroup, LeaveGroup
 * and FindCoordinator is kept, and of the heartbeats (Heartbeat, ConsumerGroupHeartbeat, ShareGroupHeartbeat,
 * StreamsGroupHeartbeat) those that change something: an error, a join or leave (member epoch 0, -1, -2), a new member
 * epoch, an assignment; a steady heartbeat only when the slice has kept nothing of its member yet (it shows a member of
 * a group already formed; the replay takes it only for a member never seen, so a slice's first one changes nothing in
 * a merge). OffsetCommit and TxnOffsetCommit update the last committed offset per partition (and are kept as events
 * when answered with an error); OffsetFetch responses the last fetched one. Memory: at most
 * {@link GroupsPart#MAX_EVENTS} events and {@link GroupsPart#MAX_OFFSETS} partitions. Not thread-safe.
 */
public final class GroupAccumulator {

    private static final int OFFSET_COMMIT = 8;
    private static final int OFFSET_FETCH = 9;
    private static final int HEARTBEAT = 12;
    private static final int TXN_OFFSET_COMMIT = 28;

    private final List<GroupEvent> events = new ArrayList<>();
    private long eventsOmitted;
    private final Set<String> seenMembers = new HashSet<>();
    private final TreeMap<String, OffsetPart> commits = new TreeMap<>();
    private final TreeMap<String, OffsetPart> fetches = new TreeMap<>();

    /** Takes one exchange (any API; only group APIs' decoded ones count). */
    public void onExchange(ExchangeSummary e) {
        GroupEvent ev = event(e);
        if (ev == null) {
            return;
        }
        GroupFacts r = ev.response();
        int api = e.apiKey();
        if (api == OFFSET_FETCH) {
            if (r != null) {
                r.offsets().forEach(o -> offset(fetches, o.group() != null ? o.group() : ev.group(), o, o.offset(),
                        o.errorCode(), ev));
            }
            return;
        }
        if (api == OFFSET_COMMIT || api == TXN_OFFSET_COMMIT) {
            for (GroupFacts.Offset o : ev.request().offsets()) {
                offset(commits, ev.group(), o, o.offset(), answer(r, o), ev);
            }
        }
        if (!logged(ev)) {
            return;
        }
        if (steady(ev)) {
            String key = ev.group() + '\0' + ev.member();
            if (!seenMembers.contains(key)) {
                keep(ev);
            }
            return;
        }
        keep(ev);
    }

    /**
     * The group event of an exchange: null unless it is of a group API ({@link GroupFactsCollector#GROUP_APIS}) and
     * its request's group fields were read. Ordered by its response's last packet (its request's without response).
     */
    public static GroupEvent event(ExchangeSummary e) {
        FrameSummary req = e.request();
        if (req == null || !GroupFactsCollector.GROUP_APIS.contains(e.apiKey()) || req.message().group() == null) {
            return null;
        }
        MessageFacts m = req.message();
        GroupFacts r = e.response() == null ? null : e.response().message().group();
        long frame = e.response() != null ? e.response().frame().lastPacket() : req.frame().lastPacket();
        long time = e.response() != null ? e.response().frame().lastTimestampNanos() : req.frame().lastTimestampNanos();
        String clientId = e.requestHeader() == null ? null : e.requestHeader().clientId();
        return new GroupEvent(frame, time, req.frame().lastTimestampNanos(), m.groupId(), e.apiKey(), req.apiVersion(),
                e.conversation().client(), e.conversation().broker(), clientId, m.group(), r);
    }

    /**
     * Whether the part keeps events like {@code e} in its log: every group exchange but OffsetFetch and the commits
     * (OffsetCommit, TxnOffsetCommit) answered without error; of a member's steady heartbeats only the first, if
     * nothing else of the member was kept. The rest change nothing in {@link GroupReplay}.
     */
    public static boolean logged(GroupEvent e) {
        if (e.apiKey() == OFFSET_FETCH) {
            return false;
        }
        GroupFacts r = e.response();
        if (e.apiKey() == OFFSET_COMMIT || e.apiKey() == TXN_OFFSET_COMMIT) {
            return r != null && (r.errorCode() != 0 || r.offsets().stream().anyMatch(o -> o.errorCode() != 0));
        }
        return true;
    }

    /** A heartbeat that changes nothing: no error, the same member epoch back, no assignment. */
    private static boolean steady(GroupEvent e) {
        GroupFacts r = e.response();
        if (r == null || r.errorCode() != 0) {
            return false;
        }
        if (e.apiKey() == HEARTBEAT) {
            return true;
        }
        return e.apiKey() >= 68 && e.request().generation() > 0 && r.generation() == e.request().generation()
                && r.assignment() == null;
    }

    private void keep(GroupEvent e) {
        if (events.size() >= GroupsPart.MAX_EVENTS) {
            eventsOmitted++;
            return;
        }
        events.add(e);
        if (e.member() != null) {
            seenMembers.add(e.group() + '\0' + e.member());
        }
    }

    /** The response's error code of a committed partition; -1 if no response. */
    private static int answer(GroupFacts r, GroupFacts.Offset o) {
        if (r == null) {
            return -1;
        }
        for (GroupFacts.Offset a : r.offsets()) {
            if (a.partition() == o.partition() && (a.topic() != null ? a.topic().equals(o.topic())
                    : a.topicId() != null && a.topicId().equals(o.topicId()))) {
                return a.errorCode();
            }
        }
        return r.errorCode();
    }

    private static void offset(TreeMap<String, OffsetPart> into, String group, GroupFacts.Offset o, long offset, int error,
                               GroupEvent e) {
        if (group == null) {
            return;
        }
        OffsetPart p = new OffsetPart(group, o.topic(), o.topicId(), o.partition(), offset, error, e.request().memberId(),
                e.request().generation(), e.frame(), e.timeNanos(), 1);
        into.merge(p.key(), p, OffsetPart::then);
        if (into.size() > GroupsPart.MAX_OFFSETS) {
            into.pollLastEntry();
        }
    }

    /** The part so far; its events in capture order. */
    public GroupsPart part() {
        List<GroupEvent> sorted = new ArrayList<>(events);
        sorted.sort(Comparator.comparingLong(GroupEvent::frame));
        return new GroupsPart(sorted, eventsOmitted, List.copyOf(commits.values()), List.copyOf(fetches.values()));
    }
}
