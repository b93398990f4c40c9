package org.kwire.cli;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The report's and the partial's JSON Schemas ({@code docs/report.schema.json}, {@code docs/partial.schema.json}), checked with the networknt validator. */
final class ReportSchema {

    private static final Schema SCHEMA = load("../docs/report.schema.json");
    private static final Schema PARTIAL = load("../docs/partial.schema.json");

    private ReportSchema() {
    }

    private static Schema load(String file) {
        try {
            String text = Files.readString(Path.of(file));
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(text, InputFormat.JSON);
        } catch (IOException e) {
            throw new UncheckedIOException(file, e);
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
