package org.kwire.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** docs/report.schema.json accepts kwire's reports and refuses reports that break it. */
class ReportSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyTestCaptureReportMatchesAndBrokenOnesDoNot() throws IOException {
        CliRun run = CliRun.of("analyze", "-q", TestCaptures.path("java-basic-drop3.pcap").toString());
        assertEquals(0, run.exit(), run.err());
        ReportSchema.assertValid(run.out());

        ObjectNode missing = (ObjectNode) JSON.readTree(run.out());
        missing.remove("apis");
        assertThrows(AssertionError.class, () -> ReportSchema.assertValid(missing.toString()));

        ObjectNode unknown = (ObjectNode) JSON.readTree(run.out());
        ((ObjectNode) unknown.get("capture")).put("packetz", 1);
        assertThrows(AssertionError.class, () -> ReportSchema.assertValid(unknown.toString()), "undocumented field");

        ObjectNode wrongType = (ObjectNode) JSON.readTree(run.out());
        ((ObjectNode) wrongType.get("apis").get(0)).put("requests", "many");
        assertThrows(AssertionError.class, () -> ReportSchema.assertValid(wrongType.toString()));
    }
}
