package org.kwire.records;

import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.message.KRaftVersionRecord;
import org.apache.kafka.common.message.LeaderChangeMessage;
import org.apache.kafka.common.metadata.FeatureLevelRecord;
import org.apache.kafka.common.metadata.PartitionRecord;
import org.apache.kafka.common.metadata.TopicRecord;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.RecordBatch;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.coordinator.group.generated.GroupMetadataKey;
import org.apache.kafka.coordinator.group.generated.OffsetCommitKey;
import org.apache.kafka.coordinator.group.generated.OffsetCommitValue;
import org.junit.jupiter.api.Test;
import org.kwire.dissect.WireValues;
import org.kwire.schema.RecordFamily;
import org.kwire.schema.SchemaRegistry;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka's own records in real v2 record batches built by Kafka ({@code MemoryRecords}, compressed and not), walked by
 * {@link RecordsDecoder#withInternalRecords}: the keys' and values' fields as tree nodes with exact values, offsets into
 * the decompressed payload, on the topics that hold them; control records on any topic.
 */
class InternalRecordBatchesTest {

    private static final long T0 = 1_795_973_774_751L;
    private static final InternalRecords INTERNAL = new InternalRecords(SchemaRegistry.bundled(), KafkaOracle.SHOW_ALL);
    private static final RecordsDecoder DECODER = new RecordsDecoder(KafkaOracle.SHOW_ALL).withInternalRecords(INTERNAL);

    private static FieldNode walk(MemoryRecords records, String topic) {
        ByteBuffer b = records.buffer();
        FieldNode root = new FieldNode("records", "records", 0, b.limit());
        RecordsSummary s = DECODER.decode(b, 0, b.limit(), 1, root, topic);
        assertTrue(s.notes().isEmpty(), s.notes().toString());
        return root;
    }

    /** The nodes named {@code name} below {@code n}, depth first. */
    private static List<FieldNode> all(FieldNode n, String name) {
        List<FieldNode> out = new ArrayList<>();
        for (FieldNode c : n.children()) {
            if (c.name().equals(name)) {
                out.add(c);
            }
            out.addAll(all(c, name));
        }
        return out;
    }

    private static FieldNode first(FieldNode n, String name) {
        return all(n, name).get(0);
    }

    private static long number(FieldNode n, String name) {
        return ((Number) first(n, name).value()).longValue();
    }

    @Test
    void consumerOffsetsRecordsInAGzipBatchAreTreesOfTheirFields() {
        OffsetCommitKey key = new OffsetCommitKey().setGroup("g1").setTopic("orders").setPartition(3);
        OffsetCommitValue value = new OffsetCommitValue().setOffset(42).setLeaderEpoch(5).setMetadata("m")
                .setCommitTimestamp(T0);
        byte[][] commit = KafkaRecordOracle.coordinatorRecord(RecordFamily.GROUP_COORDINATOR, key, value, 4);
        byte[][] tombstone = KafkaRecordOracle.coordinatorRecord(RecordFamily.GROUP_COORDINATOR,
                new GroupMetadataKey().setGroup("g1"), null, 0);
        FieldNode root = walk(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 0L, Compression.gzip().build(),
                TimestampType.CREATE_TIME, new SimpleRecord(T0, commit[0], commit[1]),
                new SimpleRecord(T0, tombstone[0], null)), InternalRecords.CONSUMER_OFFSETS);
        List<FieldNode> keys = all(root, "key");
        assertEquals("group_coordinator OffsetCommit key v0", keys.get(0).detail());
        assertEquals(1L, number(keys.get(0), "type"));
        assertEquals("g1", first(keys.get(0), "group").value());
        assertEquals("orders", first(keys.get(0), "topic").value());
        assertEquals(3L, number(keys.get(0), "partition"));
        FieldNode v = first(root, "value");
        assertEquals("group_coordinator OffsetCommit value v4", v.detail());
        assertEquals(42L, number(v, "offset"));
        assertEquals(5L, number(v, "leaderEpoch"));
        assertEquals(T0, number(v, "commitTimestamp"));
        assertTrue(first(v, "offset").inDecompressed(), "offsets into the decompressed payload");
        assertEquals(v.offset() + 2, first(v, "offset").offset(), "the int64 offset right after the int16 version");
        assertEquals("group_coordinator GroupMetadata key v0", keys.get(1).detail());
        assertEquals("g1", first(keys.get(1), "group").value());
        assertEquals(1, all(root, "value").size(), "the tombstone has no value");
    }

    @Test
    void theMetadataLogsRecordsInAnLz4BatchAreTreesOfTheirFields() {
        Uuid id = Uuid.fromString("s8OQ_ghUCCJf-xQav7g7Vg");
        FieldNode root = walk(MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 7L, Compression.lz4().build(),
                        TimestampType.CREATE_TIME,
                        new SimpleRecord(T0, null, KafkaRecordOracle.metadataRecord(new TopicRecord().setName("orders")
                                .setTopicId(id), 0)),
                        new SimpleRecord(T0, null, KafkaRecordOracle.metadataRecord(new PartitionRecord().setPartitionId(2)
                                .setTopicId(id).setReplicas(List.of(1, 2, 3)).setIsr(List.of(1, 3)).setLeader(3)
                                .setLeaderEpoch(9), 2)),
                        new SimpleRecord(T0, null, KafkaRecordOracle.metadataRecord(new FeatureLevelRecord()
                                .setName("metadata.version").setFeatureLevel((short) 33), 0))),
                InternalRecords.CLUSTER_METADATA);
        List<FieldNode> values = all(root, "value");
        assertEquals(List.of("metadata TopicRecord value v0", "metadata PartitionRecord value v2",
                "metadata FeatureLevelRecord value v0"), values.stream().map(FieldNode::detail).toList());
        assertEquals(List.of(1L, 2L, 0L), List.of(number(values.get(0), "frameVersion"), number(values.get(0), "type"),
                number(values.get(0), "version")));
        assertEquals("orders", first(values.get(0), "Name").value());
        UUID topicId = (UUID) first(values.get(0), "TopicId").value();
        assertEquals(id.toString(), WireValues.kafkaUuid(topicId.getMostSignificantBits(), topicId.getLeastSignificantBits()));
        assertEquals("3 elements", first(values.get(1), "Replicas").detail());
        assertEquals(9L, number(values.get(1), "LeaderEpoch"));
        assertEquals("metadata.version", first(values.get(2), "Name").value());
        assertEquals(33L, number(values.get(2), "FeatureLevel"));
    }

    @Test
    void controlRecordsAreDecodedByTheirKeyTypeOnAnyTopic() {
        LeaderChangeMessage leader = new LeaderChangeMessage().setLeaderId(2).setVoters(List.of(
                new LeaderChangeMessage.Voter().setVoterId(1), new LeaderChangeMessage.Voter().setVoterId(2)))
                .setGrantingVoters(List.of(new LeaderChangeMessage.Voter().setVoterId(2)));
        FieldNode change = walk(MemoryRecords.withLeaderChangeMessage(0L, T0, 4, ByteBuffer.allocate(256), leader), "orders");
        assertEquals("control LeaderChangeMessage value v0", first(change, "value").detail());
        assertEquals(2L, number(change, "LeaderId"));
        assertEquals("2 elements", first(change, "Voters").detail());
        FieldNode version = walk(MemoryRecords.withKRaftVersionRecord(3L, T0, 4, ByteBuffer.allocate(256),
                new KRaftVersionRecord().setKRaftVersion((short) 1)), null);
        assertEquals(1L, number(version, "KRaftVersion"));
        FieldNode marker = walk(MemoryRecords.withEndTransactionMarker(9L, T0, 4, 77L, (short) 3,
                new EndTransactionMarker(ControlRecordType.COMMIT, 12)), "orders");
        assertEquals("control EndTxnMarker key v0", first(marker, "key").detail());
        assertEquals(1L, number(first(marker, "key"), "Type"));
        assertEquals("control EndTxnMarker value v0", first(marker, "value").detail());
        assertEquals(12L, number(marker, "CoordinatorEpoch"));
    }

    @Test
    void onOtherTopicsOrWithoutRecordsShownKeysAndValuesStayAsBefore() {
        byte[] value = KafkaRecordOracle.metadataRecord(new TopicRecord().setName("orders").setTopicId(Uuid.ONE_UUID), 0);
        MemoryRecords records = MemoryRecords.withRecords(Compression.NONE, new SimpleRecord(T0, null, value));
        FieldNode plain = walk(records, "orders");
        assertEquals("base64", first(plain, "value").detail(), "not an internal topic: bytes as before");
        assertTrue(all(plain, "Name").isEmpty());
        ByteBuffer b = records.buffer();
        FieldNode hidden = new FieldNode("records", "records", 0, b.limit());
        new RecordsDecoder(RecordsOptions.defaults()).withInternalRecords(INTERNAL)
                .decode(b, 0, b.limit(), 1, hidden, InternalRecords.CLUSTER_METADATA);
        assertEquals("not shown", first(hidden, "value").detail(), "user data is shown only with --records");
    }

    @Test
    void internalRecordsAreCollectedWithTheirOffsetsAndTimestampsUpToTheLimit() {
        MemoryRecords records = MemoryRecords.withRecords(RecordBatch.MAGIC_VALUE_V2, 7L, Compression.gzip().build(),
                TimestampType.CREATE_TIME,
                new SimpleRecord(T0, null, KafkaRecordOracle.metadataRecord(new FeatureLevelRecord()
                        .setName("metadata.version").setFeatureLevel((short) 33), 0)),
                new SimpleRecord(T0 + 5, null, KafkaRecordOracle.metadataRecord(new TopicRecord().setName("orders")
                        .setTopicId(Uuid.ONE_UUID), 0)),
                new SimpleRecord(T0 + 9, null, KafkaRecordOracle.metadataRecord(new TopicRecord().setName("audit")
                        .setTopicId(Uuid.ONE_UUID), 0)));
        ByteBuffer b = records.buffer();
        InternalRecordsFound all = DECODER.internalRecords(b, 0, b.limit(), InternalRecords.CLUSTER_METADATA);
        assertEquals(List.of(7L, 8L, 9L), all.records().stream().map(InternalRecordAt::offset).toList());
        assertEquals(List.of(T0, T0 + 5, T0 + 9), all.records().stream().map(InternalRecordAt::timestamp).toList());
        assertEquals("{\"offset\":8,\"timestamp\":" + (T0 + 5) + ",\"family\":\"metadata\",\"type\":\"TopicRecord\","
                + "\"type_id\":2,\"key_version\":-1,\"value_version\":0,\"key\":null,\"value\":{\"name\":\"orders\","
                + "\"topicId\":\"AAAAAAAAAAAAAAAAAAAAAQ\"}}", all.records().get(1).json().toString());
        assertEquals(0, all.leftOut());
        RecordsDecoder two = new RecordsDecoder(KafkaOracle.SHOW_ALL).withInternalRecords(
                new InternalRecords(SchemaRegistry.bundled(), KafkaOracle.SHOW_ALL, 2));
        InternalRecordsFound cut = two.internalRecords(b, 0, b.limit(), InternalRecords.CLUSTER_METADATA);
        assertEquals(2, cut.records().size());
        assertEquals(1, cut.leftOut());
        assertEquals(0, DECODER.internalRecords(b, 0, b.limit(), "orders").records().size(), "user records: none");
    }
}
