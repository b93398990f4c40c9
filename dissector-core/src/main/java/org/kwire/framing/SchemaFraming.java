package org.kwire.framing;

import java.util.UUID;

/**
 * Reads a Schema Registry prefix (magic 0 + 4-byte id, magic 1 + 16-byte GUID) from the start of some bytes; the rule
 * and its false positives: {@code package-info}. Stateless; thread-safe.
 */
public final class SchemaFraming {

    /** Magic byte of a 4-byte schema id prefix. */
    public static final int MAGIC_ID = 0;
    /** Magic byte of a 16-byte schema GUID prefix. */
    public static final int MAGIC_GUID = 1;
    /** Bytes of an id prefix: magic and int32. */
    public static final int ID_PREFIX = 5;
    /** Bytes of a GUID prefix: magic and 16 bytes. */
    public static final int GUID_PREFIX = 17;
    /** Header naming the key's schema. */
    public static final String KEY_HEADER = "__key_schema_id";
    /** Header naming the value's schema. */
    public static final String VALUE_HEADER = "__value_schema_id";

    /** No prefix ({@link #kind}). */
    public static final int NONE = 0;
    /** An id prefix ({@link #kind}). */
    public static final int ID = 1;
    /** A GUID prefix ({@link #kind}). */
    public static final int GUID = 2;

    private SchemaFraming() {
    }

    /**
     * The kind of prefix {@code a[off, off + len)} starts with: {@link #ID} (magic 0, at least 5 bytes, id > 0),
     * {@link #GUID} (magic 1, at least 17 bytes, a random UUID: RFC 9562 version 4, variant 10, as Schema Registry
     * assigns them; any other 16 bytes after a 1 are taken for data) or {@link #NONE}; {@code len} -1 (null) is none.
     */
    public static int kind(byte[] a, int off, int len) {
        if (len >= ID_PREFIX && a[off] == MAGIC_ID) {
            return id(a, off) > 0 ? ID : NONE;
        }
        if (len >= GUID_PREFIX && a[off] == MAGIC_GUID) {
            return (msb(a, off) >>> 12 & 0xf) == 4 && lsb(a, off) >>> 62 == 2 ? GUID : NONE;
        }
        return NONE;
    }

    /** The int32 after the magic byte at {@code a[off]}, big-endian. */
    public static int id(byte[] a, int off) {
        return (a[off + 1] & 0xff) << 24 | (a[off + 2] & 0xff) << 16 | (a[off + 3] & 0xff) << 8 | a[off + 4] & 0xff;
    }

    /** The GUID's first 8 bytes after the magic byte at {@code a[off]}, big-endian. */
    public static long msb(byte[] a, int off) {
        return int64(a, off + 1);
    }

    /** The GUID's last 8 bytes. */
    public static long lsb(byte[] a, int off) {
        return int64(a, off + 9);
    }

    /** The schema the prefix at {@code a[off, off + len)} names, or null if it has none. */
    public static SchemaRef ref(byte[] a, int off, int len) {
        return switch (kind(a, off, len)) {
            case ID -> new SchemaRef(id(a, off), null);
            case GUID -> new SchemaRef(null, new UUID(msb(a, off), lsb(a, off)));
            default -> null;
        };
    }

    /**
     * The bytes a serializer writes for {@code payload} framed with {@code schema}: magic 0 and the id big-endian, or
     * magic 1 and the GUID (most significant 8 bytes first), then the payload; also the value of a schema-id header
     * (with an empty payload). What {@link #ref} reads back.
     */
    public static byte[] framed(SchemaRef schema, byte[] payload) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate((schema.id() != null ? ID_PREFIX : GUID_PREFIX)
                + payload.length);
        if (schema.id() != null) {
            b.put((byte) MAGIC_ID).putInt(schema.id());
        } else {
            b.put((byte) MAGIC_GUID).putLong(schema.guid().getMostSignificantBits())
                    .putLong(schema.guid().getLeastSignificantBits());
        }
        return b.put(payload).array();
    }

    /**
     * Which schema header a header key is: 1 for {@link #KEY_HEADER}, 2 for {@link #VALUE_HEADER}, 0 for any other.
     * The key's UTF-8 bytes are {@code a[off, off + len)}.
     */
    public static int header(byte[] a, int off, int len) {
        if (len == KEY_HEADER.length() && same(a, off, KEY_HEADER)) {
            return 1;
        }
        return len == VALUE_HEADER.length() && same(a, off, VALUE_HEADER) ? 2 : 0;
    }

    private static boolean same(byte[] a, int off, String ascii) {
        for (int i = 0; i < ascii.length(); i++) {
            if (a[off + i] != ascii.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static long int64(byte[] a, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | a[at + i] & 0xff;
        }
        return v;
    }
}
