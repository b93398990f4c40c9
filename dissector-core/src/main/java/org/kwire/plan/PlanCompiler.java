package org.kwire.plan;

import org.kwire.schema.Direction;
import org.kwire.schema.FieldSpec;
import org.kwire.schema.MessageSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * Compiles one version of a message schema into a {@link MessagePlan}, resolving per field whether it is present,
 * nullable, tagged and compact in that version (rules of Kafka's message schema README: {@code versions},
 * {@code nullableVersions}, {@code taggedVersions}, {@code flexibleVersions}; common structs by name).
 */
final class PlanCompiler {

    private final MessageSpec spec;
    private final int version;
    private final boolean flexible;

    private PlanCompiler(MessageSpec spec, int version) {
        this.spec = spec;
        this.version = version;
        this.flexible = spec.flexibleVersions().contains(version);
    }

    /**
     * @throws IllegalArgumentException if the schema refers to a struct it does not define, or uses an unknown type
     */
    static MessagePlan compile(MessageSpec spec, int version, Direction direction) {
        PlanCompiler c = new PlanCompiler(spec, version);
        return new MessagePlan(spec, version, direction, c.struct(spec.name(), spec.fields()));
    }

    private StructPlan struct(String name, List<FieldSpec> specs) {
        List<FieldPlan> all = new ArrayList<>();
        List<FieldPlan> untagged = new ArrayList<>();
        for (FieldSpec f : specs) {
            if (f.versions() != null && f.versions().contains(version)) {
                FieldPlan p = field(f);
                all.add(p);
                if (!p.isTagged()) {
                    untagged.add(p);
                }
            }
        }
        return new StructPlan(name, List.copyOf(all), List.copyOf(untagged), flexible);
    }

    private FieldPlan field(FieldSpec f) {
        boolean compact = f.flexibleVersions() != null ? f.flexibleVersions().contains(version) : flexible;
        boolean nullable = f.nullableVersions().contains(version);
        int tag = f.taggedVersions().contains(version) ? f.tag() : -1;
        String json = jsonName(f.name());
        if (f.isArray()) {
            String elementType = f.elementType();
            FieldKind ek = FieldKind.ofPrimitive(elementType);
            FieldPlan element = ek != null
                    ? new FieldPlan(elementType, json, elementType, ek, false, compact, -1, "", defaultOf(ek, null), null, null, null)
                    : new FieldPlan(elementType, json, elementType, FieldKind.STRUCT, false, compact, -1, "", FieldPlan.EMPTY, null,
                    structOf(elementType, f), null);
            return new FieldPlan(f.name(), json, f.type(), FieldKind.ARRAY, nullable, compact, tag, f.about(),
                    defaultOf(FieldKind.ARRAY, f.defaultValue()), f.entityType(), element.struct(), element);
        }
        FieldKind kind = FieldKind.ofPrimitive(f.type());
        if (kind != null) {
            return new FieldPlan(f.name(), json, f.type(), kind, nullable, compact, tag, f.about(),
                    defaultOf(kind, f.defaultValue()), f.entityType(), null, null);
        }
        return new FieldPlan(f.name(), json, f.type(), FieldKind.STRUCT, nullable, compact, tag, f.about(),
                defaultOf(FieldKind.STRUCT, f.defaultValue()), f.entityType(), structOf(f.type(), f), null);
    }

    private StructPlan structOf(String typeName, FieldSpec f) {
        if (!f.fields().isEmpty()) {
            return struct(typeName, f.fields());
        }
        FieldSpec common = spec.commonStructs().get(typeName);
        if (common == null) {
            throw new IllegalArgumentException(spec.name() + ": field " + f.name() + " has unknown type " + f.type());
        }
        return struct(typeName, common.fields());
    }

    /** Kafka's JSON name of a field: the schema name with its first letter in lower case. */
    static String jsonName(String name) {
        return name.isEmpty() ? name : Character.toLowerCase(name.charAt(0)) + name.substring(1);
    }

    /** A field's default in Kafka's terms (message schema README, "Field defaults"). */
    static Object defaultOf(FieldKind kind, String text) {
        boolean isNull = "null".equals(text);
        return switch (kind) {
            case INT8, INT16, UINT16, INT32, UINT32, INT64 -> text == null || text.isEmpty() ? 0L : parseLong(text);
            case FLOAT64 -> text == null || text.isEmpty() ? 0.0 : Double.parseDouble(text);
            case BOOL -> Boolean.parseBoolean(text);
            case STRING -> isNull ? null : (text == null ? "" : text);
            case UUID -> new java.util.UUID(0, 0);
            case BYTES, RECORDS, ARRAY, STRUCT -> isNull ? null : FieldPlan.EMPTY;
        };
    }

    private static long parseLong(String text) {
        String t = text.trim();
        boolean negative = t.startsWith("-");
        String digits = negative ? t.substring(1) : t;
        long v = digits.startsWith("0x") || digits.startsWith("0X") ? Long.parseLong(digits.substring(2), 16) : Long.parseLong(digits);
        return negative ? -v : v;
    }
}
