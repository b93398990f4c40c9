package org.kwire.cli;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The report's and the partial's JSON Schemas ({@code docs/report.schema.json}, {@code docs/partial.schema.json}), checked with the networknt validator. */
final class ReportSchema {

    private static final SchemaRegistry REGISTRY = registry();
    private static final Schema SCHEMA = REGISTRY.getSchema(SchemaLocation.of("https://kwire.org/schemas/report-1.json"));
    private static final Schema PARTIAL = REGISTRY.getSchema(SchemaLocation.of("https://kwire.org/schemas/partial-1.json"));

    private ReportSchema() {
    }

    /** Both schemas, by their ids: the partial's refers to the report's shapes. */
    private static SchemaRegistry registry() {
        try {
            Map<String, String> texts = Map.of("https://kwire.org/schemas/report-1.json",
                    Files.readString(Path.of("../docs/report.schema.json")), "https://kwire.org/schemas/partial-1.json",
                    Files.readString(Path.of("../docs/partial.schema.json")));
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12, b -> b.schemas(texts));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fails the test with the validator's messages if {@code json} is not a valid partial (docs/partial.schema.json). */
    static void assertValidPartial(String json) {
        List<Error> errors = PARTIAL.validate(json, InputFormat.JSON);
        assertEquals(List.of(), errors.stream().map(Error::toString).toList(), "partial does not match docs/partial.schema.json");
    }

    /** Fails the test with the validator's messages if {@code json} is not a valid report. */
    static void assertValid(String json) {
        List<Error> errors = SCHEMA.validate(json, InputFormat.JSON);
        assertEquals(List.of(), errors.stream().map(Error::toString).toList(), "report does not match docs/report.schema.json");
    }
}
