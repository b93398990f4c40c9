package org.kwire.plan;

/**
 * The wire types of Kafka's message schemas (Kafka protocol guide, "Protocol Primitive Types"; message schema
 * README). Strings, bytes, records and arrays come in a legacy form (int16/int32 length) and a compact form (uvarint
 * length + 1) chosen by the version's flexibility.
 */
public enum FieldKind {
    INT8(1), INT16(2), UINT16(2), INT32(4), UINT32(4), INT64(8), FLOAT64(8), BOOL(1), UUID(16),
    STRING(-1), BYTES(-1), RECORDS(-1), STRUCT(-1), ARRAY(-1);

    private final int fixedSize;

    FieldKind(int fixedSize) {
        this.fixedSize = fixedSize;
    }

    /** Size in bytes of a fixed-size type, -1 for variable-size types. */
    public int fixedSize() {
        return fixedSize;
    }

    /** The kind of a schema type name that is not an array or struct, or null for a struct name. */
    public static FieldKind ofPrimitive(String type) {
        return switch (type) {
            case "int8" -> INT8;
            case "int16" -> INT16;
            case "uint16" -> UINT16;
            case "int32" -> INT32;
            case "uint32" -> UINT32;
            case "int64" -> INT64;
            case "float64" -> FLOAT64;
            case "bool" -> BOOL;
            case "uuid" -> UUID;
            case "string" -> STRING;
            case "bytes" -> BYTES;
            case "records" -> RECORDS;
            default -> null;
        };
    }
}
