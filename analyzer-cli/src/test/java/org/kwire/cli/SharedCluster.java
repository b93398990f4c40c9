package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shared real cluster run (/work/shared/captures/cluster: 3 brokers and a KRaft controller, README): its
 * capture's report and the workload's own counts ({@code client-summary.json}). A test using it is skipped where the
 * capture is absent.
 */
final class SharedCluster {

    /** The whole capture: under {@code -Dkwire.sharedCaptures=DIR} (default /work/shared/captures), cluster/. */
    static final Path CAPTURE = Path.of(System.getProperty("kwire.sharedCaptures", "/work/shared/captures"))
            .resolve("cluster").resolve("cluster-whole.pcap");

    private SharedCluster() {
    }

    /** {@code kwire analyze --format json} of the whole capture on the cluster's ports. */
    static JsonNode report() throws Exception {
        Assumptions.assumeTrue(Files.exists(CAPTURE), "skipped: no shared capture " + CAPTURE);
        return CliRun.of("analyze", "-q", "--format", "json", "--port", "9292", "--port", "9293", "--port", "9294",
                "--port", "9299", CAPTURE.toString()).json();
    }

    /** The workload's client-summary.json. */
    static JsonNode clientSummary() throws Exception {
        return new ObjectMapper().readTree(CAPTURE.resolveSibling("client-summary.json").toFile());
    }
}
