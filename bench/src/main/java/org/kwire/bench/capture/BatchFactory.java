package org.kwire.bench.capture;

import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.record.internal.CompressionType;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MemoryRecordsBuilder;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.record.internal.RecordBatch;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Builds large RecordBatch v2 in the likeness of a real one, with Kafka's own {@link MemoryRecordsBuilder} (so the
 * codecs, framing and CRC are exactly a Java producer's): the template batch's codec, producer id, epoch, sequence,
 * transactional flag and leader epoch; its records' keys and headers, in turn; synthetic values
 * ({@link SyntheticText}) of 100 to 1000 bytes.
 */
final class BatchFactory {

    private static final int MIN_VALUE = 100;
    private static final int MAX_VALUE = 1000;

    private BatchFactory() {
    }

    /** The batches of a records field (an empty list for magic 0/1 message sets, which are not enlarged). */
    static List<RecordBatch> batches(byte[] frame, int offset, int length) {
        List<RecordBatch> batches = new ArrayList<>();
        for (RecordBatch b : MemoryRecords.readableRecords(ByteBuffer.wrap(frame, offset, length).slice()).batches()) {
            if (b.magic() == RecordBatch.MAGIC_VALUE_V2 && !b.isControlBatch()) {
                batches.add(b);
            }
        }
        return batches;
    }

    /**
     * One batch of at least {@code uncompressedBytes} of records, like {@code template} but compressed with {@code codec}.
     *
     * @param baseOffset the batch's base offset
     * @param random     chooses the values
     */
    static byte[] build(RecordBatch template, CompressionType codec, int uncompressedBytes, long baseOffset,
                        SplittableRandom random) {
        List<Record> originals = new ArrayList<>();
        template.forEach(originals::add);
        long timestamp = originals.isEmpty() ? template.maxTimestamp() : originals.get(0).timestamp();
        MemoryRecordsBuilder builder = MemoryRecords.builder(ByteBuffer.allocate(uncompressedBytes / 2 + 1024),
                RecordBatch.MAGIC_VALUE_V2, Compression.of(codec).build(), TimestampType.CREATE_TIME,
                baseOffset, RecordBatch.NO_TIMESTAMP, template.producerId(), template.producerEpoch(),
                template.baseSequence(), template.isTransactional(), template.partitionLeaderEpoch());
        SyntheticText text = new SyntheticText(random);
        int written = 0;
        for (int i = 0; written < uncompressedBytes; i++) {
            Record like = originals.isEmpty() ? null : originals.get(i % originals.size());
            ByteBuffer key = like == null || !like.hasKey() ? null : like.key();
            Header[] headers = like == null ? Record.EMPTY_HEADERS : like.headers();
            byte[] value = text.event(timestamp + i, MIN_VALUE + random.nextInt(MAX_VALUE - MIN_VALUE + 1));
            builder.append(timestamp + i, key, ByteBuffer.wrap(value), headers);
            written += value.length + (key == null ? 0 : key.remaining()) + 8;
        }
        ByteBuffer built = builder.build().buffer();
        byte[] bytes = new byte[built.remaining()];
        built.get(bytes);
        return bytes;
    }
}
