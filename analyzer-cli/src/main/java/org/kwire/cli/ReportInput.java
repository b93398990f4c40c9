package org.kwire.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import org.kwire.json.JsonInput;
import org.kwire.json.JsonInputException;
import org.kwire.json.JsonSchemas;
import org.kwire.report.Report;
import org.kwire.report.RequestRate;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Reads a report written by {@code kwire analyze} (docs/GUIDE.md, "The report") from a file or stdin, as an input that may be
 * damaged: within {@code --max-report-bytes} and {@code --max-report-tokens} ({@link JsonInput}), validated against
 * {@code docs/report.schema.json} as a reader applies it ({@link JsonSchemas#reports()}: fields of a newer kwire
 * ignored, those of an older one's report missing), then bound into a {@link Report}.
 */
final class ReportInput {

    /** The name that means stdin. */
    static final String STDIN = "-";

    private ReportInput() {
    }

    /**
     * Reads and checks a report.
     *
     * @param name  a file name, or {@link #STDIN}
     * @param stdin read when {@code name} is {@link #STDIN}
     * @return the report; a missing {@code request_rate} reads as one without requests
     * @throws CliException (exit code 3) if the input is missing, unreadable, past a limit, not JSON, not a report of
     *                      the version this kwire reads, or breaks the schema: one line naming the field
     */
    static Report read(String name, InputStream stdin, JsonInput input) throws CliException {
        String what = name.equals(STDIN) ? "stdin" : name;
        if (!name.equals(STDIN) && Files.isDirectory(Path.of(name))) {
            throw new CliException(ExitCodes.INPUT, name + ": is a directory, not a report");
        }
        byte[] bytes = name.equals(STDIN) ? JsonInputOptions.stdin(stdin, input, "report") : file(name, input);
        try {
            JsonNode tree = input.read(new ByteArrayInputStream(bytes));
            if (!tree.has("report_version") || !tree.has("capture")) {
                String partial = tree.has("kwire_partial")
                        ? "; it is a partial of analyze --partial: kwire merge makes its report" : "";
                throw new CliException(ExitCodes.INPUT, what + ": not a kwire report (no report_version and capture"
                        + eventsHint(bytes) + partial + ")");
            }
            if (tree.get("report_version").isIntegralNumber() && tree.get("report_version").asLong() != Report.VERSION) {
                throw new CliException(ExitCodes.INPUT, what + ": report_version " + tree.get("report_version")
                        + " is not one this kwire reads (" + Report.VERSION + ")");
            }
            JsonSchemas.reports().check(tree);
            sameBuckets(tree);
        } catch (JsonInputException e) {
            throw new CliException(ExitCodes.INPUT, what + ": " + e.getMessage() + eventsHint(bytes));
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, what + ": " + e.getMessage());
        }
        try (JsonParser parser = new com.fasterxml.jackson.core.JsonFactoryBuilder()
                .streamReadConstraints(input.limits().jackson2()).build().createParser(bytes)) {
            Report r = Json.REPORT_READER.readValue(parser, Report.class);
            return r.requestRate() != null ? r : withoutRate(r);
        } catch (JsonMappingException e) { // a field the schema lets through that its record does not take
            throw new CliException(ExitCodes.INPUT, what + ": " + JsonInputException.unbound(e).getMessage());
        } catch (JsonProcessingException e) {
            throw new CliException(ExitCodes.INPUT, what + ": not a kwire report (not JSON)");
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, what + ": " + e.getMessage());
        }
    }

    /**
     * What the schema cannot say: the series the schema marks {@code x-kwire-buckets} with the same name (a rate's) all
     * have the same number of buckets.
     */
    private static void sameBuckets(JsonNode tree) throws JsonInputException {
        Map<String, Integer> buckets = new java.util.HashMap<>();
        JsonSchemas.reports().annotated(tree, java.util.List.of("x-kwire-buckets"), (pointer, keyword, rate, series) -> {
            int n = buckets.computeIfAbsent(rate, r -> series.size());
            if (series.size() != n) {
                throw new JsonInputException(pointer, series.size() + " buckets, where the other series of " + rate
                        + " have " + n);
            }
        });
    }

    /** A file's bytes, at most the limit. */
    private static byte[] file(String name, JsonInput input) throws CliException {
        Path path = Path.of(name);
        JsonInputOptions.checkSize(path, input, "report", name);
        try (InputStream in = Files.newInputStream(path)) {
            return JsonInputOptions.stdin(in, input, "report");
        } catch (NoSuchFileException e) {
            throw new CliException(ExitCodes.INPUT, "no such file: " + name);
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, name + ": cannot be read: " + (e.getMessage() == null ? "an I/O error"
                    : Cli.why(e)));
        } catch (CliException e) { // read past the limit while it grew
            throw new CliException(ExitCodes.INPUT, e.getMessage().replaceFirst("^stdin", name));
        }
    }

    /** A hint when the input looks like analyze's NDJSON events rather than its report. */
    private static String eventsHint(byte[] bytes) {
        return new String(bytes, 0, Math.min(bytes.length, 200), java.nio.charset.StandardCharsets.UTF_8).startsWith("{\"type\":")
                ? "; these look like NDJSON events: give kwire report the JSON report of analyze (--format json)" : "";
    }

    private static Report withoutRate(Report r) {
        return new Report(r.reportVersion(), r.capture(), r.apis(), r.responsesWithoutRequest(), r.connections(),
                r.clients(), r.topics(), r.partitions(), r.slowest(), new RequestRate(null, 1, Map.of()), r.crcFailures(),
                r.crcFailuresOmitted(), r.partialBatches(), r.partialBatchesOmitted(), r.expert(), r.warnings(),
                r.warningsOmitted(), r.longPollsIncluded(), r.readiness(), r.brokers(), r.transactions(), r.topicRate(),
                r.tls(), r.filter(), r.consumerGroups(),
                r.replication(), r.load(), r.consumerLag(), r.endToEnd(),
                r.internalRecords(), r.clientTelemetry(), r.schemaRegistry());
    }
}
