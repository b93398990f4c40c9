package org.kwire.records;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * Entries built byte by byte from Kafka's docs ("Record Batch", "Message Sets"), for inputs kafka-clients would refuse
 * to build (bombs, hostile counts, nested wrappers), and the real records blobs of the test resources.
 */
final class TestBatches {

    private TestBatches() {
    }

    /** A RecordBatch v2: 61-byte header (no producer, timestamps 1000) with a correct CRC-32C, then {@code records}. */
    static byte[] v2(long baseOffset, int attributes, int lastOffsetDelta, int recordsCount, byte[] records) {
        ByteBuffer b = ByteBuffer.allocate(61 + records.length);
        b.putLong(baseOffset).putInt(49 + records.length).putInt(-1).put((byte) 2).putInt(0)
                .putShort((short) attributes).putInt(lastOffsetDelta).putLong(1000).putLong(1000)
                .putLong(-1).putShort((short) -1).putInt(-1).putInt(recordsCount).put(records);
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 21, b.capacity() - 21);
        b.putInt(17, (int) crc.getValue());
        return b.array();
    }

    /** A legacy message, magic 0 or 1 (timestamp written for magic 1 only), with a correct CRC-32; null = -1 length. */
    static byte[] legacy(int magic, long offset, int attributes, long timestamp, byte[] key, byte[] value) {
        int size = 4 + 1 + 1 + (magic == 1 ? 8 : 0) + 4 + len(key) + 4 + len(value);
        ByteBuffer b = ByteBuffer.allocate(12 + size);
        b.putLong(offset).putInt(size).putInt(0).put((byte) magic).put((byte) attributes);
        if (magic == 1) {
            b.putLong(timestamp);
        }
        putBytes(b, key);
        putBytes(b, value);
        CRC32 crc = new CRC32();
        crc.update(b.array(), 16, b.capacity() - 16);
        b.putInt(12, (int) crc.getValue());
        return b.array();
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** A real records field cut from a capture (see the README next to it). */
    static byte[] resource(String name) {
        try (InputStream in = TestBatches.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int len(byte[] b) {
        return b == null ? 0 : b.length;
    }

    private static void putBytes(ByteBuffer b, byte[] bytes) {
        b.putInt(bytes == null ? -1 : bytes.length);
        if (bytes != null) {
            b.put(bytes);
        }
    }

    /** kafka-clients' compression of a codec label: none, gzip, snappy, lz4, zstd. */
    static org.apache.kafka.common.compress.Compression compression(String codec) {
        return switch (codec) {
            case "gzip" -> org.apache.kafka.common.compress.Compression.gzip().build();
            case "snappy" -> org.apache.kafka.common.compress.Compression.snappy().build();
            case "lz4" -> org.apache.kafka.common.compress.Compression.lz4().build();
            case "zstd" -> org.apache.kafka.common.compress.Compression.zstd().build();
            default -> org.apache.kafka.common.compress.Compression.NONE;
        };
    }
}
