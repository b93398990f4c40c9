package org.kwire.records;

import org.kwire.records.FieldReader.Wire;
import org.kwire.tree.FieldNode;

/**
 * One RecordBatch v2 (KIP-98, Kafka docs "Record Batch"): the 61-byte header, its CRC-32C, then the records, after
 * decompression when the attributes name a codec. Nodes: {@code RecordBatch} (type {@code v2}) with the header
 * fields, then the records ({@link RecordV2Decoder}) — directly, or under a {@code records} node (type: the codec)
 * whose record nodes have offsets into the decompressed data.
 */
final class BatchV2Decoder {

    /** Bytes of the header, baseOffset .. recordsCount. */
    private static final int HEADER = 61;

    private final RecordV2Decoder records = new RecordV2Decoder();

    /** Decodes the batch {@code [start, end)}, which the reader holds whole, its position at {@code start}. */
    void decode(FieldReader r, int start, int end, FieldNode parent) {
        FieldNode batch = r.group(parent, "RecordBatch", "v2", start, end - start);
        try {
            decodeBatch(r, batch, start, end);
        } catch (Malformed m) {
            r.malformed(batch, "RecordBatch v2", m);
        }
    }

    private void decodeBatch(FieldReader r, FieldNode batch, int start, int end) throws Malformed {
        long baseOffset = r.read(batch, Wire.INT64, "baseOffset", "offset of the first record in the batch");
        r.read(batch, Wire.INT32, "batchLength", "bytes after this field to the end of the batch");
        r.read(batch, Wire.INT32, "partitionLeaderEpoch", "leader epoch, -1 when produced by a client");
        r.read(batch, Wire.INT8, "magic", "record format version, 2");
        long crc = r.read(batch, Wire.UINT32, "crc", "CRC-32C over attributes .. end of batch");
        FieldNode crcNode = r.last();
        int attributes = (int) r.read(batch, Wire.INT16, "attributes",
                "compression, timestamp type, txn and control flags");
        if (batch != null) {
            r.last().setDetail(describe(attributes));
        }
        int lastOffsetDelta = (int) r.read(batch, Wire.INT32, "lastOffsetDelta",
                "offset delta of the last record, -1 when empty");
        long firstTimestamp = r.read(batch, Wire.INT64, "baseTimestamp", "timestamp of the first record");
        timestamp(r, batch, firstTimestamp);
        long maxTimestamp = r.read(batch, Wire.INT64, "maxTimestamp", "largest timestamp in the batch");
        timestamp(r, batch, maxTimestamp);
        long producerId = r.read(batch, Wire.INT64, "producerId", "producer id, -1 when non-idempotent");
        short producerEpoch = (short) r.read(batch, Wire.INT16, "producerEpoch",
                "producer epoch, -1 when non-idempotent");
        int baseSequence = (int) r.read(batch, Wire.INT32, "baseSequence",
                "sequence of the first record, -1 when non-idempotent");
        int count = (int) r.read(batch, Wire.INT32, "recordsCount", "number of records that follow");
        Codec codec = Codec.fromAttributes(attributes);
        boolean control = (attributes & 0x20) != 0;
        if (r.context().standIns() && !control) {
            int standsFor = BatchStandIn.standsFor(r.bytes(), start + HEADER, end - start - HEADER);
            if (standsFor != Integer.MIN_VALUE) { // its records decoded before, without a note, its CRC valid
                r.context().crcValid();
                if (r.context().framing() != null) { // stand-ins only stand for batches whose records name no schema
                    r.context().framing().recordsWithoutIds(count);
                }
                r.context().batch(new BatchInfo(start, end - start, (byte) 2, codec, baseOffset, lastOffsetDelta, count,
                        standsFor, (attributes & 0x10) != 0, false, producerId, producerEpoch, baseSequence, crc, true,
                        -1, firstTimestamp, maxTimestamp, (attributes & 0x08) != 0, -1));
                return;
            }
        }
        boolean crcValid = r.verify(crcNode, EntryChecksum.BATCH_V2, crc, start, end, baseOffset, (byte) 2);

        // headers only (not deep): the CRC above covered every byte; the records are neither decompressed nor walked,
        // but an uncompressed control batch's are (a few bytes: its control record type)
        boolean walk = r.context().deep() || codec == Codec.NONE && control;
        FieldReader contents = walk ? r : null;
        FieldNode recordsParent = batch;
        int contentsEnd = end;
        int uncompressed = codec == Codec.NONE ? end - start : -1;
        if (walk && codec != Codec.NONE) {
            recordsParent = r.group(batch, "records", codec.label(), start + HEADER, end - start - HEADER);
            if (recordsParent != null) {
                recordsParent.setAbout("compressed records; their nodes have offsets into the decompressed data");
            }
            contents = r.decompress(recordsParent, codec, start + HEADER, end - start - HEADER);
            contentsEnd = contents == null ? 0 : contents.limit();
            uncompressed = contents == null ? -1 : HEADER + contents.limit();
        }
        BatchInfo info = new BatchInfo(start, end - start, (byte) 2, codec, baseOffset, lastOffsetDelta, count,
                uncompressed, (attributes & 0x10) != 0, control, producerId, producerEpoch,
                baseSequence, crc, crcValid, -1, firstTimestamp, maxTimestamp, (attributes & 0x08) != 0, -1);
        if (batch != null) {
            describe(batch, info);
        }
        int controlType = contents == null ? -1 : records.decode(contents, recordsParent, contentsEnd, info);
        r.context().batch(info.control() ? info.withControl(controlType, contents == null ? -1 : records.coordinatorEpoch()) : info);
    }

    /**
     * Shows the epoch-ms timestamp field just read also as ISO-8601 UTC (-1, "no timestamp", stays as it is); nothing
     * without a tree ({@code parent} null).
     */
    static void timestamp(FieldReader r, FieldNode parent, long epochMs) {
        if (parent != null && epochMs >= 0) {
            r.last().setDetail("(" + java.time.Instant.ofEpochMilli(epochMs) + ")");
        }
    }

    /** Codec, timestamp type and set flags of the attributes, e.g. {@code "zstd, CreateTime, transactional"}. */
    private static String describe(int attributes) {
        return Codec.fromAttributes(attributes).label()
                + ((attributes & 0x08) != 0 ? ", LogAppendTime" : ", CreateTime")
                + ((attributes & 0x10) != 0 ? ", transactional" : "")
                + ((attributes & 0x20) != 0 ? ", control" : "")
                + ((attributes & 0x40) != 0 ? ", deleteHorizonMs" : "");
    }

    private static void describe(FieldNode batch, BatchInfo info) {
        if (info.recordsCount() == 0) {
            batch.setDetail("empty").setAbout("fixed 61-byte RecordBatch v2 header, zero records");
            batch.child("recordsCount").setAbout("number of records that follow, 0 here");
            return;
        }
        batch.setDetail(info.recordsCount() + (info.recordsCount() == 1 ? " record" : " records")
                        + (info.codec() != Codec.NONE ? ", " + info.codec().label() : "")
                        + (info.transactional() ? ", transactional" : "")
                        + (info.control() ? ", control" : ""))
                .setAbout("61-byte RecordBatch v2 header (KIP-98) followed by its records");
    }
}
