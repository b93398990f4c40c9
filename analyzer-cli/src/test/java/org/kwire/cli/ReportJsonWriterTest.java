package org.kwire.cli;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.report.Report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ReportJsonWriter} writes what Jackson's {@link Json#REPORT} writes, byte for byte, on the reports of every test
 * capture (with and without TLS key logs, so that every section of the report is filled somewhere), and hands types it
 * does not know to Jackson.
 */
class ReportJsonWriterTest {

    /** Reads a report back as it was: a missing (NON_NULL) value stays null (Json.REPORT_READER makes maps empty). */
    private static final ObjectMapper READER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    @Test
    void everyTestCapturesReportIsWrittenAsJacksonWritesIt() throws IOException {
        List<Path> captures;
        try (var files = Files.list(TestCaptures.path("."))) {
            captures = files.filter(f -> f.toString().matches(".*\\.pcap(ng)?$")).sorted().toList();
        }
        assertTrue(captures.size() >= 30, captures.toString());
        int nonNullAcked = 0;
        for (Path capture : captures) {
            Path keys = Path.of(capture.toString().replaceFirst("\\.pcap(ng)?$", ".keys"));
            CliRun run = Files.exists(keys)
                    ? CliRun.of("analyze", "-q", "--format", "json", "--tls-keylog", keys.toString(), capture.toString())
                    : CliRun.of("analyze", "-q", "--format", "json", "--port", "9092,9094,9095,9192,36333", capture.toString());
            assertEquals(0, run.exit(), capture + ": " + run.err());
            Report report = READER.readValue(run.out(), Report.class);
            String jackson = Json.REPORT.writeValueAsString(report);

            assertEquals(jackson + System.lineSeparator(), run.out(), capture.toString()); // what analyze printed
            assertEquals(jackson, written(report), capture.toString());
            nonNullAcked += run.out().contains("\"acked_records\"") ? 1 : 0;
        }
        assertTrue(nonNullAcked > 0, "a report with a @JsonInclude(NON_NULL) value present");
    }

    @Test
    void theReportsTypesAreAllKnown() {
        assertTrue(ReportJsonWriter.supports(Report.class));
    }

    /** A record with something Jackson would make a property of. */
    record WithGetter(long a) {
        public long getTwice() {
            return 2 * a;
        }
    }

    record Renamed(@JsonProperty("b") long a) {
    }

    record Empties(@JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> list) {
    }

    record Keyed(Map<TimeUnit, Long> byUnit) {
    }

    record Holder(List<WithGetter> nested) {
    }

    record Plain(long a, Long b, @JsonInclude(JsonInclude.Include.NON_NULL) String c, Map<String, List<Integer>> d) {
    }

    @Test
    void typesJacksonWouldTreatDifferentlyAreLeftToJackson() {
        assertFalse(ReportJsonWriter.supports(WithGetter.class));
        assertFalse(ReportJsonWriter.supports(Renamed.class));
        assertFalse(ReportJsonWriter.supports(Empties.class));
        assertFalse(ReportJsonWriter.supports(Keyed.class));
        assertFalse(ReportJsonWriter.supports(Holder.class));
        assertFalse(ReportJsonWriter.supports(TimeUnit.class));
        assertTrue(ReportJsonWriter.supports(Plain.class));
    }

    private static String written(Report report) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReportJsonWriter.write(report, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
