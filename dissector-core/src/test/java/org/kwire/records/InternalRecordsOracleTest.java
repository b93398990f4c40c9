package org.kwire.records;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.common.protocol.ApiMessage;
import org.junit.jupiter.api.Test;
import org.kwire.dissect.ErrorNames;
import org.kwire.dissect.RandomValues;
import org.kwire.encode.InstanceEncoder;
import org.kwire.encode.MinimalValues;
import org.kwire.encode.ValueSource;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.schema.RecordFamily;
import org.kwire.schema.RecordSchemas;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * For every record type and version of the bundled internal record schemas (the metadata log's, the three
 * coordinators', the control records'): instances (the minimal one and random ones: non-empty arrays, nulls, tagged
 * fields, non-ASCII strings) are read by Kafka's own generated class, written by Kafka's own serde as it writes its
 * logs, decoded by {@link InternalRecords}, and compared with the generated {@code *JsonConverter.write(message,
 * version)} — key, value, type name and versions. Coordinator tombstones too.
 */
class InternalRecordsOracleTest {

    private static final int RANDOM_INSTANCES = 4;

    private final SchemaRegistry schemas = SchemaRegistry.bundled();
    private final RecordSchemas records = schemas.records();
    private final PlanCache plans = new PlanCache(schemas);
    private final InternalRecords decoder = new InternalRecords(schemas, RecordsOptions.defaults());

    @Test
    void everyInternalRecordTypeAndVersionDecodesAsKafkaWritesIt() throws Exception {
        List<String> failures = new ArrayList<>();
        int[] combos = new int[RecordFamily.values().length];
        for (RecordFamily family : RecordFamily.values()) {
            for (int type : records.types(family)) {
                // KRaft's control records are written and read in version 0 only (ControlRecordUtils)
                int highest = family == RecordFamily.CONTROL && type >= 2 ? 0 : records.versions(family, type, false).highest();
                for (int version = records.versions(family, type, false).lowest(); version <= highest; version++) {
                    combos[family.ordinal()]++;
                    for (int i = 0; i <= RANDOM_INSTANCES; i++) {
                        ValueSource values = i == 0 ? new MinimalValues() : new RandomValues(977L * type + 31L * version + i);
                        String failure = compare(family, type, version, values, i == 1);
                        if (failure != null) {
                            failures.add(family + " type " + type + " v" + version + " instance " + i + ": " + failure);
                        }
                    }
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " failures, first: "
                + String.join("\n", failures.subList(0, Math.min(8, failures.size()))));
        // (family, record type, value version) combinations of Kafka 4.4.0's schemas
        // (record type, value version) combinations of Kafka 4.4.0's schemas, per family
        assertEquals(7, combos[RecordFamily.CONTROL.ordinal()], "control types 0-6, version 0");
        assertEquals(38, combos[RecordFamily.METADATA.ordinal()], "27 metadata record types: RegisterBrokerRecord v0-4, "
                + "PartitionRecord and PartitionChangeRecord v0-2, BrokerRegistrationChangeRecord v0-3, the rest v0");
        assertEquals(30, combos[RecordFamily.GROUP_COORDINATOR.ordinal()], "22 group coordinator record types");
        assertEquals(22, records.types(RecordFamily.GROUP_COORDINATOR).size());
        assertEquals(2, combos[RecordFamily.TRANSACTION_COORDINATOR.ordinal()], "TransactionLog v0-1");
        assertEquals(List.of(0), List.copyOf(records.types(RecordFamily.TRANSACTION_COORDINATOR)));
        assertEquals(2, combos[RecordFamily.SHARE_COORDINATOR.ordinal()], "ShareSnapshot, ShareUpdate");
    }

    /** Null if kwire agrees with Kafka on one instance of a record type's version, else what differs. */
    private String compare(RecordFamily family, int type, int version, ValueSource values, boolean tombstone)
            throws Exception {
        MessagePlan valuePlan = plans.recordPlan(family, type, false, version).orElseThrow();
        ApiMessage value = KafkaRecordOracle.read(family, valuePlan.spec().name(),
                new InstanceEncoder(values).body(valuePlan), version);
        ApiMessage key = null;
        byte[] k;
        byte[] v;
        switch (family) {
            case METADATA -> {
                k = null;
                v = KafkaRecordOracle.metadataRecord(value, version);
            }
            case CONTROL -> {
                k = KafkaRecordOracle.controlKey(type);
                v = KafkaRecordOracle.controlValue(type, value, version);
            }
            default -> {
                MessagePlan keyPlan = plans.recordPlan(family, type, true, 0).orElseThrow();
                key = KafkaRecordOracle.read(family, keyPlan.spec().name(), new InstanceEncoder(values).body(keyPlan), 0);
                byte[][] kv = KafkaRecordOracle.coordinatorRecord(family, key, tombstone ? null : value, version);
                k = kv[0];
                v = kv[1];
            }
        }
        InternalRecord ours = decoder.decode(family, k == null ? null : ByteBuffer.wrap(k), v == null ? null : ByteBuffer.wrap(v));
        if (!ours.notes().isEmpty()) {
            return "notes " + ours.notes();
        }
        String name = valuePlan.spec().name();
        String expectedName = family == RecordFamily.METADATA || family == RecordFamily.CONTROL ? name
                : name.substring(0, name.length() - "Value".length());
        if (ours.typeId() != type || !ours.type().equals(expectedName)) {
            return "type " + ours.typeId() + " " + ours.type() + ", expected " + type + " " + expectedName;
        }
        int expectedValueVersion = v == null ? -1 : version;
        if (ours.valueVersion() != expectedValueVersion) {
            return "value version " + ours.valueVersion();
        }
        JsonNode expectedValue = v == null ? null : KafkaRecordOracle.json(family, value, version);
        JsonNode mine = KafkaRecordOracle.normalized(ours.value());
        if (mine != null) {
            String names = ErrorNames.strip(mine);
            if (names != null) {
                return names;
            }
        }
        if (!java.util.Objects.equals(mine, expectedValue)) {
            return "value\n kafka " + expectedValue + "\n kwire " + mine;
        }
        JsonNode expectedKey = switch (family) {
            case METADATA -> null;
            case CONTROL -> KafkaRecordOracle.normalized(com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
                    .objectNode().put("type", type));
            default -> KafkaRecordOracle.json(family, key, 0);
        };
        JsonNode mineKey = KafkaRecordOracle.normalized(ours.key());
        if (!java.util.Objects.equals(mineKey, expectedKey)) {
            return "key\n kafka " + expectedKey + "\n kwire " + mineKey;
        }
        return family == RecordFamily.METADATA || ours.keyVersion() == 0 ? null : "key version " + ours.keyVersion();
    }
}
