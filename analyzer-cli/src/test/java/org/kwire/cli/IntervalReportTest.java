package org.kwire.cli;

import org.junit.jupiter.api.Test;
import org.kwire.TestCaptures;
import org.kwire.report.Report;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The live interval line of java-basic.pcap's report: totals and per-API counts, in JSON and as text. */
class IntervalReportTest {

    @Test
    void javaBasicAsAnIntervalLine() throws Exception {
        CliRun run = CliRun.of("analyze", "-q", TestCaptures.path("java-basic.pcap").toString());
        Report r = Json.REPORT_READER.readValue(run.out(), Report.class);
        IntervalReport line = IntervalReport.of(r, Instant.parse("2026-12-01T14:02:05Z"));
        String json = Json.LINE.writeValueAsString(line);
        assertEquals("{\"type\":\"interval\",\"time\":\"2026-12-01T14:02:05Z\",\"packets\":340,\"kafka_connections\":17,"
                + "\"frames\":146,\"requests\":73,\"responses\":73,\"unmatched_requests\":0,\"error_responses\":4,\"warnings\":0,"
                + "\"apis\":[{\"name\":\"ApiVersions\",\"requests\":17,\"responses\":17,\"error_responses\":0,\"p99_ms\":19.782},"
                + "{\"name\":\"Metadata\",\"requests\":16,", json.substring(0, json.indexOf("\"requests\":16,") + 14));
        assertEquals(19, line.apis().size());
        assertEquals(new IntervalReport.Api("Fetch", 3, 3, 0, 446.232), line.apis().get(5), "long-poll apart: its p99 is the 2 others'");
        assertEquals("kwire: 14:02:05 340 packets, 17 Kafka connections, 73 requests, 4 error responses, 0 warnings; "
                + "ApiVersions 17, Metadata 16, Produce 10, InitProducerId 6, FindCoordinator 4 and 14 more APIs", line.text());
    }
}
