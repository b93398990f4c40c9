package org.kwire.records;

import org.kwire.expert.ExpertItem;
import org.kwire.records.FieldReader.Sized;
import org.kwire.records.FieldReader.Wire;
import org.kwire.schema.RecordFamily;
import org.kwire.tree.FieldNode;


/**
 * The records of a RecordBatch v2 (Kafka docs "Record": varint length, int8 attributes, varlong timestampDelta, varint
 * offsetDelta, varint-sized key and value, varint count of headers with varint-sized key and value). In a control
 * batch the key is a control record key (int16 version, int16 type) and a COMMIT/ABORT value an end transaction
 * marker (int16 version, int32 coordinatorEpoch) (KIP-98). Nodes: {@code Record[i]} per record, detail its offset.
 */
final class RecordV2Decoder {

    private static final Sized KEY = new Sized(Wire.VARINT, "keyLength", "key size in bytes, -1 for a null key",
            "key", "bytes", "record key", true);
    private static final Sized VALUE = new Sized(Wire.VARINT, "valueLength", "value size in bytes, -1 for a null value",
            "value", "bytes", "record value", true);
    private static final Sized HEADER_KEY = new Sized(Wire.VARINT, "headerKeyLength", "header key size in bytes",
            "headerKey", "string", "header key", false);
    private static final Sized HEADER_VALUE = new Sized(Wire.VARINT, "headerValueLength",
            "header value size in bytes, -1 for a null value", "headerValue", "bytes", "header value", true);
    /** Control record types by id (Kafka's ControlRecordType): transaction markers, then KRaft's. */
    private static final String[] CONTROL_TYPES = {"ABORT", "COMMIT", "LEADER_CHANGE", "SNAPSHOT_HEADER",
            "SNAPSHOT_FOOTER", "KRAFT_VERSION", "KRAFT_VOTERS"};

    /** The type of the current batch's first control record, -1 until one is read. */
    private int controlType = -1;
    /** The coordinatorEpoch of the current batch's first end transaction marker, -1 until one is read. */
    private int coordinatorEpoch = -1;
    /** The fast path over regular records when no tree is built. */
    private final RecordScan scan = new RecordScan();
    /** Schema Registry framing of the records read here. */
    private final SchemaIdFraming framing = new SchemaIdFraming();

    /**
     * Decodes the records from the reader's position to {@code end}, checking them against the batch's count.
     *
     * @return in a control batch, the type of its first control record (-1 if none could be read); else -1
     */
    int decode(FieldReader r, FieldNode parent, int end, BatchInfo batch) {
        int declared = batch.recordsCount();
        int found = 0;
        controlType = -1;
        coordinatorEpoch = -1;
        if (parent == null && !batch.control() && !r.context().collecting()) {
            r.seek(scan.walk(r.bytes(), r.position(), end, declared, r.context().framing()));
            found = scan.walked;
        }
        while (found < declared && r.position() < end) {
            try {
                decodeRecord(r, parent, end, batch, found);
            } catch (Malformed m) {
                r.malformed(parent, "record " + found + " of RecordBatch v2 baseOffset " + batch.baseOffset(), m);
                return controlType;
            }
            found++;
        }
        if (found != declared) {
            r.note(parent, ExpertItem.RECORDS_COUNT_MISMATCH, r.position(), "RecordBatch v2 baseOffset "
                    + batch.baseOffset() + " declares " + declared + " records but holds " + found);
        } else if (r.position() < end) {
            r.note(parent, ExpertItem.RECORDS_TRAILING_BYTES, r.position(), (end - r.position())
                    + " bytes after the last record of RecordBatch v2 baseOffset " + batch.baseOffset());
        }
        return controlType;
    }

    /** The coordinatorEpoch of the first end transaction marker of the batch {@link #decode} read last, -1 if none. */
    int coordinatorEpoch() {
        return coordinatorEpoch;
    }

    private void decodeRecord(FieldReader r, FieldNode parent, int end, BatchInfo batch, int index)
            throws Malformed {
        int start = r.position();
        FieldNode record = parent == null ? null : r.group(parent, "Record[" + index + "]", "Record", start, 0);
        long length = r.read(record, Wire.VARINT, "length", "bytes of the record after this field");
        if (length < 0 || length > end - r.position()) {
            throw new Malformed(start, "length " + length + " does not fit the " + (end - r.position())
                    + " bytes left");
        }
        int recordEnd = r.position() + (int) length;
        if (record != null) {
            record.setLength(recordEnd - start);
        }
        int outer = r.bound(recordEnd);
        try {
            r.read(record, Wire.INT8, "attributes", "unused, 0");
            long timestampDelta = r.read(record, Wire.VARLONG, "timestampDelta", "timestamp minus the batch's baseTimestamp");
            long offsetDelta = r.read(record, Wire.VARINT, "offsetDelta", "offset minus the batch's baseOffset");
            DecodeContext ctx = r.context();
            boolean internal = ctx.internal() != null && (batch.control() || ctx.family() != null);
            RecordFamily family = batch.control() ? RecordFamily.CONTROL : ctx.family();
            if (internal && record != null) {
                internalKeyAndValue(r, record, family);
            } else if (internal && ctx.collecting()) {
                collect(r, family, batch.baseOffset() + offsetDelta,
                        batch.logAppendTime() ? batch.maxTimestamp() : batch.firstTimestamp() + timestampDelta);
            } else if (batch.control()) {
                controlKeyAndValue(r, record);
            } else {
                framing.start(r);
                int key = r.sized(record, KEY);
                framing.sized(r, record == null || key < 0 ? null : r.last(), key, true);
                int value = r.sized(record, VALUE);
                framing.sized(r, record == null || value < 0 ? null : r.last(), value, false);
            }
            headers(r, record);
            if (r.position() != recordEnd) {
                throw new Malformed(r.position(), (recordEnd - r.position()) + " bytes after the record's headers");
            }
            if (!batch.control()) {
                framing.end(r);
            }
            if (record != null) {
                record.setDetail("offset " + (batch.baseOffset() + offsetDelta));
            }
        } finally {
            r.bound(outer);
        }
    }

