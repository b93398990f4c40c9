package org.kwire.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.kwire.report.Report;
import org.kwire.report.RequestRate;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Reads a report written by {@code kwire analyze} (README, "The report") from a file or stdin. */
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
     * @throws CliException (exit code 3) if the input is missing, unreadable, not JSON, or not a report of the
     *                      version this kwire reads
     */
    static Report read(String name, InputStream stdin) throws CliException {
        String what = name.equals(STDIN) ? "stdin" : name;
        if (!name.equals(STDIN) && Files.isDirectory(Path.of(name))) {
            throw new CliException(ExitCodes.INPUT, name + ": is a directory, not a report");
        }
        byte[] bytes = Cli.readCaptures(() -> name.equals(STDIN) ? stdin.readAllBytes() : Files.readAllBytes(Path.of(name)));
        try {
            JsonNode tree = Json.REPORT_READER.readTree(bytes);
            if (tree == null || !tree.path("report_version").isIntegralNumber() || !tree.path("capture").isObject()) {
                String partial = tree != null && tree.has("kwire_partial")
                        ? "; it is a partial of analyze --partial: kwire merge makes its report" : "";
                throw new CliException(ExitCodes.INPUT, what + ": not a kwire report (no report_version and capture"
                        + eventsHint(bytes) + partial + ")");
            }
            int version = tree.get("report_version").asInt();
            if (version != Report.VERSION) {
                throw new CliException(ExitCodes.INPUT, what + ": report_version " + version
                        + " is not one this kwire reads (" + Report.VERSION + ")");
            }
            Report r = Json.REPORT_READER.treeToValue(tree, Report.class);
            return r.requestRate() != null ? r : withoutRate(r);
        } catch (JsonProcessingException e) {
            com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
            String where = e instanceof com.fasterxml.jackson.databind.JsonMappingException m && !m.getPath().isEmpty()
                    ? " at " + m.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                            .collect(java.util.stream.Collectors.joining(".")).replace(".[", "[")
                    : at != null && at.getLineNr() > 0 ? " at line " + at.getLineNr() + ", column " + at.getColumnNr() : "";
            throw new CliException(ExitCodes.INPUT, what + ": not a kwire report ("
                    + (e instanceof com.fasterxml.jackson.core.JsonParseException ? "not JSON" : "a field of the wrong type")
                    + where + eventsHint(bytes) + ")");
        } catch (IOException e) {
            throw new CliException(ExitCodes.INPUT, what + ": " + e.getMessage());
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
                r.tls(), r.filter());
    }
}
