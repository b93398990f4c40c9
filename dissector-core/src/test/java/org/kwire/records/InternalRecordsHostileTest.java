package org.kwire.records;

import org.junit.jupiter.api.Test;
import org.kwire.expert.ExpertItem;
import org.kwire.expert.ExpertNote;
import org.kwire.schema.RecordFamily;
import org.kwire.schema.SchemaRegistry;

import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crafted internal records that no Kafka writes: each gives its note at its offset, what can be decoded is, nothing
 * throws, nothing allocates by a declared count.
 */
class InternalRecordsHostileTest {

    private static final InternalRecords INTERNAL = new InternalRecords(SchemaRegistry.bundled(), RecordsOptions.defaults());

    private static ByteBuffer bytes(int... b) {
        ByteBuffer out = ByteBuffer.allocate(b.length);
        for (int x : b) {
            out.put((byte) x);
        }
        return out.flip();
    }

    private static List<String> items(InternalRecord r) {
        return r.notes().stream().map(n -> n.item().id() + "@" + n.offset()).toList();
    }

    @Test
    void aMetadataRecordWithABadVarintIsMalformedAtItsOffset() {
        // frame version 1, then a type varint of six bytes (at most five)
        InternalRecord r = INTERNAL.decode(InternalRecords.CLUSTER_METADATA, null,
                bytes(0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01)).orElseThrow();
        assertEquals(RecordFamily.METADATA, r.family());
        assertEquals(List.of("kafka.records.schema_malformed@6"), items(r));
        assertEquals("Af//////AQ==", r.value().asText(), "kept raw");
        assertEquals(-1, r.valueVersion());
    }

    @Test
    void aHugeArrayCountIsMalformedAndTheFieldsBeforeItStay() {
        // PartitionRecord v0: PartitionId int32, TopicId uuid, Replicas compact array of 2^32-2 elements in 3 bytes
        ByteBuffer v = ByteBuffer.allocate(3 + 4 + 16 + 5);
        v.put((byte) 1).put((byte) 3).put((byte) 0).putInt(7).putLong(0).putLong(1)
                .put(new byte[]{(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f});
        InternalRecord r = INTERNAL.decode(InternalRecords.CLUSTER_METADATA, null, v.flip()).orElseThrow();
        assertEquals("PartitionRecord", r.type());
        assertEquals(List.of("kafka.records.schema_malformed@23"), items(r));
        assertEquals("value of PartitionRecord v0 at its offset 23: Replicas: 4294967294 elements cannot fit in the 0 "
                + "bytes left", r.notes().get(0).message());
        assertEquals(7, r.value().get("partitionId").asInt());
        assertEquals("AAAAAAAAAAAAAAAAAAAAAQ", r.value().get("topicId").asText());
    }

    @Test
    void unknownVersionsAndTypesAreShownRawWithANote() {
        // OffsetCommit key (type 1), value version 99
        InternalRecord version = INTERNAL.decode(InternalRecords.CONSUMER_OFFSETS, bytes(0, 1, 0, 1, 'g', 0, 1, 't', 0, 0, 0, 0),
                bytes(0, 99, 1, 2)).orElseThrow();
        assertEquals("OffsetCommit", version.type());
        assertEquals(List.of("kafka.records.schema_unknown@2"), items(version));
        assertEquals("value of OffsetCommit version 99: no bundled schema defines it, shown raw", version.notes().get(0).message());
        assertEquals("{\"group\":\"g\",\"topic\":\"t\",\"partition\":0}", version.key().toString());
        assertEquals("AGMBAg==", version.value().asText());
        // record type 999 of the transaction log
        InternalRecord type = INTERNAL.decode(InternalRecords.TRANSACTION_STATE, bytes(0x03, 0xe7, 1), bytes(0, 0)).orElseThrow();
        assertEquals("Unknown(999)", type.type());
        assertEquals(999, type.typeId());
        assertEquals(List.of("kafka.records.schema_unknown@2", "kafka.records.schema_unknown@2"), items(type));
        assertEquals("A+cB", type.key().asText());
        // a control record of a type Kafka does not define
        InternalRecord control = INTERNAL.decodeControl(bytes(0, 0, 0, 42), bytes(0, 0));
        assertEquals("Unknown(42)", control.type());
        assertTrue(items(control).contains("kafka.records.schema_unknown@0"), items(control).toString());
    }

    @Test
    void shortKeysAndTombstonesOfControlRecordsAreMalformed() {
        InternalRecord shortKey = INTERNAL.decode(InternalRecords.SHARE_GROUP_STATE, bytes(7), null).orElseThrow();
        assertEquals(List.of("kafka.records.schema_malformed@0"), items(shortKey));
        assertEquals(-1, shortKey.typeId());
        InternalRecord control = INTERNAL.decodeControl(bytes(0, 0, 0, 1), null);
        assertEquals("EndTxnMarker", control.type());
        assertEquals(List.of("kafka.records.schema_malformed@0"), items(control));
        assertNull(control.value());
        assertTrue(INTERNAL.decode("orders", bytes(1), bytes(2)).isEmpty(), "not an internal topic");
    }

    @Test
    void valuesPastMaxNodesAreLeftOutAndCounted() {
        InternalRecords tight = new InternalRecords(SchemaRegistry.bundled(), RecordsOptions.defaults(), 2);
        // OffsetCommitValue v1: offset, metadata "", commitTimestamp, expireTimestamp
        ByteBuffer v = ByteBuffer.allocate(2 + 8 + 2 + 8 + 8).putShort((short) 1).putLong(42).putShort((short) 0)
                .putLong(5).putLong(6).flip();
        InternalRecord r = tight.decode(InternalRecords.CONSUMER_OFFSETS, bytes(0, 1, 0, 1, 'g', 0, 1, 't', 0, 0, 0, 0), v)
                .orElseThrow();
        List<ExpertNote> left = r.notes().stream().filter(n -> n.item() == ExpertItem.DISSECT_NODES_LEFT_OUT).toList();
        assertEquals(2, left.size(), r.notes().toString());
        // the struct itself is one value (ValuesBuilder's budget): the key keeps group, the value offset
        assertEquals("key of OffsetCommit v0: 2 values left out: one frame's body holds at most 2 (--max-nodes)",
                left.get(0).message());
        assertEquals("value of OffsetCommit v1: 3 values left out: one frame's body holds at most 2 (--max-nodes)",
                left.get(1).message());
        assertEquals("{\"group\":\"g\"}", r.key().toString());
        assertEquals("{\"offset\":42}", r.value().toString());
    }
}
