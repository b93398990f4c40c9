package org.kwire.json;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.StringNode;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds the values of a document that its schema marks with kwire's own annotation keywords ({@code x-kwire-...};
 * JSON Schema ignores keywords it does not know, and so does the validator): the document is walked along its schema
 * ({@code properties}, {@code additionalProperties}, {@code items}, {@code propertyNames} for a map's names, each
 * alternative of {@code oneOf}, {@code anyOf}, {@code allOf}, {@code $ref}s within and between kwire's schemas), skipping the parts whose schema marks nothing, and each value
 * found where the schema carries one of the keywords is handed to a visitor with its JSON pointer. Checks the schema
 * cannot express (a frame number at most its slice's packets) are written once against the keyword, so that a field
 * added to the schema with the keyword is checked too. Not thread-safe: one walk at a time.
 */
public final class Annotations {

    /** Receives each value marked with one of the keywords. */
    @FunctionalInterface
    public interface Visitor {
        /**
         * @param pointer    the value's JSON pointer (a map's name: the pointer of its value)
         * @param keyword    the keyword
         * @param annotation the keyword's value in the schema
         * @param value      the value (a map's name: as a string node)
         */
        void visit(String pointer, String keyword, String annotation, JsonNode value) throws JsonInputException;
    }

    private static final String[] ALTERNATIVES = {"oneOf", "anyOf", "allOf"};

    private final Map<String, JsonNode> schemas;
    private final List<String> keywords;
    private final Visitor visitor;
    private final Map<JsonNode, Boolean> marks = new IdentityHashMap<>();

    /** @param schemas the schema documents by {@code $id} */
    Annotations(Map<String, JsonNode> schemas, List<String> keywords, Visitor visitor) {
        this.schemas = schemas;
        this.keywords = keywords;
        this.visitor = visitor;
    }

    /** Walks {@code document} along the schema {@code id}. */
    void walk(String id, JsonNode document) throws JsonInputException {
        walk(id, schemas.get(id), document, "");
    }

    private void walk(String id, JsonNode schema, JsonNode node, String pointer) throws JsonInputException {
        if (schema == null || !schema.isObject() || node == null) {
            return;
        }
        if (schema.has("$ref")) {
            String doc = target(id, schema);
            walk(doc, resolve(id, schema), node, pointer);
            return;
        }
        if (!marks(id, schema)) {
            return;
        }
        for (String k : ALTERNATIVES) { // each alternative that marks something, on the same value
            for (JsonNode alternative : schema.path(k).values()) {
                walk(id, alternative, node, pointer);
            }
        }
        if (node.isObject()) {
            JsonNode names = schema.path("propertyNames");
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                String at = pointer + "/" + JsonInputException.segment(e.getKey());
                visit(names, at, StringNode.valueOf(e.getKey()));
                JsonNode declared = schema.path("properties").get(e.getKey());
                walk(id, declared != null ? declared : schema.get("additionalProperties"), e.getValue(), at);
            }
        } else if (node.isArray()) {
            JsonNode items = schema.get("items");
            for (int i = 0; i < node.size(); i++) {
                walk(id, items, node.get(i), pointer + "/" + i);
            }
        }
        visit(schema, pointer, node); // after what is under it: a value's own fault is named before its list's order
    }

    private void visit(JsonNode schema, String pointer, JsonNode value) throws JsonInputException {
        for (String k : keywords) {
            if (schema.has(k)) {
                visitor.visit(pointer, k, schema.get(k).asString(), value);
            }
        }
    }

    /** Whether the schema or one under it carries a keyword (so that the document under it is worth walking). */
    private boolean marks(String id, JsonNode schema) {
        Boolean known = marks.get(schema);
        if (known != null) {
            return known;
        }
        marks.put(schema, false); // a schema that refers to itself marks nothing by that
        boolean found = keywords.stream().anyMatch(schema::has);
        if (schema.has("$ref")) {
            JsonNode target = resolve(id, schema);
            found |= target != null && marks(target(id, schema), target);
        }
        for (String k : new String[] {"additionalProperties", "items", "propertyNames"}) {
            found |= schema.path(k).isObject() && marks(id, schema.get(k));
        }
        for (String k : ALTERNATIVES) {
            for (JsonNode alternative : schema.path(k).values()) {
                found |= marks(id, alternative);
            }
        }
        for (JsonNode p : schema.path("properties").values()) {
            found |= marks(id, p);
        }
        marks.put(schema, found);
        return found;
    }

    /** The schema document a {@code $ref} points into. */
    private static String target(String id, JsonNode schema) {
        String ref = schema.get("$ref").asString();
        int hash = ref.indexOf('#');
        return hash == 0 ? id : JsonSchemas.BASE + ref.substring(0, hash < 0 ? ref.length() : hash);
    }

    private JsonNode resolve(String id, JsonNode schema) {
        String ref = schema.get("$ref").asString();
        int hash = ref.indexOf('#');
        JsonNode doc = schemas.get(target(id, schema));
        return doc == null || hash < 0 ? doc : doc.at(ref.substring(hash + 1));
    }
}
