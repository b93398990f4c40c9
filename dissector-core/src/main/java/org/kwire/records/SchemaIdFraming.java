package org.kwire.records;

import org.kwire.framing.FramingTally;
import org.kwire.framing.SchemaFraming;
import org.kwire.framing.SchemaRef;
import org.kwire.tree.FieldNode;

/**
 * The Schema Registry framing of the records {@link RecordV2Decoder} reads itself (trees, and records the fast path
 * gave up on): counted in the decoding's {@link FramingTally} (deep decoding), and shown in a tree as nodes
 * {@code magic} and {@code schemaId} or {@code schemaGuid} under a key, value or schema-id header value that starts
 * with a prefix ({@code org.kwire.framing}). Schema ids are not user data: they are shown even when the payload is not.
 * One per decoder; one thread.
 */
final class SchemaIdFraming {

    private final byte[] key = new byte[SchemaFraming.GUID_PREFIX];
    private final byte[] value = new byte[SchemaFraming.GUID_PREFIX];

    /** A record starts. */
    void start(FieldReader r) {
        FramingTally t = r.context().framing();
        if (t != null) {
            t.startRecord();
        }
    }

    /** The record was read whole. */
    void end(FieldReader r) {
        FramingTally t = r.context().framing();
        if (t != null) {
            t.endRecord();
        }
    }

    /**
     * The key or value just read: {@code n} bytes (-1: null) ending at the reader's position; {@code node} its node
     * (null without a tree).
     */
    void sized(FieldReader r, FieldNode node, int n, boolean isKey) {
        int copied = copy(r, r.position() - Math.max(n, 0), n, value);
        FramingTally t = r.context().framing();
        if (t != null) {
            if (isKey) {
                t.key(value, 0, copied);
            } else {
                t.value(value, 0, copied);
            }
        }
        show(node, value, copied);
    }

    /** A header: its key's {@code keyLength} bytes at {@code keyAt}, its value's just read ({@code node} its node). */
    void header(FieldReader r, int keyAt, int keyLength, FieldNode node, int valueLength) {
        if (keyLength != SchemaFraming.KEY_HEADER.length() && keyLength != SchemaFraming.VALUE_HEADER.length()) {
            return;
        }
        copy(r, keyAt, keyLength, key);
        if (SchemaFraming.header(key, 0, keyLength) == 0) {
            return;
        }
        int copied = copy(r, r.position() - Math.max(valueLength, 0), valueLength, value);
        FramingTally t = r.context().framing();
        if (t != null) {
            t.header(key, 0, keyLength, value, 0, copied);
        }
        show(node, value, copied);
    }

    /** Copies the first bytes of a field of {@code n} bytes (-1: null) into {@code into}; returns n, at most its size. */
    private static int copy(FieldReader r, int at, int n, byte[] into) {
        int copied = Math.min(n, into.length);
        if (copied > 0) {
            r.bytes().get(at, into, 0, copied);
        }
        return copied < 0 ? -1 : copied;
    }

    private static void show(FieldNode node, byte[] prefix, int n) {
        SchemaRef ref = node == null || n < 0 ? null : SchemaFraming.ref(prefix, 0, n);
        if (ref == null) {
            return;
        }
        int at = node.offset();
        node.add(new FieldNode("magic", "int8", at, 1).setInDecompressed(node.inDecompressed())
                .setValue(prefix[0]).setAbout("Schema Registry framing: 0, a schema id follows; 1, a schema GUID"));
        FieldNode schema = ref.id() != null
                ? new FieldNode("schemaId", "int32", at + 1, 4).setValue(ref.id())
                .setAbout("Schema Registry schema id (big-endian)")
                : new FieldNode("schemaGuid", "uuid", at + 1, 16).setValue(ref.guid().toString())
                .setAbout("Schema Registry schema GUID");
        node.add(schema.setInDecompressed(node.inDecompressed()));
        node.setDetail("Schema Registry " + ref.label() + (node.detail() == null ? "" : ", " + node.detail()));
    }
}
