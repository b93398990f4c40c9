package org.kwire.records;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.kwire.framing.FramingFacts;
import org.kwire.framing.SchemaFraming;
import org.kwire.framing.SchemaRef;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Schema Registry framing counted in records kafka-clients built, with the bytes Confluent's serializers write: magic 0
 * and a big-endian id, magic 1 and a GUID, and the {@code __key_schema_id}/{@code __value_schema_id} headers.
 */
class SchemaFramingRecordsTest {

    static final UUID G1 = UUID.fromString("89791762-2336-4186-9674-299b90a802e2");
    static final UUID G2 = UUID.fromString("0f1e2d3c-4b5a-4978-8796-a5b4c3d2e1f0");

    @ParameterizedTest
    @ValueSource(strings = {"none", "gzip", "snappy", "lz4", "zstd"})
    void countsEveryFormInOneBatch(String codec) {
        ByteBuffer buf = MemoryRecords.withRecords(TestBatches.compression(codec), records()).buffer();

        RecordsSummary s = new RecordsDecoder(RecordsOptions.defaults()).decode(buf, 0, buf.limit(), 1, null);

        assertEquals(expected(), s.framing());
    }

    @Test
    void aTreeReadsTheSameAndShowsThePrefixes() {
        ByteBuffer buf = MemoryRecords.withRecords(Compression.NONE, records()).buffer();
        FieldNode field = Nodes.field();

        RecordsSummary s = new RecordsDecoder(RecordsOptions.defaults()).decode(buf, 0, buf.limit(), 1, field);

        assertEquals(expected(), s.framing());
        List<FieldNode> records = Nodes.children(field.children().get(0), "Record[");
        FieldNode value = records.get(0).child("value");
        assertEquals("Schema Registry id 7, not shown", value.detail());
        assertEquals(List.of("magic = 0", "schemaId = 7"), value.children().stream()
                .map(n -> n.name() + " = " + n.value()).toList());
        assertEquals(value.offset() + 1, value.child("schemaId").offset());
        assertEquals("Schema Registry id 3, not shown", records.get(0).child("key").detail());
        FieldNode guid = records.get(10).child("value");
        assertEquals("schemaGuid = 89791762-2336-4186-9674-299b90a802e2", guid.child("schemaGuid").name() + " = "
                + guid.child("schemaGuid").value());
        FieldNode headerValue = records.get(12).child("headers").child("Header[2]").child("headerValue");
        assertEquals("Schema Registry guid " + G2 + ", not shown", headerValue.detail());
        assertEquals("not shown", records.get(8).child("value").detail(), "plain text: no prefix");
    }

    @Test
    void headersOnlyDecodingCountsNothing() {
        ByteBuffer buf = MemoryRecords.withRecords(Compression.NONE, records()).buffer();

        RecordsSummary s = RecordsDecoder.headersOnly(RecordsOptions.defaults()).decode(buf, 0, buf.limit(), 1, null);

        assertEquals(FramingFacts.NONE, s.framing());
    }

    @Test
    void batchesWhoseRecordsNameASchemaGetNoStandIn() {
        byte[] framed = bytes(MemoryRecords.withRecords(Compression.NONE, records()));
        byte[] plain = bytes(MemoryRecords.withRecords(Compression.NONE, plain(6)));
        byte[] run = TestBatches.concat(framed, plain);

        List<BatchStandIn.Found> found = BatchStandIn.find(run, 0, run.length, new RecordsDecoder(RecordsOptions.defaults()));

        assertEquals(List.of(new BatchStandIn.Found(framed.length, plain.length, plain.length)), found);
    }

