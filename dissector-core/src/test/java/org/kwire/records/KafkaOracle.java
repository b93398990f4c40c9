package org.kwire.records;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.DefaultRecordBatch;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MutableRecordBatch;
import org.apache.kafka.common.record.internal.Record;
import org.kwire.tree.FieldNode;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Kafka as the oracle: decodes a records field with kwire (tree and fast path) and with kafka-clients'
 * {@code MemoryRecords.readableRecords(buf).batches()}, and asserts that every batch and record field agrees.
 */
final class KafkaOracle {

    /** Values shown whole, so that every byte can be compared. */
    static final RecordsOptions SHOW_ALL = new RecordsOptions(RecordsOptions.DEFAULT_MAX_DECOMPRESSED_BYTES, true,
            1 << 20, RecordsOptions.DEFAULT_MAX_DEPTH);

    private KafkaOracle() {
    }

    /** Asserts kwire and Kafka agree on {@code records}; returns kwire's summary. */
    static RecordsSummary assertSameAsKafka(byte[] records) {
        return assertSameAsKafka(ByteBuffer.wrap(records));
    }

    static RecordsSummary assertSameAsKafka(MemoryRecords records) {
        ByteBuffer buf = records.buffer();
        byte[] bytes = new byte[buf.remaining()];
        buf.duplicate().get(bytes);
        return assertSameAsKafka(bytes);
    }

    private static RecordsSummary assertSameAsKafka(ByteBuffer buf) {
        FieldNode field = Nodes.field();
        RecordsSummary summary = new RecordsDecoder(SHOW_ALL).decode(buf, 0, buf.limit(), 7, field);
        assertEquals(summary, new RecordsDecoder(SHOW_ALL).decode(buf, 0, buf.limit(), 7, null),
                "the fast path finds what the tree finds");
        assertEquals(List.of(), summary.notes());

        List<MutableRecordBatch> batches = new ArrayList<>();
        MemoryRecords.readableRecords(buf.duplicate()).batches().forEach(batches::add);
        assertEquals(batches.size(), summary.batches().size(), "batches");
        assertEquals(batches.size(), field.children().size(), "batch nodes");
        for (int i = 0; i < batches.size(); i++) {
            assertBatch(batches.get(i), summary.batches().get(i), field.children().get(i));
        }
        assertEquals(batches.stream().mapToInt(MutableRecordBatch::sizeInBytes).sum(), summary.bytesCompressed());
        assertEquals(0, summary.crcInvalid());
        return summary;
    }

    private static void assertBatch(MutableRecordBatch kafka, BatchInfo info, FieldNode node) {
        List<Record> records = new ArrayList<>();
        kafka.forEach(records::add);
        assertEquals(kafka.magic(), info.magic());
        assertEquals(kafka.baseOffset(), info.baseOffset(), "baseOffset");
        assertEquals(kafka.lastOffset(), info.lastOffset(), "lastOffset");
        assertEquals(kafka.sizeInBytes(), info.sizeInBytes());
        assertEquals(kafka.compressionType().name, info.codec().label());
        assertEquals(kafka.checksum(), info.crc());
        assertTrue(info.crcValid());
        assertEquals(kafka.isTransactional(), info.transactional());
        assertEquals(kafka.isControlBatch(), info.control());
        assertEquals(kafka.producerId(), info.producerId());
        assertEquals(kafka.producerEpoch(), info.producerEpoch());
        assertEquals(kafka.baseSequence(), info.baseSequence());
        assertEquals(records.size(), info.recordsCount(), "records");
        assertEquals(kafka.maxTimestamp(), info.maxTimestamp(), "maxTimestamp");
        assertEquals(kafka instanceof DefaultRecordBatch d ? d.baseTimestamp() : kafka.maxTimestamp(),
                info.firstTimestamp(), "first timestamp");
        assertEquals(kafka.timestampType() == TimestampType.LOG_APPEND_TIME, info.logAppendTime(), "timestamp type");
        assertEquals(kafka.checksum(), node.child("crc").value());
        if (kafka.magic() == 2) {
            assertV2Records(kafka, records, node);
        } else {
            assertLegacyRecords(kafka, records, node);
        }
    }

