package org.kwire.schema;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules a parsed message schema must follow before kwire compiles plans from it, as Kafka's own generator checks
 * its spec files (Kafka's {@code common/message/README.md}: field names, versions, tagged fields per KIP-482, nullable
 * types, struct references). Each broken rule is a {@link SchemaException} naming the struct and field.
 */
final class SpecValidator {

    /** Field names as Kafka's generator accepts them: a letter, then letters and digits. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9]*");
    /** Types whose values may be null in {@code nullableVersions} (the README's "Nullable Fields"). */
    private static final Set<String> NULLABLE_PRIMITIVES = Set.of("string", "bytes", "records");
    /** The schema format's primitive types (Kafka protocol guide, "Protocol Primitive Types"). */
    static final Set<String> PRIMITIVES = Set.of("bool", "int8", "int16", "uint16", "int32", "uint32", "int64",
            "float64", "uuid", "string", "bytes", "records");

    private final MessageSpec spec;

    private SpecValidator(MessageSpec spec) {
        this.spec = spec;
    }

    /**
     * @param spec                the parsed schema
     * @param hasApiKey           true if the file gives an {@code apiKey}
     * @param hasValidVersions    true if the file gives {@code validVersions}
     * @param hasFlexibleVersions true if the file gives {@code flexibleVersions}
     * @throws SchemaException at the first broken rule
     */
    static void validate(MessageSpec spec, boolean hasApiKey, boolean hasValidVersions, boolean hasFlexibleVersions) {
        String where = "message " + spec.name();
        if (spec.direction() != null) {
            if (!hasApiKey || spec.apiKey() < 0 || spec.apiKey() > Short.MAX_VALUE) {
                throw new SchemaException(where, "a request or response needs an \"apiKey\" from 0 to 32767");
            }
            if (!hasValidVersions) {
                throw new SchemaException(where, "no \"validVersions\"");
            }
            if (!spec.validVersions().isEmpty() && !hasFlexibleVersions) {
                throw new SchemaException(where, "no \"flexibleVersions\" (\"none\" if no version is flexible)");
            }
        }
        SpecValidator v = new SpecValidator(spec);
        v.struct(spec.name(), spec.fields());
        spec.commonStructs().values().forEach(s -> v.struct(s.name(), s.fields()));
    }

    private void struct(String struct, List<FieldSpec> fields) {
        Set<String> names = new HashSet<>();
        Map<Integer, String> tags = new HashMap<>();
        for (FieldSpec f : fields) {
            String where = "struct " + struct + ", field " + f.name();
            if (!NAME.matcher(f.name()).matches()) {
                throw new SchemaException(where, "invalid name (a letter, then letters and digits)");
            }
            if (!names.add(f.name())) {
                throw new SchemaException(where, "defined twice in the struct");
            }
            if (f.versions().isEmpty()) {
                throw new SchemaException(where, "\"versions\" is none: the field would never be present");
            }
            tagged(f, where);
            if (f.tag() >= 0) {
                String other = tags.put(f.tag(), f.name());
                if (other != null) {
                    throw new SchemaException(where, "tag " + f.tag() + " is also the tag of field " + other);
                }
            }
            type(f, where);
            if (!f.fields().isEmpty()) {
                struct(f.elementType(), f.fields());
            }
        }
    }

    /** Tagged fields (KIP-482): a tag with open-ended taggedVersions inside the field's and the message's flexible versions. */
    private void tagged(FieldSpec f, String where) {
        VersionRange tagged = f.taggedVersions();
        if (f.tag() < 0 && !tagged.isEmpty()) {
            throw new SchemaException(where, "\"taggedVersions\" " + tagged + " without a \"tag\"");
        }
        if (f.tag() < 0) {
            return;
        }
        if (tagged.isEmpty()) {
            throw new SchemaException(where, "\"tag\" " + f.tag() + " without \"taggedVersions\"");
        }
        if (tagged.highest() != Short.MAX_VALUE) {
            throw new SchemaException(where, "\"taggedVersions\" " + tagged + " must be open-ended (N+)");
        }
        if (!f.versions().intersect(tagged).equals(tagged)) {
            throw new SchemaException(where, "\"taggedVersions\" " + tagged + " outside \"versions\" " + f.versions());
        }
        if (!spec.flexibleVersions().intersect(tagged).equals(tagged)) {
            throw new SchemaException(where, "\"taggedVersions\" " + tagged + " outside the message's flexibleVersions "
                    + spec.flexibleVersions() + " (tagged fields exist only in flexible versions)");
        }
    }

    /** The type is a primitive, or a struct defined inline or among the file's commonStructs. */
    private void type(FieldSpec f, String where) {
        String element = f.elementType();
        boolean primitive = PRIMITIVES.contains(element);
        if (f.isArray() && element.isEmpty() || element.startsWith("[]")) {
            throw new SchemaException(where, "invalid type " + f.type());
        }
        if (primitive && !f.fields().isEmpty()) {
            throw new SchemaException(where, "a field of type " + f.type() + " cannot have \"fields\"");
        }
        if (!primitive && f.fields().isEmpty() && !spec.commonStructs().containsKey(element)) {
            throw new SchemaException(where, "type " + f.type() + " is neither a primitive type nor a struct of this file");
        }
        if (!f.nullableVersions().isEmpty() && primitive && !f.isArray() && !NULLABLE_PRIMITIVES.contains(element)) {
            throw new SchemaException(where, "\"nullableVersions\" on type " + f.type()
                    + " (only strings, bytes, records, arrays and structs may be null)");
        }
        if (f.flexibleVersions() != null && !(f.type().equals("string") || f.type().equals("bytes"))) {
            throw new SchemaException(where, "a \"flexibleVersions\" override on type " + f.type() + " (strings and bytes only)");
        }
    }
}
