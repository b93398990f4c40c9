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

    /**
     * {@code kwire analyze -q --format json} of {@code capture} with {@code options}: its report, which must be valid
     * (exit 0, docs/report.schema.json).
     */
    static JsonNode analyzeJson(java.nio.file.Path capture, java.util.List<String> options) throws IOException {
        java.util.List<String> a = new java.util.ArrayList<>(java.util.List.of("analyze", "-q", "--format", "json"));
        a.addAll(options);
        a.add(capture.toString());
        CliRun run = of(a.toArray(String[]::new));
        org.junit.jupiter.api.Assertions.assertEquals(0, run.exit(), run.err());
        return run.json();
    }

    /** Stdout as JSON; a report (it has report_version) must match docs/report.schema.json. */
    JsonNode json() throws IOException {
        JsonNode n = new ObjectMapper().readTree(out);
        if (n.has("report_version")) {
            ReportSchema.assertValid(out);
        }
        return n;
    }

    /**
     * The text of a summary entry of stdout (a text report): its line labelled {@code label} (with or without the
     * {@code !} mark, which it keeps in front) and the lines it wrapped onto, joined again as one line; null if none.
     */
    String summaryEntry(String label) {
        String[] lines = out.split("\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].length() > 18 && lines[i].substring(2, 18).trim().equals(label)) {
                StringBuilder b = new StringBuilder(lines[i].substring(0, 1) + " " + lines[i].substring(18));
                for (int j = i + 1; j < lines.length && lines[j].startsWith(" ".repeat(18)); j++) {
                    b.append(' ').append(lines[j].substring(18));
                }
                return b.toString();
            }
        }
        return null;
    }
}
