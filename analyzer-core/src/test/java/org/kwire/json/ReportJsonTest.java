package org.kwire.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import org.junit.jupiter.api.Test;
import org.kwire.analysis.Analysis;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.analysis.AnalysisConfigBuilder;
import org.kwire.report.Report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@link ReportJson} writes binds back, with Jackson's snake_case naming (as {@code kwire report} reads a
 * report), into the same report, written again byte for byte, on the reports of every test capture (with and without
 * TLS key logs, so that every section of the report is filled somewhere); and it supports no type a Jackson reader
 * would bind differently.
 */
class ReportJsonTest {

    private static final Path CAPTURES = Path.of(System.getProperty("kwire.testCaptures", "../test-captures"));

    /** Reads a report back as it was: a missing (NON_NULL) value stays null (kwire report's reader makes maps empty). */
    private static final ObjectMapper READER = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    @Test
    void everyTestCapturesReportIsReadBackAsWritten() throws IOException {
        List<Path> captures;
        try (var files = Files.list(CAPTURES)) {
            captures = files.filter(f -> f.toString().matches(".*\\.pcap(ng)?$")).sorted().toList();
        }
        assertTrue(captures.size() >= 30, captures.toString());
        int nonNullAcked = 0;
        for (Path capture : captures) {
            Path keys = Path.of(capture.toString().replaceFirst("\\.pcap(ng)?$", ".keys"));
            AnalysisConfigBuilder config = AnalysisConfig.builder();
            if (Files.exists(keys)) {
                config.tlsKeyLog(keys);
            } else {
                config.ports(9092, 9094, 9095, 9192, 36333);
            }
            String written = ReportJson.toString(Analysis.of(config.build()).report(List.of(capture), w -> { }));
            Report read = READER.readValue(written, Report.class);

            assertEquals(written, ReportJson.toString(read), capture.toString());
            nonNullAcked += written.contains("\"acked_records\"") ? 1 : 0;
        }
        assertTrue(nonNullAcked > 0, "a report with a @JsonInclude(NON_NULL) value present");
    }

    @Test
    void theReportsTypesAreAllKnown() {
        assertTrue(ReportJson.supports(Report.class));
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

    record Plain(long a, Long b, @JsonInclude(JsonInclude.Include.NON_NULL) String c, Map<String, List<Integer>> d,
                 @com.fasterxml.jackson.annotation.JsonSetter(contentNulls = com.fasterxml.jackson.annotation.Nulls.SET)
                 List<Long> e) {
    }

    record FailOnNulls(@com.fasterxml.jackson.annotation.JsonSetter(contentNulls = com.fasterxml.jackson.annotation.Nulls.FAIL)
                       List<Long> e) {
    }

    @Test
    void typesAJacksonReaderWouldBindDifferentlyAreNotSupported() {
        assertFalse(ReportJson.supports(WithGetter.class));
        assertFalse(ReportJson.supports(Renamed.class));
        assertFalse(ReportJson.supports(Empties.class));
        assertFalse(ReportJson.supports(Keyed.class));
        assertFalse(ReportJson.supports(Holder.class));
        assertFalse(ReportJson.supports(TimeUnit.class));
        assertFalse(ReportJson.supports(FailOnNulls.class));
        assertTrue(ReportJson.supports(Plain.class));
    }
}
