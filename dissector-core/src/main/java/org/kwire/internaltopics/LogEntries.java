package org.kwire.internaltopics;

import com.fasterxml.jackson.databind.JsonNode;
import org.kwire.records.InternalRecord;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a decoded internal record ({@link InternalRecord}: key and value in the shape of Kafka's generated
 * {@code *JsonConverter}, field names as its schemas spell them, camelCase) into the report's typed entries; records
 * the report does not show give null. Field names and defaults: the record schemas of kafka-metadata,
 * kafka-group-coordinator and kafka-transaction-coordinator (e.g. PartitionChangeRecord's tagged {@code leader},
 * default -2 "unchanged"; BrokerRegistrationChangeRecord's {@code fenced}, 1 fence, -1 unfence). Stateless.
 */
final class LogEntries {

    private LogEntries() {
    }

    /** An OffsetCommit record, or null. */
    static OffsetCommit offsetCommit(LogPlace at, InternalRecord r) {
        if (!r.type().equals("OffsetCommit") || r.key() == null || !r.key().isObject()) {
            return null;
        }
        JsonNode k = r.key();
        JsonNode v = r.value();
        boolean value = v != null && v.isObject();
        return new OffsetCommit(at, k.path("group").asText(null), k.path("topic").asText(null),
                k.path("partition").asInt(-1), value ? v.path("offset").asLong(-1) : -1,
                value ? v.path("leaderEpoch").asInt(-1) : -1, value ? v.path("commitTimestamp").asLong(-1) : -1);
    }

    /** A group's state record (GroupMetadata, ConsumerGroupMetadata, ...: keyed by the group alone), or null. */
    static GroupChange groupChange(LogPlace at, InternalRecord r) {
        JsonNode k = r.key();
        if (k == null || !k.isObject() || k.size() != 1 || !(k.has("group") || k.has("groupId"))
                || r.type().equals("OffsetCommit")) {
            return null;
        }
        String group = k.has("group") ? k.get("group").asText() : k.get("groupId").asText();
        JsonNode v = r.value();
        if (v == null || !v.isObject()) {
            return new GroupChange(at, group, r.type(), -1, null, -1, true);
        }
        int generation = v.has("generation") ? v.get("generation").asInt() : v.path("epoch").asInt(-1);
        return new GroupChange(at, group, r.type(), generation, v.path("protocol").asText(null),
                v.has("members") ? v.get("members").size() : -1, false);
    }

    /** A TransactionLog record, or null. */
    static TxnLogEntry transaction(LogPlace at, InternalRecord r) {
        if (r.key() == null || !r.key().has("transactionalId")) {
            return null;
        }
        String id = r.key().get("transactionalId").asText();
        JsonNode v = r.value();
        if (v == null || !v.isObject()) {
            return new TxnLogEntry(at, id, "Deleted", -1, -1, 0);
        }
        int partitions = 0;
        for (JsonNode t : v.path("transactionPartitions")) {
            partitions += t.path("partitionIds").size();
        }
        return new TxnLogEntry(at, id, TxnLogEntry.state(v.path("transactionStatus").asInt(-1)),
                v.path("producerId").asLong(-1), v.path("producerEpoch").asInt(-1), partitions);
    }

    /** A metadata log record the timeline shows, or null. */
    static MetadataChange metadata(LogPlace at, InternalRecord r) {
        JsonNode v = r.value();
        if (v == null || !v.isObject()) {
            return null;
        }
        return switch (r.type()) {
            case "TopicRecord" -> new MetadataChange(at, r.type(),
                    new MetadataChange.Topic(v.path("name").asText(null), v.path("topicId").asText(null)), null, null, null);
            case "RemoveTopicRecord" -> new MetadataChange(at, r.type(),
                    new MetadataChange.Topic(null, v.path("topicId").asText(null)), null, null, null);
            case "PartitionRecord" -> new MetadataChange(at, r.type(), null, new MetadataChange.Partition(
                    v.path("topicId").asText(null), v.path("partitionId").asInt(-1), v.path("leader").asInt(-1),
                    ints(v.get("isr")), ints(v.get("replicas")), v.path("leaderEpoch").asInt(-1),
                    v.path("partitionEpoch").asInt(-1)), null, null);
            case "PartitionChangeRecord" -> new MetadataChange(at, r.type(), null, new MetadataChange.Partition(
                    v.path("topicId").asText(null), v.path("partitionId").asInt(-1), v.path("leader").asInt(-2),
                    ints(v.get("isr")), ints(v.get("replicas")), -1, -1), null, null);
            case "RegisterBrokerRecord" -> broker(at, r, v.path("brokerId").asInt(-1), v.path("brokerEpoch").asLong(-1),
                    v.path("fenced").asBoolean(true) ? "registered fenced" : "registered");
            case "UnregisterBrokerRecord" -> broker(at, r, v.path("brokerId").asInt(-1), v.path("brokerEpoch").asLong(-1),
                    "unregistered");
            case "FenceBrokerRecord" -> broker(at, r, v.path("id").asInt(-1), v.path("epoch").asLong(-1), "fenced");
            case "UnfenceBrokerRecord" -> broker(at, r, v.path("id").asInt(-1), v.path("epoch").asLong(-1), "unfenced");
            case "BrokerRegistrationChangeRecord" -> broker(at, r, v.path("brokerId").asInt(-1),
                    v.path("brokerEpoch").asLong(-1), change(v));
            case "FeatureLevelRecord" -> new MetadataChange(at, r.type(), null, null, null,
                    new MetadataChange.Feature(v.path("name").asText(null), v.path("featureLevel").asInt(-1)));
            default -> null;
        };
    }

    private static MetadataChange broker(LogPlace at, InternalRecord r, int id, long epoch, String state) {
        return new MetadataChange(at, r.type(), null, null, new MetadataChange.Broker(id, epoch, state), null);
    }

    /** BrokerRegistrationChangeRecord: fenced 1 fence, -1 unfence; inControlledShutdown 1. */
    private static String change(JsonNode v) {
        int fenced = v.path("fenced").asInt(0);
        if (fenced == 1) {
            return "fenced";
        }
        if (fenced == -1) {
            return "unfenced";
        }
        return v.path("inControlledShutdown").asInt(0) == 1 ? "controlled shutdown" : "changed";
    }

    private static List<Integer> ints(JsonNode array) {
        if (array == null || !array.isArray()) {
            return null;
        }
        List<Integer> out = new ArrayList<>(array.size());
        array.forEach(x -> out.add(x.asInt()));
        return List.copyOf(out);
    }
}
