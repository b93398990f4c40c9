package org.kwire.encode;

import org.kwire.plan.FieldPlan;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The smallest legal instance as the reference pages define it: numbers zero, strings and bytes empty, one element per
 * array, nullable structs present, no tagged fields, and every records field one empty 61-byte RecordBatch v2
 * ({@link #EMPTY_BATCH}).
 */
public final class MinimalValues implements ValueSource {

    /**
     * An empty RecordBatch v2 (Kafka docs, "Record Batch"): baseOffset 0, batchLength 49, partitionLeaderEpoch -1,
     * magic 2, crc = CRC-32C of the bytes after it, attributes 0, lastOffsetDelta -1, baseTimestamp -1,
     * maxTimestamp -1, producerId -1, producerEpoch -1, baseSequence -1, recordsCount 0. 61 bytes.
     */
    public static final byte[] EMPTY_BATCH = emptyBatch();

    private static byte[] emptyBatch() {
        ByteBuffer b = ByteBuffer.allocate(61);
        b.putLong(0).putInt(49).putInt(-1).put((byte) 2).putInt(0) // crc patched below
                .putShort((short) 0).putInt(-1).putLong(-1).putLong(-1).putLong(-1).putShort((short) -1).putInt(-1).putInt(0);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 21, 61 - 21);
        b.putInt(17, (int) crc.getValue());
        return b.array();
    }

    @Override
    public long number(FieldPlan field) {
        return 0;
    }

    @Override
    public double float64(FieldPlan field) {
        return 0;
    }

    @Override
    public boolean bool(FieldPlan field) {
        return false;
    }

    @Override
    public byte[] uuid(FieldPlan field) {
        return new byte[16];
    }

    @Override
    public String string(FieldPlan field) {
        return "";
    }

    @Override
    public byte[] bytes(FieldPlan field) {
        return new byte[0];
    }

    @Override
    public byte[] records(FieldPlan field) {
        return EMPTY_BATCH.clone();
    }

    @Override
    public int arrayLength(FieldPlan field) {
        return 1;
    }

    @Override
    public boolean structPresent(FieldPlan field) {
        return true;
    }

    @Override
    public boolean includeTagged(FieldPlan field) {
        return false;
    }
}
