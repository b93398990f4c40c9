package org.kwire.json;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * kwire's published JSON Schemas ({@code docs/partial.schema.json}, {@code docs/report.schema.json}, bundled in the
 * jar; draft 2020-12), as a reader applies them, through networknt's validator: every keyword is asserted
 * ({@code format} included), the first failure is the refusal. A reader differs from the schema, which describes
 * what kwire writes, only where docs/GUIDE.md and PARTIAL.md say so:
 * <ul>
 * <li>partials: names the schema does not know are ignored (a partial of a newer kwire of the same format);</li>
 * <li>reports: likewise, and fields the schema requires may be missing (a report of an older kwire), but for
 * {@code report_version} and {@code capture}.</li>
 * </ul>
 * Loaded once; immutable and thread-safe.
 */
public final class JsonSchemas {

    /** Where kwire's schemas live: their {@code $id}s, by which the partial schema refers to the report's shapes. */
    static final String BASE = "https://kwire.org/schemas/";
    private static final String PARTIAL = BASE + "partial-1.json";
    private static final String REPORT = BASE + "report-1.json";

    private static final ObjectMapper TREES = new ObjectMapper();
    private static final JsonSchemas PARTIALS = new JsonSchemas(PARTIAL, Reader.PARTIAL);
    private static final JsonSchemas REPORTS = new JsonSchemas(REPORT, Reader.REPORT);
    private static final JsonSchemas WRITTEN = new JsonSchemas(REPORT, Reader.NONE);

    /** How a reader relaxes the schemas. */
    private enum Reader { PARTIAL, REPORT, NONE }

    private final String id;
    private final Map<String, JsonNode> trees;
    private final SchemaRegistry registry;
    private final Schema root;

    private JsonSchemas(String id, Reader reader) {
        this.id = id;
        this.trees = Map.of(PARTIAL, relaxed("partial.schema.json", reader, false),
                REPORT, relaxed("report.schema.json", reader, reader == Reader.REPORT));
        Map<String, String> texts = Map.of(PARTIAL, trees.get(PARTIAL).toString(), REPORT, trees.get(REPORT).toString());
        this.registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, b -> b.schemas(texts));
        this.root = registry.getSchema(SchemaLocation.of(id));
    }

    /** The partial schema as {@code kwire merge} applies it. */
    public static JsonSchemas partials() {
        return PARTIALS;
    }

    /** The report schema as {@code kwire report} applies it. */
    public static JsonSchemas reports() {
        return REPORTS;
    }

    /** The report schema as it is, for a report kwire made: what {@code kwire merge} checks before it writes one. */
    public static JsonSchemas reportsAsWritten() {
        return WRITTEN;
    }

    /**
     * Checks a whole document.
     *
     * @throws JsonInputException the first field that breaks the schema: its pointer and the rule it breaks
     */
    public void check(JsonNode document) throws JsonInputException {
        check(root, document, "");
    }

    /**
     * Checks one part of a document against the schema of that part.
     *
     * @param pointer the part's JSON pointer in the document, which is also its schema's ({@code /report}: the
     *                schema at {@code #/properties/report}); only plain object members, no arrays
     * @throws JsonInputException the first field that breaks it, its pointer from the document's root
     */
    public void check(JsonNode part, String pointer) throws JsonInputException {
        String fragment = pointer.replace("/", "/properties/");
        check(registry.getSchema(SchemaLocation.of(id + "#" + fragment)), part, pointer);
    }

    /**
     * Hands each value of {@code document} that the schema marks with one of {@code keywords} (kwire's own annotation
     * keywords, {@code x-kwire-...}) to {@code visitor}, with its pointer: for the checks a schema cannot express.
     */
    public void annotated(JsonNode document, List<String> keywords, Annotations.Visitor visitor) throws JsonInputException {
        new Annotations(trees, keywords, visitor).walk(id, document);
    }

    private void check(Schema schema, JsonNode node, String under) throws JsonInputException {
        List<Error> errors = schema.validate(node, (Consumer<com.networknt.schema.ExecutionContext>) c -> c
                .executionConfig(e -> e.failFast(true).formatAssertionsEnabled(true)));
        if (!errors.isEmpty()) {
            Error e = errors.get(0);
            String pointer = under + e.getInstanceLocation().toString();
            throw new JsonInputException(pointer, (pointer.isEmpty() ? "not a whole kwire " + (id.equals(PARTIAL) ? "partial"
                    : "report") + ": " : "") + e.getMessage());
        }
    }

    /** A bundled schema as a reader applies it (see the class comment). */
    private static JsonNode relaxed(String resource, Reader reader, boolean olderFieldsMissing) {
        try (InputStream in = JsonSchemas.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("kwire's jar lacks org/kwire/json/" + resource);
            }
            JsonNode schema = TREES.readTree(in);
            if (reader != Reader.NONE) {
                relax(schema, olderFieldsMissing);
            }
            if (olderFieldsMissing) {
                ((ObjectNode) schema).putArray("required").add("report_version").add("capture");
            }
            return schema;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Relaxes one schema and its subschemas; the members of a name-to-schema map are schemas, the map is not. */
    private static void relax(JsonNode schema, boolean dropRequired) {
        if (!(schema instanceof ObjectNode o)) {
            return;
        }
        if (o.path("additionalProperties").isBoolean() && !o.get("additionalProperties").asBoolean()) {
            o.remove("additionalProperties");
        }
        if (dropRequired && o.path("required").isArray()) {
            o.remove("required");
        }
        for (Map.Entry<String, JsonNode> e : o.properties()) {
            if (Set.of("properties", "patternProperties", "$defs", "dependentSchemas").contains(e.getKey())) {
                e.getValue().values().forEach(s -> relax(s, dropRequired));
            } else if (!Set.of("const", "enum").contains(e.getKey())) {
                if (e.getValue().isArray()) {
                    e.getValue().values().forEach(s -> relax(s, dropRequired));
                } else {
                    relax(e.getValue(), dropRequired);
                }
            }
        }
    }
}
