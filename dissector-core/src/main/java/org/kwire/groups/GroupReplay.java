package org.kwire.groups;

import org.kwire.protocol.ErrorCodes;
import org.kwire.summary.TopicNames;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the {@link ConsumerGroups} section from a {@link GroupsPart}: its events replayed in capture order, one
 * {@link GroupState} per group, then its offsets attached. The same code for one analysis and for merged parts, so
 * that both give the same section. Stateless; thread-safe.
 */
public final class GroupReplay {

    /** Groups listed; further ones are counted. */
    public static final int MAX_GROUPS = 1000;
    /** A storm: at least this many rebalances of a group ... */
    public static final int STORM_REBALANCES = 5;
    /** ... starting within this many seconds (a sliding window). */
    public static final int STORM_WINDOW_S = 300;
    /** The storm rule in words, as the section states it. */
    public static final String STORM_RULE = "at least " + STORM_REBALANCES + " rebalances of a group starting within "
            + STORM_WINDOW_S + " s";

    private GroupReplay() {
    }

    /** Software named per client address and client_id (the report's clients section), or null. */
    @FunctionalInterface
    public interface Software {
        /** {name, version} of the client at {@code address} (without port) with {@code clientId}; null if unknown. */
        String[] of(String address, String clientId);
    }

    /**
     * The section.
     *
     * @param names    topic names the capture gave ids (KIP-848 assignments name topics by id)
     * @param software the client software per client, from the clients section
     */
    public static ConsumerGroups build(GroupsPart part, TopicNames names, Software software) {
        Map<String, GroupState> groups = new TreeMap<>();
        Map<String, TreeSet<String>> found = new HashMap<>();
        for (GroupEvent e : part.events()) {
            if (e.apiKey() == 10) {
                coordinators(e, found);
            } else if (e.group() != null) {
                groups.computeIfAbsent(e.group(), GroupState::new).on(e);
            }
        }
        groups.values().forEach(GroupState::finish);
        Map<String, List<ConsumerGroups.Offset>> offsets = offsets(part, names);
        offsets.keySet().forEach(g -> groups.computeIfAbsent(g, GroupState::new));
        List<ConsumerGroups.Group> out = new ArrayList<>();
        for (GroupState g : groups.values()) {
            if (out.size() == MAX_GROUPS) {
                break;
            }
            out.add(new ConsumerGroups.Group(g.groupId, g.type == null ? "unknown" : g.type, g.protocolType, g.assignor,
                    List.copyOf(g.coordinators), List.copyOf(found.getOrDefault(g.groupId, new TreeSet<>())),
                    g.generation, g.groupEpoch, g.members.values().stream().map(m -> member(m, names, software)).toList(),
                    g.rebalances.stream().map(GroupReplay::rebalance).toList(), storm(g),
                    offsets.getOrDefault(g.groupId, List.of())));
        }
        return new ConsumerGroups(out, groups.size() - out.size(), part.eventsOmitted(), STORM_RULE);
    }

    private static void coordinators(GroupEvent e, Map<String, TreeSet<String>> found) {
        if (e.response() == null) {
            return;
        }
        String asked = e.request().coordinators().isEmpty() ? null : e.request().coordinators().get(0).key();
        for (GroupFacts.Coordinator c : e.response().coordinators()) {
            String key = c.key() != null ? c.key() : asked;
            if (key != null && c.errorCode() == 0 && c.nodeId() >= 0) {
                found.computeIfAbsent(key, k -> new TreeSet<>()).add(c.nodeId() + "@" + c.host() + ":" + c.port());
            }
        }
    }

    private static boolean storm(GroupState g) {
        List<Long> starts = g.rebalances.stream().map(r -> r.start).toList();
        for (int i = 0; i + STORM_REBALANCES - 1 < starts.size(); i++) {
            if (starts.get(i + STORM_REBALANCES - 1) - starts.get(i) <= STORM_WINDOW_S * 1_000_000_000L) {
                return true;
            }
        }
        return false;
    }

