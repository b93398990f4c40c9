package org.kwire.framing;

import java.util.UUID;

/**
 * A schema as framing names it: a Schema Registry id (magic 0) or a schema GUID (magic 1); exactly one is set.
 * Immutable.
 *
 * @param id   the schema id, or null for a GUID
 * @param guid the schema GUID, or null for an id
 */
public record SchemaRef(Integer id, UUID guid) implements Comparable<SchemaRef> {

    /** @throws IllegalArgumentException unless exactly one of id and guid is set */
    public SchemaRef {
        if ((id == null) == (guid == null)) {
            throw new IllegalArgumentException("a schema id or a GUID, not both or neither");
        }
    }

    /** {@code "id 7"} or {@code "guid 89791762-2336-4186-9674-299b90a802e2"}. */
    public String label() {
        return id != null ? "id " + id : "guid " + guid;
    }

    /** Sort order: ids ascending, then GUIDs. */
    @Override
    public int compareTo(SchemaRef o) {
        if (id != null || o.id != null) {
            return id == null ? 1 : o.id == null ? -1 : Integer.compare(id, o.id);
        }
        return guid.compareTo(o.guid);
    }
}
