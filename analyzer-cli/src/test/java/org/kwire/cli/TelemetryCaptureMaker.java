package org.kwire.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Makes {@code test-captures/client-telemetry.pcap} ({@link TelemetryTraffic}: a kafka-clients producer pushing its
 * metrics to a real broker, captured on loopback) and beside it {@code client-telemetry.reporter.json}, what the
 * broker's {@link RecordingTelemetryReporter} received in the same run: the truth {@link ClientTelemetryCaptureTest}
 * holds the report of the capture to. Not a test: it runs only when asked, as root, with
 * {@code mvn -pl analyzer-cli -am verify -Dtest=TelemetryCaptureMaker -Dsurefire.failIfNoSpecifiedTests=false
 * -Dkwire.makeCaptures=DIR}; the files land in DIR.
 */
@EnabledIfSystemProperty(named = "kwire.makeCaptures", matches = ".+")
class TelemetryCaptureMaker {

    private final Path out = Path.of(System.getProperty("kwire.makeCaptures", "."));

    @Test
    void clientTelemetry(@TempDir Path dir) throws Exception {
        Files.createDirectories(out);
        TelemetryTraffic.Run run = TelemetryTraffic.record(dir, out.resolve("client-telemetry.pcap"), 3);
        ObjectMapper json = new ObjectMapper();
        ObjectNode truth = json.createObjectNode();
        truth.put("port", run.port()).put("client_id", TelemetryTraffic.CLIENT_ID)
                .put("client_instance_id", run.pushes().get(0).clientInstanceId().toString())
                .put("pushes", run.pushes().size())
                .put("terminating_push_seen", run.pushes().stream().anyMatch(RecordingTelemetryReporter.Push::terminating))
                .put("push_interval_ms", run.pushes().get(0).pushIntervalMs())
                .put("content_type", run.pushes().get(0).contentType());
        truth.set("metrics", TelemetryTraffic.expectedMetrics(run.pushes()));
        Files.writeString(out.resolve("client-telemetry.reporter.json"), truth.toPrettyString() + "\n");
    }
}
