package org.kwire.schema;

import com.fasterxml.jackson.core.JsonParser;
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
 * {@link MessageSpec}. The format is described in Kafka's {@code clients/src/main/resources/common/message/README.md}.
 */
final class SchemaParser {

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.ALLOW_COMMENTS);

    private SchemaParser() {
    }

    /**
     * @param release label of the release or folder the file belongs to
     * @param in      the file's bytes (closed by the caller)
     * @param file    the file name, for error messages
     * @throws IOException if the file is not valid JSON or not a message schema
     */
    static MessageSpec parse(String release, InputStream in, String file) throws IOException {
        JsonNode root = JSON.readTree(in);
        if (root == null || !root.hasNonNull("name") || !root.hasNonNull("type")) {
            throw new IOException(file + ": not a Kafka message schema (no name or type)");
        }
        String type = root.get("type").asText();
        Direction direction = switch (type) {
            case "request" -> Direction.REQUEST;
            case "response" -> Direction.RESPONSE;
            default -> null;
        };
        try {
            Map<String, FieldSpec> common = new LinkedHashMap<>();
            for (JsonNode s : iterable(root.get("commonStructs"))) {
                common.put(s.get("name").asText(), field(s, VersionRange.ALL));
            }
            return new MessageSpec(release, root.path("apiKey").asInt(-1), direction, root.get("name").asText(),
                    VersionRange.parse(root.path("validVersions").asText(null)),
                    VersionRange.parse(root.path("flexibleVersions").asText(null)),
                    fields(root.get("fields")), Map.copyOf(common));
        } catch (RuntimeException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    private static List<FieldSpec> fields(JsonNode array) {
        List<FieldSpec> out = new ArrayList<>();
        for (JsonNode f : iterable(array)) {
            out.add(field(f, null));
        }
        return List.copyOf(out);
    }

    private static FieldSpec field(JsonNode f, VersionRange defaultVersions) {
        JsonNode versions = f.get("versions");
        return new FieldSpec(
                f.get("name").asText(),
                f.path("type").asText("struct"),
                versions == null ? defaultVersions : VersionRange.parse(versions.asText()),
                VersionRange.parse(f.path("nullableVersions").asText(null)),
                VersionRange.parse(f.path("taggedVersions").asText(null)),
                f.has("tag") ? f.get("tag").asInt() : -1,
                f.has("flexibleVersions") ? VersionRange.parse(f.get("flexibleVersions").asText()) : null,
                f.path("about").asText(""),
                f.has("default") ? f.get("default").asText() : null,
                f.has("entityType") ? f.get("entityType").asText() : null,
                fields(f.get("fields")));
    }

    private static Iterable<JsonNode> iterable(JsonNode node) {
        return node == null ? List.of() : node;
    }
}
