package org.kwire.records;

/**
 * How much {@link RecordsDecoder} decodes and shows.
 *
 * @param maxDecompressedBytes most bytes one top-level batch or message may decompress to, nested legacy wrappers
 *                             included (default 64 MiB); past it the payload is refused with a note, never buffered
 * @param showValues           whether record keys, values and header values become node values (captures carry user
 *                             data, so off by default); their sizes are always shown
 * @param maxValueBytes        most bytes of one key, value or header shown as a node value (default 256)
 * @param maxDepth             most levels of compression decoded: a v2 batch or a legacy wrapper uses one; Kafka
 *                             allows exactly one, so the default 1 leaves wrappers nested in wrappers undecoded, with
 *                             a note
 */
public record RecordsOptions(int maxDecompressedBytes, boolean showValues, int maxValueBytes, int maxDepth) {

    public static final int DEFAULT_MAX_DECOMPRESSED_BYTES = 64 << 20;
    public static final int DEFAULT_MAX_VALUE_BYTES = 256;
    public static final int DEFAULT_MAX_DEPTH = 1;

    /** @throws IllegalArgumentException if a limit is out of range (not positive, or above Java's array limit) */
    public RecordsOptions {
        if (maxDecompressedBytes < 1 || maxDecompressedBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxDecompressedBytes must be 1.." + (Integer.MAX_VALUE - 8));
        }
        if (maxValueBytes < 0) {
            throw new IllegalArgumentException("maxValueBytes must not be negative");
        }
        if (maxDepth < 1) {
            throw new IllegalArgumentException("maxDepth must be at least 1");
        }
    }

    /** 64 MiB decompression limit, values hidden, 256-byte values when shown, one level of compression. */
    public static RecordsOptions defaults() {
        return new RecordsOptions(DEFAULT_MAX_DECOMPRESSED_BYTES, false, DEFAULT_MAX_VALUE_BYTES, DEFAULT_MAX_DEPTH);
    }
}
