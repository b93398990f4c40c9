package org.kwire.dissect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.plan.FieldKind;
import org.kwire.plan.FieldPlan;

import java.util.UUID;

/**
 * Fields' default values in the JSON shape {@link ValuesBuilder} writes: Kafka's generated converters leave out a
 * tagged field that holds its default (Kafka's message schema README, "Tagged Fields"). Stateless.
 */
final class DefaultValues {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private DefaultValues() {
    }

    /** True if a value equals the field's default (then Kafka's converters leave a tagged field out). */
    static boolean isDefault(FieldPlan f, JsonNode v) {
        return v.equals(defaultJson(f));
    }

    /** A field's default value in this JSON shape (numbers as long or double nodes, as this builder writes them). */
    static JsonNode defaultJson(FieldPlan f) {
        Object d = f.defaultValue();
        if (d == null) {
            return NODES.nullNode();
        }
        return switch (f.kind()) {
            case INT8, INT16, UINT16, INT32, UINT32, INT64 -> NODES.numberNode((Long) d);
            case FLOAT64 -> NODES.numberNode((Double) d);
            case BOOL -> NODES.booleanNode((Boolean) d);
            case STRING -> NODES.textNode((String) d);
            case UUID -> NODES.textNode(WireValues.kafkaUuid(((UUID) d).getMostSignificantBits(), ((UUID) d).getLeastSignificantBits()));
            case BYTES -> NODES.textNode("");
            case RECORDS -> NODES.numberNode(0);
            case ARRAY -> NODES.arrayNode();
            case STRUCT -> {
                ObjectNode o = NODES.objectNode();
                for (FieldPlan c : f.struct().untagged()) {
                    JsonNode cd = defaultJson(c);
                    o.set(c.kind() == FieldKind.RECORDS && !cd.isNull() ? c.jsonName() + "SizeInBytes" : c.jsonName(), cd);
                }
                yield o;
            }
        };
    }
}