    @Test
    void zeroIdsShortValuesAndNilGuidsAreNotFramed() {
        SimpleRecord[] r = {
            new SimpleRecord(1L, null, new byte[] {0, 0, 0, 0, 0, 'x'}), // id 0: Schema Registry ids start at 1
            new SimpleRecord(2L, null, new byte[] {0, 0, 0, 7}), // 4 bytes: no room for an id
            new SimpleRecord(3L, null, new byte[] {0, (byte) 0x80, 0, 0, 1, 'x'}), // negative id
            new SimpleRecord(4L, null, new byte[17]), // magic 0 and id 0 again
            new SimpleRecord(5L, null, guid(new UUID(0, 0), "x")),
            new SimpleRecord(6L, null, new byte[] {1, 2, 3}),
            // 1 and 16 bytes that are no random UUID (version 6 here): a coordinator's record value, say
            new SimpleRecord(7L, null, guid(UUID.fromString("0200076f-7264-6572-7300-000000000000"), "x"))};
        ByteBuffer buf = MemoryRecords.withRecords(Compression.NONE, r).buffer();

        RecordsSummary s = new RecordsDecoder(RecordsOptions.defaults()).decode(buf, 0, buf.limit(), 1, null);

        assertEquals(new FramingFacts(7, List.of(), 0), s.framing());
    }

    /** What {@link #records()} hold: values 7 x5, 42 x3, G1 x2 (prefix), G2 x2 (header); keys 3 x5, 9 x2 (header). */
    static FramingFacts expected() {
        return new FramingFacts(14, List.of(
                new FramingFacts.Count(true, false, new SchemaRef(3, null), 5),
                new FramingFacts.Count(false, false, new SchemaRef(7, null), 5),
                new FramingFacts.Count(false, false, new SchemaRef(42, null), 3),
                new FramingFacts.Count(false, false, new SchemaRef(null, G1), 2),
                new FramingFacts.Count(true, true, new SchemaRef(9, null), 2),
                new FramingFacts.Count(false, true, new SchemaRef(null, G2), 2)), 0);
    }

    /**
     * 14 records: 5 with key id 3 and value id 7 (prefixes), 3 with a null key and value id 42, 2 plain, 2 with value
     * GUID G1 (prefix), 2 whose headers name key id 9 and value GUID G2 (payloads without prefix).
     */
    static SimpleRecord[] records() {
        List<SimpleRecord> out = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            out.add(new SimpleRecord(1000L + i, id(3, "k" + i), id(7, "avro payload " + i)));
        }
        for (int i = 0; i < 3; i++) {
            out.add(new SimpleRecord(1010L + i, null, id(42, "payload " + i)));
        }
        for (int i = 0; i < 2; i++) {
            out.add(new SimpleRecord(1020L + i, utf8("plain"), utf8("plain text " + i)));
        }
        for (int i = 0; i < 2; i++) {
            out.add(new SimpleRecord(1030L + i, null, guid(G1, "payload " + i)));
        }
        for (int i = 0; i < 2; i++) {
            Header[] headers = {new RecordHeader("trace", utf8("t" + i)),
                new RecordHeader("__key_schema_id", id(9, "")), new RecordHeader("__value_schema_id", guid(G2, ""))};
            out.add(new SimpleRecord(1040L + i, utf8("raw key"), utf8("raw value " + i), headers));
        }
        assertTrue(out.size() == 14);
        return out.toArray(SimpleRecord[]::new);
    }

    /** Magic 0, the id big-endian, then the payload (Confluent's id prefix). */
    static byte[] id(int id, String payload) {
        return SchemaFraming.framed(new SchemaRef(id, null), utf8(payload));
    }

    /** Magic 1, the GUID's 16 bytes, then the payload (Confluent's GUID form). */
    static byte[] guid(UUID guid, String payload) {
        return SchemaFraming.framed(new SchemaRef(null, guid), utf8(payload));
    }

    private static SimpleRecord[] plain(int n) {
        SimpleRecord[] r = new SimpleRecord[n];
        for (int i = 0; i < n; i++) {
            r[i] = new SimpleRecord(2000L + i, utf8("key-" + i), utf8("a value of a topic without Schema Registry " + i));
        }
        return r;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bytes(MemoryRecords r) {
        ByteBuffer b = r.buffer().duplicate();
        byte[] a = new byte[b.remaining()];
        b.get(a);
        return a;
    }

}