    private static void assertV2Records(MutableRecordBatch kafka, List<Record> records, FieldNode batch) {
        assertEquals(kafka.partitionLeaderEpoch(), Nodes.number(batch, "partitionLeaderEpoch"));
        assertEquals(kafka.maxTimestamp(), Nodes.number(batch, "maxTimestamp"));
        FieldNode parent = kafka.isCompressed() ? batch.child("records") : batch;
        List<FieldNode> nodes = Nodes.children(parent, "Record[");
        assertEquals(records.size(), nodes.size());
        for (int i = 0; i < records.size(); i++) {
            Record record = records.get(i);
            FieldNode node = nodes.get(i);
            assertEquals(kafka.isCompressed(), node.inDecompressed());
            assertEquals(record.sizeInBytes(), node.length());
            assertEquals(record.offset(), kafka.baseOffset() + Nodes.number(node, "offsetDelta"), "offset");
            long timestamp = kafka.timestampType() == TimestampType.LOG_APPEND_TIME ? kafka.maxTimestamp()
                    : Nodes.number(batch, "baseTimestamp") + Nodes.number(node, "timestampDelta");
            assertEquals(record.timestamp(), timestamp, "timestamp");
            if (kafka.isControlBatch()) {
                assertControlRecord(record, node);
            } else {
                assertBytes(record.key(), node, "keyLength", "key");
                assertBytes(record.value(), node, "valueLength", "value");
            }
            assertHeaders(record.headers(), node.child("headers"));
        }
    }

    private static void assertControlRecord(Record record, FieldNode node) {
        ControlRecordType type = ControlRecordType.parse(record.key());
        assertEquals(type.type(), Nodes.number(node.child("key"), "type"));
        assertEquals(type.name(), node.child("key").detail());
        if (type == ControlRecordType.COMMIT || type == ControlRecordType.ABORT) {
            assertEquals(EndTransactionMarker.deserialize(record).coordinatorEpoch(),
                    Nodes.number(node.child("value"), "coordinatorEpoch"));
        } else {
            assertBytes(record.value(), node, "valueLength", "value");
        }
    }

    private static void assertHeaders(Header[] headers, FieldNode node) {
        assertEquals(headers.length, Nodes.number(node, "headerCount"));
        List<FieldNode> nodes = Nodes.children(node, "Header[");
        assertEquals(headers.length, nodes.size());
        for (int i = 0; i < headers.length; i++) {
            assertEquals(headers[i].key(), nodes.get(i).child("headerKey").value());
            assertBytes(headers[i].value() == null ? null : ByteBuffer.wrap(headers[i].value()), nodes.get(i),
                    "headerValueLength", "headerValue");
        }
    }

    /** A wrapper's inner messages are under its value node; a plain message is its own only record. */
    private static void assertLegacyRecords(MutableRecordBatch kafka, List<Record> records, FieldNode message) {
        boolean wrapper = kafka.isCompressed();
        List<FieldNode> nodes = wrapper ? Nodes.children(message.child("value"), "Message") : List.of(message);
        assertEquals(records.size(), nodes.size());
        long lastWireOffset = Nodes.number(nodes.get(nodes.size() - 1), "offset");
        for (int i = 0; i < records.size(); i++) {
            Record record = records.get(i);
            FieldNode node = nodes.get(i);
            assertEquals(wrapper, node.inDecompressed());
            long wire = Nodes.number(node, "offset");
            boolean relative = wrapper && kafka.magic() == 1; // KIP-31: inner offsets relative to the wrapper's
            assertEquals(record.offset(), relative ? kafka.lastOffset() - lastWireOffset + wire : wire, "offset");
            if (kafka.magic() == 1 && kafka.timestampType() == TimestampType.CREATE_TIME) {
                assertEquals(record.timestamp(), Nodes.number(node, "timestamp"));
            }
            assertBytes(record.key(), node, "keyLength", "key");
            assertBytes(record.value(), node, "valueLength", "value");
        }
    }

    /** The length node says -1 and there is no bytes node for null; else the bytes node shows exactly the bytes. */
    private static void assertBytes(ByteBuffer expected, FieldNode parent, String lengthName, String name) {
        if (expected == null) {
            assertEquals(-1, Nodes.number(parent, lengthName), lengthName);
            assertNull(parent.child(name), name);
            return;
        }
        byte[] bytes = new byte[expected.remaining()];
        expected.duplicate().get(bytes);
        assertEquals(bytes.length, Nodes.number(parent, lengthName), lengthName);
        assertEquals(bytes.length, parent.child(name).length(), name);
        assertArrayEquals(bytes, Nodes.shownBytes(parent.child(name)), name);
    }
}
