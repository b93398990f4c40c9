package org.kwire.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import org.junit.jupiter.api.Test;
import org.kwire.analysis.AnalysisOption;
import org.kwire.partial.Partial;
import org.kwire.report.Report;

import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/partial.schema.json and docs/report.schema.json describe every field of the records kwire writes them from
 * ({@link Partial}, {@link Report}), field by field, so that reading one back validates all of it before it is bound:
 * each record component is a property of its object's schema, which admits no other (additionalProperties false), and
 * a Java int's field admits no number past an int. Walks the records and the schemas side by side.
 */
class SchemaCoverageTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE = "https://kwire.org/schemas/";
    private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE = new PropertyNamingStrategies.SnakeCaseStrategy();

    private final Map<String, JsonNode> docs;
    private final List<String> gaps = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();

    SchemaCoverageTest() throws IOException {
        docs = Map.of(BASE + "partial-1.json", JSON.readTree(Path.of("../docs/partial.schema.json").toFile()),
                BASE + "report-1.json", JSON.readTree(Path.of("../docs/report.schema.json").toFile()));
    }

    @Test
    void theSchemasDescribeEveryFieldOfTheRecords() {
        walk(Partial.class, docs.get(BASE + "partial-1.json"), BASE + "partial-1.json", "partial");
        walk(Report.class, docs.get(BASE + "report-1.json"), BASE + "report-1.json", "report");
        assertEquals(List.of(), gaps);
    }

    /**
     * A partial's analysis options are analyze's options that change what it finds (those of the analysis config
     * that make its identity); every other option of analyze is one of the command's own (outputs, how it runs) or
     * an analysis option that changes only how a run is done.
     */
    @Test
    void aPartialsAnalysisNamesOnlyAnalyzesOptionsThatChangeWhatItFinds() {
        Set<String> command = Set.of("read", "output", "format", "index", "partial", "jobs", "split", "quiet", "help",
                "metrics-file", "metrics-clients", "metrics-topics", "metrics-groups", "strict");
        Set<String> options = new java.util.TreeSet<>();
        for (org.apache.commons.cli.Option o : AnalyzeCommand.options().getOptions()) {
            AnalysisOption a = AnalysisOption.named(o.getLongOpt()).orElse(null);
            assertTrue(a != null || command.contains(o.getLongOpt()), o.getLongOpt() + ": neither analyze's own nor an analysis option");
            if (a != null && a.identity()) {
                options.add(a.option());
            }
        }
        Set<String> named = new java.util.TreeSet<>();
        docs.get(BASE + "partial-1.json").at("/properties/analysis/propertyNames/enum").forEach(n -> named.add(n.asText()));
        assertEquals(options, named);
    }

    private void walk(Type type, JsonNode schema, String doc, String at) {
        if (schema == null) {
            gaps.add(at + ": no schema");
            return;
        }
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            int hash = ref.indexOf('#');
            String target = hash == 0 ? doc : BASE + ref.substring(0, hash);
            walk(type, docs.get(target).at(ref.substring(hash + 1)), target, at);
            return;
        }
        if (schema.has("oneOf")) {
            for (JsonNode alternative : schema.get("oneOf")) {
                if (!alternative.path("type").asText().equals("null")) {
                    walk(type, alternative, doc, at);
                }
            }
            return;
        }
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        if ((raw == int.class || raw == Integer.class) && !schema.has("const")) {
            if (schema.path("maximum").asLong(Long.MAX_VALUE) > Integer.MAX_VALUE
                    || schema.path("minimum").asLong(Long.MIN_VALUE) < Integer.MIN_VALUE) {
                gaps.add(at + ": a Java int without int bounds");
            }
        } else if (raw.isArray() && raw != byte[].class) {
            walk(raw.getComponentType(), schema.get("items"), doc, at + "[]");
        } else if (List.class.isAssignableFrom(raw)) {
            walk(((ParameterizedType) type).getActualTypeArguments()[0], schema.get("items"), doc, at + "[]");
        } else if (Map.class.isAssignableFrom(raw)) {
            walk(((ParameterizedType) type).getActualTypeArguments()[1], schema.get("additionalProperties"), doc, at + "{}");
        } else if (raw.isRecord() && seen.add(raw.getName() + " " + at)) {
            if (!schema.path("additionalProperties").isBoolean() || schema.get("additionalProperties").asBoolean()) {
                gaps.add(at + " (" + raw.getSimpleName() + "): admits names it does not describe");
            }
            Set<String> named = new HashSet<>();
            schema.path("properties").fieldNames().forEachRemaining(named::add);
            for (RecordComponent c : raw.getRecordComponents()) {
                String name = SNAKE.translate(c.getName());
                if (c.getAccessor().isAnnotationPresent(JsonInclude.class) && !named.contains(name)) {
                    continue; // written only where it has a value (a Produce's acked records, not a Fetch's)
                }
                if (!named.remove(name)) {
                    gaps.add(at + "." + name + " (" + raw.getSimpleName() + "): not in the schema");
                } else {
                    walk(c.getGenericType(), schema.get("properties").get(name), doc, at + "." + name);
                }
            }
            named.forEach(n -> gaps.add(at + "." + n + ": in the schema, not in " + raw.getSimpleName()));
        }
    }
}
