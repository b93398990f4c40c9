package org.kwire.plan;

/**
 * One field of one message version, compiled: everything the interpreter needs to decode it without looking at the
 * schema again. Array elements have a plan of their own ({@link #element()}), named after their type.
 *
 * @param name         field name as in the schema ({@code "TopicName"}), or the element type for array elements
 * @param jsonName     name in Kafka's JSON shape: the schema name with its first letter lower-cased
 * @param typeName     the type as the schema writes it: {@code int32}, {@code string}, {@code []TopicData}, a struct
 * @param kind         the wire type
 * @param nullable     true if null is legal in this version
 * @param compact      true if strings, bytes, records and arrays use the compact (uvarint length + 1) form
 * @param tag          tag number if this field is a tagged field in this version, else -1
 * @param about        the schema's description, possibly empty
 * @param defaultValue the field's default in Kafka's terms (Long, Double, Boolean, String, or null; arrays and structs:
 *                     {@link #EMPTY} unless the schema's default is {@code "null"}), for deciding whether a tagged
 *                     value is a default
 * @param entityType   the schema's entityType ({@code topicName}, ...), or null
 * @param struct       the struct plan for STRUCT fields and arrays of structs, else null
 * @param element      the element plan for ARRAY fields, else null
 */
public record FieldPlan(String name, String jsonName, String typeName, FieldKind kind, boolean nullable, boolean compact,
                        int tag, String about, Object defaultValue, String entityType, StructPlan struct,
                        FieldPlan element) {

    /** Marker default of arrays and structs whose default is "empty" (no elements / all fields default). */
    public static final Object EMPTY = new Object() {
        @Override
        public String toString() {
            return "EMPTY";
        }
    };

    /** True if this is a tagged field in its version. */
    public boolean isTagged() {
        return tag >= 0;
    }
}