    private static ConsumerGroups.Member member(GroupState.MemberState m, TopicNames names, Software software) {
        String address = m.client == null ? null : host(m.client);
        String[] sw = address == null ? null : software.of(address, m.clientId);
        return new ConsumerGroups.Member(m.id, m.instanceId, m.clientId, address, sw == null ? null : sw[0],
                sw == null ? null : sw[1], iso(m.firstNanos), m.leftBy == null ? null : iso(m.leftNanos), m.leftBy,
                m.generation, m.epoch, assignment(m.assignment, names));
    }

    /** An assignment by topic name (else id), partitions ascending, topics sorted. */
    static List<ConsumerGroups.Assigned> assignment(List<GroupFacts.TopicPartitions> a, TopicNames names) {
        if (a == null) {
            return null;
        }
        Map<String, TreeSet<Integer>> byTopic = new TreeMap<>();
        for (GroupFacts.TopicPartitions t : a) {
            byTopic.computeIfAbsent(names.display(t.topic(), t.topicId()), k -> new TreeSet<>()).addAll(t.partitions());
        }
        List<ConsumerGroups.Assigned> out = new ArrayList<>();
        byTopic.forEach((t, p) -> out.add(new ConsumerGroups.Assigned(t, List.copyOf(p))));
        return out;
    }

    private static ConsumerGroups.Rebalance rebalance(RebalanceState r) {
        boolean ended = r.end > 0;
        List<ConsumerGroups.Reconciled> rec = new ArrayList<>();
        r.reconciled.forEach((m, t) -> rec.add(new ConsumerGroups.Reconciled(m, iso(t), ms(t - r.start))));
        return new ConsumerGroups.Rebalance(r.epoch >= 0 ? -1 : r.completed ? r.generation : -1, r.epoch, iso(r.start),
                ended ? iso(r.end) : null, ended ? ms(r.end - r.start) : null, r.before, r.after,
                r.causesInOrder(), rec);
    }

    private static Map<String, List<ConsumerGroups.Offset>> offsets(GroupsPart part, TopicNames names) {
        Map<String, Map<String, ConsumerGroups.Offset>> out = new TreeMap<>();
        for (OffsetPart c : part.commits()) {
            String topic = names.display(c.topic(), c.topicId());
            String error = c.errorCode() == 0 ? null : c.errorCode() < 0 ? "NO_RESPONSE" : ErrorCodes.name(c.errorCode());
            out.computeIfAbsent(c.group(), k -> new TreeMap<>()).put(topic + '\0' + c.partition(), new ConsumerGroups.Offset(
                    topic, c.partition(), c.offset(), c.count(), iso(c.timeNanos()), c.memberId(), error, null));
        }
        for (OffsetPart f : part.fetches()) {
            String topic = names.display(f.topic(), f.topicId());
            out.computeIfAbsent(f.group(), k -> new TreeMap<>()).merge(topic + '\0' + f.partition(),
                    new ConsumerGroups.Offset(topic, f.partition(), null, 0, null, null, null, f.offset()),
                    (c, x) -> new ConsumerGroups.Offset(c.topic(), c.partition(), c.committedOffset(), c.commits(),
                            c.lastCommit(), c.memberId(), c.error(), f.offset()));
        }
        Map<String, List<ConsumerGroups.Offset>> lists = new TreeMap<>();
        out.forEach((g, m) -> lists.put(g, m.values().stream()
                .sorted(Comparator.comparing(ConsumerGroups.Offset::topic).thenComparingInt(ConsumerGroups.Offset::partition))
                .toList()));
        return lists;
    }

    private static double ms(long nanos) {
        return Math.round(nanos / 1000.0) / 1000.0;
    }

    private static String host(String endpoint) {
        int colon = endpoint.lastIndexOf(':');
        String host = colon < 0 ? endpoint : endpoint.substring(0, colon);
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /** A capture time as ISO-8601 UTC. */
    static String iso(long nanos) {
        return Instant.ofEpochSecond(0, nanos).toString();
    }
}
