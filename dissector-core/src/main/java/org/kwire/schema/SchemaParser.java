package org.kwire.schema;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses one Kafka message schema file ({@code common/message/*.json}, JSON with {@code //} comments) into a
 * {@link MessageSpec}, and validates it ({@link SpecValidator}) before anything is compiled from it. The format is
 * described in Kafka's {@code clients/src/main/resources/common/message/README.md}.
 *
 * <p>Errors: an {@link IOException} whose message names the file, the struct and the field, e.g.
 * {@code FooRequest.json: struct Topics, field Name: no "versions"}.
 */
final class SchemaParser {

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.ALLOW_COMMENTS);

    private SchemaParser() {
    }

    /**
     * @param release label of the release or folder the file belongs to
     * @param in      the file's bytes (closed by the caller)
     * @param file    the file name, for error messages
     * @throws IOException if the file is not valid JSON, not a message schema, or breaks a schema rule
     */
    static MessageSpec parse(String release, InputStream in, String file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(in);
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr();
            throw new IOException(file + ": not valid JSON" + at + " (" + e.getOriginalMessage() + ")", e);
        }
        if (root == null || !root.isObject() || !root.hasNonNull("name") || !root.hasNonNull("type")) {
            throw new IOException(file + ": not a Kafka message schema (no name or type)");
        }
        String name = root.get("name").asText();
        Direction direction = switch (root.get("type").asText()) {
            case "request" -> Direction.REQUEST;
            case "response" -> Direction.RESPONSE;
            default -> null;
        };
        try {
            Map<String, FieldSpec> common = new LinkedHashMap<>();
            for (JsonNode s : iterable(root.get("commonStructs"))) {
                FieldSpec struct = field(s, "commonStructs of " + name, true);
                if (common.put(struct.name(), struct) != null) {
                    throw new SchemaException("commonStructs of " + name + ", struct " + struct.name(), "defined twice");
                }
            }
            MessageSpec spec = new MessageSpec(release, root.path("apiKey").asInt(-1), direction, name,
                    versions(root, "validVersions", "message " + name),
                    versions(root, "flexibleVersions", "message " + name),
                    fields(root.get("fields"), name), Map.copyOf(common));
            SpecValidator.validate(spec, root.has("apiKey"), root.has("validVersions"), root.has("flexibleVersions"));
            return spec;
        } catch (SchemaException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    private static List<FieldSpec> fields(JsonNode array, String struct) {
        List<FieldSpec> out = new ArrayList<>();
        for (JsonNode f : iterable(array)) {
            out.add(field(f, struct, false));
        }
        return List.copyOf(out);
    }

    /** One field (or common struct) as written; {@code struct} names where it is, for messages. */
    private static FieldSpec field(JsonNode f, String struct, boolean commonStruct) {
        if (!f.hasNonNull("name") || f.get("name").asText().isEmpty()) {
            throw new SchemaException("struct " + struct, "a field has no \"name\"");
        }
        String name = f.get("name").asText();
        String where = commonStruct ? struct + ", struct " + name : "struct " + struct + ", field " + name;
        if (!commonStruct && !f.hasNonNull("type")) {
            throw new SchemaException(where, "no \"type\"");
        }
        // a tagged field may leave "versions" out: it is present in its taggedVersions (Kafka's own generator accepts
        // it, e.g. StreamsGroupMetadataValue.json of kafka-group-coordinator 4.4, field LastAssignmentConfigs)
        String versionsKey = f.hasNonNull("versions") ? "versions" : "taggedVersions";
        if (!f.hasNonNull(versionsKey)) {
            throw new SchemaException(where, "no \"versions\"");
        }
        String type = commonStruct ? name : f.get("type").asText();
        String innerStruct = type.startsWith("[]") ? type.substring(2) : type;
        JsonNode tag = f.get("tag"); // some of Kafka's own files write it as a string, e.g. "0"
        if (tag != null && !(tag.canConvertToInt() || tag.isTextual() && tag.asText().matches("-?\\d{1,9}"))) {
            throw new SchemaException(where, "\"tag\" " + tag + " is not an integer");
        }
        return new FieldSpec(name, type,
                versions(f, versionsKey, where),
                versions(f, "nullableVersions", where),
                versions(f, "taggedVersions", where),
                tag != null ? tag.asInt() : -1,
                f.has("flexibleVersions") ? versions(f, "flexibleVersions", where) : null,
                f.path("about").asText(""),
                // "default": null (JSON null, not the string "null") is no default, as Kafka's generator reads it
                f.hasNonNull("default") ? f.get("default").asText() : null,
                f.has("entityType") ? f.get("entityType").asText() : null,
                fields(f.get("fields"), innerStruct));
    }

    /** A version range property; {@link VersionRange#NONE} when absent. */
    private static VersionRange versions(JsonNode node, String property, String where) {
        try {
            return VersionRange.parse(node.path(property).asText(null));
        } catch (IllegalArgumentException e) {
            throw new SchemaException(where, "\"" + property + "\": " + e.getMessage());
        }
    }

    private static Iterable<JsonNode> iterable(JsonNode node) {
        return node == null ? List.of() : node;
    }
}