    private void headers(FieldReader r, FieldNode record) throws Malformed {
        int start = r.position();
        FieldNode headers = r.group(record, "headers", "[]Header", start, 0);
        long count = r.read(headers, Wire.VARINT, "headerCount", "number of headers");
        if (count < 0) {
            throw new Malformed(start, "headerCount " + count + " is negative");
        }
        for (int i = 0; i < count; i++) {
            int at = r.position();
            FieldNode header = headers == null ? null : r.group(headers, "Header[" + i + "]", "Header", at, 0);
            int key = r.sized(header, HEADER_KEY);
            int keyAt = r.position() - Math.max(key, 0);
            int value = r.sized(header, HEADER_VALUE);
            framing.header(r, keyAt, key, header == null || value < 0 ? null : r.last(), value);
            if (header != null) {
                header.setLength(r.position() - at);
            }
        }
        if (headers != null) {
            headers.setLength(r.position() - start).setDetail(count + (count == 1 ? " header" : " headers"));
        }
    }

    /**
     * The key and value of one of Kafka's own records (a control record, or a record of an internal topic) as trees of
     * their schemas' fields ({@link InternalRecordTree}).
     */
    private void internalKeyAndValue(FieldReader r, FieldNode record, RecordFamily family) throws Malformed {
        int keyLength = r.length(record, KEY);
        int keyAt = r.position();
        FieldNode key = keyLength < 0 ? null : r.group(record, "key", "bytes", keyAt, keyLength);
        r.skip(Math.max(keyLength, 0), "key");
        if (family == RecordFamily.CONTROL && keyLength >= 4 && controlType < 0) {
            controlType = r.bytes().getShort(keyAt + 2);
        }
        int valueLength = r.length(record, VALUE);
        int valueAt = r.position();
        FieldNode value = valueLength < 0 ? null : r.group(record, "value", "bytes", valueAt, valueLength);
        r.skip(Math.max(valueLength, 0), "value");
        InternalRecordTree.fill(r.context().internal(), family, r, r.bytes().contiguous(), keyAt, keyLength, key,
                valueAt, valueLength, value, r.context().packet());
    }

    /** One of Kafka's own records decoded by its schemas into the context's collection. */
    private void collect(FieldReader r, RecordFamily family, long offset, long timestamp) throws Malformed {
        int keyLength = r.sized(null, KEY);
        int keyAt = r.position() - Math.max(keyLength, 0);
        int valueLength = r.sized(null, VALUE);
        int valueAt = r.position() - Math.max(valueLength, 0);
        if (family == RecordFamily.CONTROL && keyLength >= 4 && controlType < 0) {
            controlType = r.bytes().getShort(keyAt + 2);
        }
        InternalRecord decoded = r.context().internal().decode(family, slice(r, keyAt, keyLength),
                slice(r, valueAt, valueLength));
        r.context().collected(new InternalRecordAt(offset, timestamp, decoded));
    }

    /** The bytes {@code [at, at + length)} of the reader as one buffer (a view where they lie in one slice), or null. */
    private static java.nio.ByteBuffer slice(FieldReader r, int at, int length) {
        if (length <= 0) {
            return length < 0 ? null : java.nio.ByteBuffer.allocate(0);
        }
        java.nio.ByteBuffer view = r.bytes().within(at, length);
        if (view != null) {
            return view;
        }
        byte[] copy = new byte[length];
        r.bytes().get(at, copy, 0, length);
        return java.nio.ByteBuffer.wrap(copy);
    }

    /** Control record key (version, type) and, for COMMIT and ABORT, the end transaction marker value. */
    private void controlKeyAndValue(FieldReader r, FieldNode record) throws Malformed {
        int keyLength = r.length(record, KEY);
        if (keyLength < 4) {
            throw new Malformed(r.position(), "control record key of " + keyLength + " bytes, 4 needed");
        }
        FieldNode key = r.group(record, "key", "ControlRecordKey", r.position(), keyLength);
        r.read(key, Wire.INT16, "version", "control record key version, 0");
        int type = (int) r.read(key, Wire.INT16, "type", "control record type");
        if (controlType < 0) {
            controlType = type;
        }
        if (key != null) {
            String name = type >= 0 && type < CONTROL_TYPES.length ? CONTROL_TYPES[type] : "unknown";
            r.last().setDetail(name);
            key.setDetail(name);
        }
        r.skip(keyLength - 4, "key");
        if (type != 0 && type != 1) {
            r.sized(record, VALUE);
            return;
        }
        int valueLength = r.length(record, VALUE);
        if (valueLength < 6) {
            throw new Malformed(r.position(), "end transaction marker of " + valueLength + " bytes, 6 needed");
        }
        FieldNode value = r.group(record, "value", "EndTransactionMarker", r.position(), valueLength);
        r.read(value, Wire.INT16, "version", "end transaction marker version, 0");
        int epoch = (int) r.read(value, Wire.INT32, "coordinatorEpoch",
                "epoch of the transaction coordinator that wrote the marker");
        if (coordinatorEpoch < 0) {
            coordinatorEpoch = epoch;
        }
        r.skip(valueLength - 6, "value");
    }
}
