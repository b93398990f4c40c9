package org.kwire.records;

/**
 * Compression codec of a RecordBatch v2 or a legacy wrapper message: bits 0-2 of its attributes (Kafka docs "Record
 * Batch" and "Message Sets"; zstd since KIP-110).
 */
public enum Codec {
    NONE("none"),
    GZIP("gzip"),
    SNAPPY("snappy"),
    LZ4("lz4"),
    ZSTD("zstd"),
    /** Codec ids 5-7, which no Kafka release defines; such payloads are not decoded. */
    UNKNOWN("unknown");

    private final String label;

    Codec(String label) {
        this.label = label;
    }

    /** Lower-case name as Kafka's {@code compression.type} writes it ({@code "zstd"}), or {@code "unknown"}. */
    public String label() {
        return label;
    }

    /** The codec named by bits 0-2 of a batch's or message's attributes. */
    public static Codec fromAttributes(int attributes) {
        int id = attributes & 7;
        return id < UNKNOWN.ordinal() ? values()[id] : UNKNOWN;
    }
}
