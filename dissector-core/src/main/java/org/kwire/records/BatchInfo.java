package org.kwire.records;

/**
 * What a report needs of one top-level entry of a records field: a RecordBatch v2 (KIP-98, Kafka docs "Record Batch")
 * or a legacy message, magic 0 or 1 (Kafka docs "Message Sets"), which Kafka too counts as one batch each. Fields a
 * legacy message does not have hold Kafka's "none" values: producerId -1, producerEpoch -1, baseSequence -1.
 *
 * @param offset            offset of the entry's first byte in the frame
 * @param sizeInBytes       bytes of the entry on the wire: 12 + batchLength (v2) or 12 + messageSize (legacy)
 * @param magic             0, 1 or 2
 * @param codec             compression of the records (of the wrapper's value for legacy messages)
 * @param baseOffset        offset of the first record, absolute as Kafka's {@code RecordBatch.baseOffset()} computes
 *                          it: v2 the baseOffset field; a legacy message its offset; a legacy wrapper the first inner
 *                          message's offset (magic 0) or wrapper offset - last inner + first inner relative offset
 *                          (magic 1, KIP-31); the wrapper's own offset when its inner messages could not be decoded
 * @param lastOffsetDelta   v2 the lastOffsetDelta field; legacy last offset (the wrapper's offset) - baseOffset
 * @param recordsCount      v2 the recordsCount field as declared; legacy 1, or the inner messages decoded from a
 *                          wrapper
 * @param uncompressedBytes sizeInBytes with the compressed payload replaced by its decompressed bytes (so equal to
 *                          sizeInBytes when uncompressed); -1 when the payload could not be decompressed (see the
 *                          notes) or was not (a compressed v2 batch decoded {@link RecordsDecoder#headersOnly}; see
 *                          notes)
 * @param transactional     v2 attributes bit 4
 * @param control           v2 attributes bit 5 (transaction markers, KRaft control records)
 * @param producerId        v2 producerId, -1 when non-idempotent
 * @param producerEpoch     v2 producerEpoch, -1 when non-idempotent
 * @param baseSequence      v2 baseSequence, -1 when non-idempotent
 * @param crc               the stored checksum: CRC-32C (v2) or CRC-32 (legacy), unsigned
 * @param crcValid          whether the stored checksum matches the bytes
 * @param controlType       of a control batch, the type of its first control record (Kafka's ControlRecordType:
 *                          0 ABORT, 1 COMMIT, 2 LEADER_CHANGE, ...); -1 for other batches or when it could not be read
 * @param firstTimestamp    epoch ms: v2 the baseTimestamp field (the first record's timestamp); a magic 1 message its
 *                          timestamp (a wrapper's: as the wire has it); -1 for magic 0, which has none
 * @param maxTimestamp      epoch ms: v2 the maxTimestamp field (the largest record timestamp, or the broker's append
 *                          time when {@code logAppendTime}); a magic 1 message its timestamp; -1 for magic 0
 * @param logAppendTime     attributes bit 3: the timestamps are the broker's LogAppendTime, not the producer's
 *                          CreateTime
 * @param coordinatorEpoch  of a COMMIT or ABORT control batch, the coordinatorEpoch of its first record's end
 *                          transaction marker value (int16 version, int32 coordinatorEpoch: Kafka's EndTxnMarker.json,
 *                          KIP-98), the epoch of the transaction coordinator that wrote it; -1 otherwise or when it
 *                          could not be read
 */
public record BatchInfo(int offset, int sizeInBytes, byte magic, Codec codec, long baseOffset, int lastOffsetDelta,
                        int recordsCount, int uncompressedBytes, boolean transactional, boolean control,
                        long producerId, short producerEpoch, int baseSequence, long crc, boolean crcValid,
                        int controlType, long firstTimestamp, long maxTimestamp, boolean logAppendTime,
                        int coordinatorEpoch) {

    /** ControlRecordType of a transaction's abort marker (KIP-98). */
    public static final int ABORT = 0;
    /** ControlRecordType of a transaction's commit marker (KIP-98). */
    public static final int COMMIT = 1;

    /** This batch with the type of its first control record and, for a marker, its coordinator epoch. */
    BatchInfo withControl(int type, int markerCoordinatorEpoch) {
        return new BatchInfo(offset, sizeInBytes, magic, codec, baseOffset, lastOffsetDelta, recordsCount,
                uncompressedBytes, transactional, control, producerId, producerEpoch, baseSequence, crc, crcValid, type,
                firstTimestamp, maxTimestamp, logAppendTime, markerCoordinatorEpoch);
    }

    /** Offset of the last record: baseOffset + lastOffsetDelta (as Kafka's {@code RecordBatch.lastOffset()}). */
    public long lastOffset() {
        return baseOffset + lastOffsetDelta;
    }
}
