package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.kafka.common.utils.internals.AppInfoParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's {@code client_telemetry} (KIP-714) of a real producer pushing its metrics to a real broker, captured on
 * loopback ({@link TelemetryTraffic}; needs capture rights, skipped otherwise): every metric name, type, unit, latest
 * value, point time and point count equals what the broker's {@link RecordingTelemetryReporter} received; so do the
 * pushes, the client instance id and whether a terminating push came; the subscription is the one created with Admin.
 */
class ClientTelemetryLiveTest {

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void theReportSaysWhatTheBrokersReporterReceived(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        Path capture = dir.resolve("telemetry.pcap");
        TelemetryTraffic.Run run = TelemetryTraffic.record(dir, capture, 3);
        JsonNode report = CliRun.of("analyze", "-q", "--format", "json", "--port", String.valueOf(run.port()),
                capture.toString()).json();
        ReportSchema.assertValid(report.toString());
        JsonNode section = TelemetryTraffic.section(report);
        System.out.println(section.toPrettyString());
        assertEquals(1, section.get("clients").size(), "one client pushed");
        JsonNode c = section.get("clients").get(0);
        assertEquals(TelemetryTraffic.CLIENT_ID, c.get("client_id").asText());
        assertEquals(run.pushes().get(0).clientInstanceId().toString(), c.get("client_instance_id").asText());
        assertEquals(run.pushes().size(), c.get("pushes").asLong(), "pushes: those the reporter received");
        assertEquals(run.pushes().stream().anyMatch(RecordingTelemetryReporter.Push::terminating),
                c.get("terminating_push_seen").asBoolean(), "a terminating push: as the reporter saw (4.4's producer sends none)");
        assertEquals("apache-kafka-java", c.get("software_name").asText());
        assertEquals(AppInfoParser.getVersion(), c.get("software_version").asText());
        assertEquals(0, c.get("payload_problems").asLong());
        JsonNode s = c.get("subscription");
        assertEquals(TelemetryTraffic.INTERVAL_MS, s.get("push_interval_ms").asInt());
        assertEquals(run.pushes().get(0).pushIntervalMs(), s.get("push_interval_ms").asInt(), "the reporter's context");
        assertEquals(List.of(TelemetryTraffic.PREFIX), texts(s.get("requested_metrics")));
        assertEquals(List.of(), SameReport.differences(TelemetryTraffic.expectedMetrics(run.pushes()), c.get("metrics")),
                "metrics: the reporter's (pointer: reporter -> report)");
        assertEquals(0, section.get("pushes_left_out").asLong());
        assertEquals(0, section.get("points_left_out").asLong());
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(x -> out.add(x.asText()));
        return out;
    }
}
