package org.kwire.report;

import org.kwire.summary.TopicNames;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Builds {@link SchemaIds} from a {@link SchemaIdPart}: topics named by id resolved to their names (and joined with
 * entries that named them so), Kafka's internal topics left out, frame numbers those of the whole capture. Stateless.
 */
final class SchemaIdSection {

    /** Kafka's internal topics, whose records are Kafka's own (Kafka's {@code Topic.isInternal}, and the metadata log). */
    static final Set<String> INTERNAL = Set.of("__consumer_offsets", "__transaction_state", "__share_group_state",
            "__cluster_metadata");

    private SchemaIdSection() {
    }

    /** The section; null if the part saw no record set. */
    static SchemaIds of(SchemaIdPart p, TopicNames names, FrameNumbering numbering) {
        if (p.deepFields() + p.headersOnlyFields() == 0) {
            return null;
        }
        if (p.headersOnlyFields() > 0) {
            return new SchemaIds(false, List.of(), List.of(), 0);
        }
        Map<String, Group> topics = new TreeMap<>();
        Map<String, Group> clients = new TreeMap<>();
        for (SchemaIdPart.Walked w : p.walked()) {
            String topic = names.display(null, w.topic());
            if (!INTERNAL.contains(topic)) {
                group(topics, topic + '\0' + w.direction(), g -> new Group(topic, w.direction(), null)).records
                        += w.records();
                if (w.direction().equals("produce")) {
                    group(clients, clientKey(w.clientId(), topic), g -> new Group(topic, null, w.clientId())).records
                            += w.records();
                }
            }
        }
        for (SchemaIdPart.Seen s : p.ids()) {
            String topic = names.display(null, s.topic());
            if (!INTERNAL.contains(topic)) {
                Group t = topics.get(topic + '\0' + s.direction());
                if (t != null) {
                    t.add(s, numbering);
                }
                Group c = s.direction().equals("produce") ? clients.get(clientKey(s.clientId(), topic)) : null;
                if (c != null) {
                    c.add(s, numbering);
                }
            }
        }
        List<SchemaIds.TopicIds> topicList = new ArrayList<>();
        topics.values().stream().filter(Group::named).forEach(g ->
                topicList.add(new SchemaIds.TopicIds(g.topic, g.direction, g.records, g.side(true), g.side(false))));
        topicList.sort(Comparator.comparing(SchemaIds.TopicIds::topic)
                .thenComparing(t -> t.direction().equals("produce") ? 0 : 1));
        List<SchemaIds.ClientIds> clientList = new ArrayList<>();
        for (Group g : clients.values()) { // also a client that named no schema on a topic whose records do
            Group topic = topics.get(g.topic + '\0' + "produce");
            SchemaIds.Side key = g.side(true, topic.side(true) != null);
            SchemaIds.Side value = g.side(false, topic.side(false) != null);
            if (key != null || value != null) {
                clientList.add(new SchemaIds.ClientIds(g.clientId, g.topic, g.records, key, value));
            }
        }
        clientList.sort(Comparator.comparing((SchemaIds.ClientIds c) -> c.clientId() == null ? "\uffff" : c.clientId())
                .thenComparing(SchemaIds.ClientIds::topic));
        return new SchemaIds(true, topicList, clientList, p.omitted());
    }

    /** A producing client's entry of a topic; no client_id apart from any name. */
    private static String clientKey(String clientId, String topic) {
        return (clientId == null ? "\uffff" : clientId) + '\0' + topic;
    }

    private static Group group(Map<String, Group> m, String key, Function<String, Group> make) {
        return m.computeIfAbsent(key, make);
    }

    /** The records of one topic and direction, or one client and topic, by key/value and schema. */
    private static final class Group {
        final String topic;
        final String direction;
        final String clientId;
        long records;
        /** By key/value, schema and source (ids ascending, then GUIDs; prefix before header). */
        final Map<String, Counted> ids = new TreeMap<>();

        Group(String topic, String direction, String clientId) {
            this.topic = topic;
            this.direction = direction;
            this.clientId = clientId;
        }

        void add(SchemaIdPart.Seen s, FrameNumbering numbering) {
            String key = (s.key() ? "k" : "v") + SchemaIdPart.sortKey(s.schema()) + (s.header() ? "h" : "p");
            Counted c = ids.computeIfAbsent(key, k -> new Counted(s));
            c.records += s.records();
            c.first = Math.min(c.first, numbering.frame(s.firstFrame()));
            c.last = Math.max(c.last, numbering.frame(s.lastFrame()));
        }

        boolean named() {
            return !ids.isEmpty();
        }

        /** The keys' or values' side, or null if none named a schema. */
        SchemaIds.Side side(boolean key) {
            return side(key, false);
        }

        /** The keys' or values' side; if none named a schema, null unless {@code always} (then all unframed). */
        SchemaIds.Side side(boolean key, boolean always) {
            List<SchemaIds.IdStats> out = new ArrayList<>();
            long framed = 0;
            for (Counted c : ids.values()) {
                if (c.seen.key() == key) {
                    framed += c.records;
                    out.add(new SchemaIds.IdStats(c.seen.schema().id(), c.seen.schema().guid() == null ? null
                            : c.seen.schema().guid().toString(), c.seen.header() ? "header" : "prefix", c.records,
                            c.first, c.last));
                }
            }
            return out.isEmpty() && !always ? null
                    : new SchemaIds.Side(framed * 2 > records, framed, records - framed, out);
        }
    }

    /** One schema's records in a group, with their first and last frame (capture numbers). */
    private static final class Counted {
        final SchemaIdPart.Seen seen;
        long records;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;

        Counted(SchemaIdPart.Seen seen) {
            this.seen = seen;
        }
    }
}
