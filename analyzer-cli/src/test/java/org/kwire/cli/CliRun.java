package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One run of the kwire command in-process: exit code, stdout and stderr. */
record CliRun(int exit, String out, String err) {

    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Kwire.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Stdout as JSON; a report (it has report_version) must match docs/report.schema.json. */
    JsonNode json() throws IOException {
        JsonNode n = new ObjectMapper().readTree(out);
        if (n.has("report_version")) {
            ReportSchema.assertValid(out);
        }
        return n;
    }
}
