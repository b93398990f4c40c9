package org.kwire.records;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.MessageUtil;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.coordinator.common.runtime.CoordinatorRecord;
import org.apache.kafka.coordinator.common.runtime.CoordinatorRecordSerde;
import org.apache.kafka.coordinator.group.GroupCoordinatorRecordSerde;
import org.apache.kafka.coordinator.share.ShareCoordinatorRecordSerde;
import org.apache.kafka.coordinator.transaction.TransactionCoordinatorRecordSerde;
import org.apache.kafka.metadata.MetadataRecordSerde;
import org.apache.kafka.server.common.ApiMessageAndVersion;
import org.kwire.schema.RecordFamily;

import java.nio.ByteBuffer;

/**
 * Kafka's own side of the internal records' oracle (kafka-metadata, the coordinators' artifacts and kafka-clients in
 * test scope): a key or value read by its generated class, written back as Kafka's serdes write it into its logs, and
 * its generated {@code *JsonConverter.write(message, version)} as the expected JSON.
 */
final class KafkaRecordOracle {

    private static final ObjectMapper JSON = new ObjectMapper();

    private KafkaRecordOracle() {
    }

    /** The generated class of a schema of a family, e.g. {@code org.apache.kafka.common.metadata.TopicRecord}. */
    static Class<?> messageClass(RecordFamily family, String schemaName) throws ClassNotFoundException {
        String pkg = switch (family) {
            case CONTROL -> "org.apache.kafka.common.message.";
            case METADATA -> "org.apache.kafka.common.metadata.";
            case GROUP_COORDINATOR -> "org.apache.kafka.coordinator.group.generated.";
            case TRANSACTION_COORDINATOR -> "org.apache.kafka.coordinator.transaction.generated.";
            case SHARE_COORDINATOR -> "org.apache.kafka.coordinator.share.generated.";
        };
        return Class.forName(pkg + schemaName);
    }

    /** Kafka's generated class reading {@code body} (the message's fields) in {@code version}. */
    static ApiMessage read(RecordFamily family, String schemaName, byte[] body, int version) throws Exception {
        ApiMessage m = (ApiMessage) messageClass(family, schemaName).getConstructor().newInstance();
        m.read(new ByteBufferAccessor(ByteBuffer.wrap(body)), (short) version);
        return m;
    }

    /** {@code <Schema>JsonConverter.write(message, version)} as a tree of kwire's number types (via JSON text). */
    static JsonNode json(RecordFamily family, ApiMessage message, int version) throws Exception {
        Class<?> c = message.getClass();
        Class<?> converter = Class.forName(c.getName() + "JsonConverter");
        JsonNode n = (JsonNode) converter.getMethod("write", c, short.class).invoke(null, message, (short) version);
        return JSON.readTree(JSON.writeValueAsString(n));
    }

    /** A tree of kwire's values, through JSON text like {@link #json}. */
    static JsonNode normalized(JsonNode n) throws Exception {
        return n == null ? null : JSON.readTree(JSON.writeValueAsString(n));
    }

    /** The coordinator's serde of a family, as its runtime writes records into its log. */
    static CoordinatorRecordSerde serde(RecordFamily family) {
        return switch (family) {
            case GROUP_COORDINATOR -> new GroupCoordinatorRecordSerde();
            case TRANSACTION_COORDINATOR -> new TransactionCoordinatorRecordSerde();
            case SHARE_COORDINATOR -> new ShareCoordinatorRecordSerde();
            default -> throw new IllegalArgumentException(family + " has no coordinator serde");
        };
    }

    /** A coordinator record's key and value (null for a tombstone) as its serde writes them. */
    static byte[][] coordinatorRecord(RecordFamily family, ApiMessage key, ApiMessage value, int version) {
        CoordinatorRecord r = value == null ? CoordinatorRecord.tombstone(key)
                : CoordinatorRecord.record(key, new ApiMessageAndVersion(value, (short) version));
        CoordinatorRecordSerde serde = serde(family);
        return new byte[][]{serde.serializeKey(r), serde.serializeValue(r)};
    }

    /** A metadata record's value as {@code MetadataRecordSerde} writes it into the metadata log. */
    static byte[] metadataRecord(ApiMessage value, int version) {
        ApiMessageAndVersion m = new ApiMessageAndVersion(value, (short) version);
        ObjectSerializationCache cache = new ObjectSerializationCache();
        int size = MetadataRecordSerde.INSTANCE.recordSize(m, cache);
        ByteBuffer out = ByteBuffer.allocate(size);
        MetadataRecordSerde.INSTANCE.write(m, cache, new ByteBufferAccessor(out));
        return out.array();
    }

    /** A control record's key as Kafka writes it ({@code ControlRecordType.recordKey()}). */
    static byte[] controlKey(int type) {
        ByteBuffer b = ControlRecordType.fromTypeId((short) type).recordKey();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    /**
     * A control record's value as Kafka writes it: a transaction marker's with its int16 version in front
     * ({@code EndTransactionMarker}), KRaft's the message alone ({@code MemoryRecordsBuilder}'s control records:
     * {@code MessageUtil.toByteBufferAccessor(message, version)}).
     */
    static byte[] controlValue(int type, ApiMessage value, int version) {
        if (type == 0 || type == 1) {
            return MessageUtil.toVersionPrefixedBytes((short) version, value);
        }
        ByteBuffer b = MessageUtil.toByteBufferAccessor(value, (short) version).buffer();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }
}
