package org.kwire.wireshark;

import org.kwire.plan.FieldKind;

/**
 * One field the plugin registers (a Wireshark {@code ProtoField}).
 *
 * @param filter the display-filter name, e.g. {@code kwire.produce.request.topic_data.partition_data.index}
 * @param label  the name shown in the packet tree: the schema's field name ({@code PartitionIndex})
 * @param kind   the wire type of a value field; {@code null} for a struct or an array of structs, whose field holds
 *               no value (its children do). An array of primitives has no field of its own: each element is one
 *               value of the field of its element type, under the array's name. {@link FieldKind#UUID} is a string
 *               field holding Kafka's base64 form, {@link FieldKind#RECORDS} a bytes field
 * @param values which value strings the field shows: {@code "api"} (API names), {@code "error"} (error names) or null
 */
public record PluginField(String filter, String label, FieldKind kind, String values) {

    /** The Wireshark field type this field is registered with, as the generated Lua names it. */
    public String luaType() {
        if (kind == null) {
            return "none";
        }
        return switch (kind) {
            case INT8 -> "int8";
            case INT16 -> "int16";
            case UINT16 -> "uint16";
            case INT32 -> "int32";
            case UINT32 -> "uint32";
            case INT64 -> "int64";
            case FLOAT64 -> "double";
            case BOOL -> "bool";
            case UUID, STRING -> "string";
            case BYTES, RECORDS -> "bytes";
            case STRUCT, ARRAY -> "none";
        };
    }
}
