package org.kwire.wireshark;

import org.kwire.plan.FieldKind;
import org.kwire.plan.FieldPlan;
import org.kwire.plan.MessagePlan;
import org.kwire.plan.PlanCache;
import org.kwire.plan.StructPlan;
import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every (api key, direction, version) of a {@link SchemaRegistry} reduced to what the generated Lua interprets: the
 * fields to register ({@link PluginField}, one per filter name, shared by every version that has the field), the
 * distinct struct layouts (a version whose struct has the same fields as another's shares its layout) and, per API and
 * direction, which layout each version's body is. A filter name always has one type: a field whose type changed
 * between versions gets the new type's name as a suffix ({@code _int64}) in the versions with it.
 *
 * <p>Layout entries are Lua arrays {@code {kind, field, flags, tag, struct, elementKind}}: {@code kind} and
 * {@code elementKind} are {@link FieldKind} ordinals + 1, {@code field} the 1-based index into {@link #fields()},
 * {@code flags} bit 0 nullable, bit 1 compact; {@code tag} -1 for a field written in order; {@code struct} the
 * 1-based layout index of a struct or array-of-structs field, else 0. A layout is {@code {flexible, entry...}}.
 * Built once; immutable after, thread-safe to read.
 */
public final class PluginModel {

    private final Map<String, Integer> fieldIndex = new LinkedHashMap<>();
    private final List<PluginField> fields = new ArrayList<>();
    private final Map<String, Integer> layoutIndex = new HashMap<>();
    private final List<String> layouts = new ArrayList<>();
    /** Per api key: [request versions → layout, response versions → layout]. */
    private final Map<Integer, List<Map<Integer, Integer>>> messages = new TreeMap<>();
    private final Map<Integer, String> apiNames = new TreeMap<>();

    private PluginModel() {
    }

    /**
     * The model of every API version in the registry.
     *
     * @throws IllegalArgumentException if a schema nests arrays directly ({@code [][]T}), which no Kafka schema does
     */
    public static PluginModel of(SchemaRegistry schemas) {
        PluginModel m = new PluginModel();
        PlanCache plans = new PlanCache(schemas);
        for (int key : schemas.apiKeys()) {
            m.apiNames.put(key, schemas.apiName(key));
            List<Map<Integer, Integer>> byDirection = List.of(new TreeMap<>(), new TreeMap<>());
            for (Direction d : Direction.values()) {
                for (int v : schemas.versions(key, d)) {
                    MessagePlan p = plans.plan(key, d, v).orElseThrow();
                    byDirection.get(d.ordinal()).put(v, m.layout(p.body(), FieldNames.body(schemas.apiName(key), d)));
                }
            }
            m.messages.put(key, byDirection);
        }
        return m;
    }

    /** The fields to register, in registration order (their Lua indexes are 1-based positions here). */
    public List<PluginField> fields() {
        return List.copyOf(fields);
    }

    /** The distinct struct layouts as Lua table constructors, in index order (1-based in Lua). */
    public List<String> layouts() {
        return List.copyOf(layouts);
    }

    /** Per api key: the layout index of each request version's body (element 0) and each response version's (1). */
    public Map<Integer, List<Map<Integer, Integer>>> messages() {
        return messages;
    }

    /** The API names by api key. */
    public Map<Integer, String> apiNames() {
        return apiNames;
    }

    private int layout(StructPlan s, String path) {
        StringBuilder b = new StringBuilder("{").append(s.flexible());
        for (FieldPlan f : s.fields()) {
            String fieldPath = path + "." + FieldNames.snake(f.name());
            int flags = (f.nullable() ? 1 : 0) | (f.compact() ? 2 : 0);
            int sub = 0;
            int field;
            FieldKind element = null;
            if (f.kind() == FieldKind.ARRAY) {
                element = f.element().kind();
                if (element == FieldKind.ARRAY) {
                    throw new IllegalArgumentException(path + ": nested arrays");
                }
                if (element == FieldKind.STRUCT) {
                    sub = layout(f.element().struct(), fieldPath);
                    field = field(fieldPath, f.name(), null, null);
                } else {
                    field = field(fieldPath, f.name(), element, values(f.name(), element));
                }
            } else if (f.kind() == FieldKind.STRUCT) {
                sub = layout(f.struct(), fieldPath);
                field = field(fieldPath, f.name(), null, null);
            } else {
                field = field(fieldPath, f.name(), f.kind(), values(f.name(), f.kind()));
            }
            b.append(",{").append(f.kind().ordinal() + 1).append(',').append(field).append(',').append(flags).append(',')
                    .append(f.tag()).append(',').append(sub).append(',').append(element == null ? 0 : element.ordinal() + 1)
                    .append('}');
        }
        String literal = b.append('}').toString();
        return layoutIndex.computeIfAbsent(literal, l -> {
            layouts.add(l);
            return layouts.size();
        });
    }

    /** The index of the field with this filter name and type, registered on first use. */
    private int field(String filter, String label, FieldKind kind, String values) {
        PluginField f = new PluginField(filter, label, kind, values);
        Integer at = fieldIndex.get(filter);
        if (at != null && !fields.get(at - 1).equals(f)) {
            String suffix = kind == null ? "struct" : f.luaType();
            f = new PluginField(filter + "_" + suffix, label, kind, values);
            at = fieldIndex.get(f.filter());
        }
        if (at == null) {
            fields.add(f);
            at = fields.size();
            fieldIndex.put(f.filter(), at);
        }
        return at;
    }

    /** Which value strings a field shows: API names for api keys, error names for error codes. */
    private static String values(String name, FieldKind kind) {
        if (kind != FieldKind.INT16) {
            return null;
        }
        if (name.endsWith("ErrorCode")) {
            return "error";
        }
        return name.endsWith("ApiKey") ? "api" : null;
    }
}
