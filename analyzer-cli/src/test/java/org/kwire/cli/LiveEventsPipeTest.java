package org.kwire.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire live --format ndjson | head -1}: in a JVM of its own, with stdout a pipe whose reader takes one event
 * and goes away, kwire stops capturing at its next events and exits with code 3, saying why in one line, rather than
 * capture on for nobody. The traffic is the hostile names' exchanges ({@link NamedTraffic}) replayed on loopback.
 * Skipped, with the reason, only where this process may not capture packets.
 */
class LiveEventsPipeTest {

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void aReaderThatGoesAwayEndsTheCapture(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        List<List<NamedTraffic.Exchange>> connections = NamedTraffic.connections(HostileNamesTest.EXACT);
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Path err = dir.resolve("err");
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), Kwire.class.getName(), "live", "-i", "lo", "--port",
                    String.valueOf(server.getLocalPort()), "--duration", "60", "--format", "ndjson")
                    .redirectError(err.toFile()).start();
            p.getOutputStream().close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!Files.readString(err).contains("kwire: capturing on lo") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            HostileNamesLiveTest.replay(server, connections.get(0));
            BufferedReader events = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String first = events.readLine();
            assertEquals("exchange", new ObjectMapper().readTree(first).get("type").asText(), first);
            p.getInputStream().close(); // head -1 is done
            for (int i = 0; p.isAlive() && System.nanoTime() < deadline + TimeUnit.SECONDS.toNanos(30); i++) {
                HostileNamesLiveTest.replay(server, connections.get(i % connections.size()));
                Thread.sleep(200);
            }
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "kwire stopped capturing");
            List<String> log = Files.readAllLines(err);
            assertEquals(ExitCodes.INPUT, p.exitValue(), log.toString());
            assertEquals("kwire: cannot write the events to stdout: its reader is gone or it failed", log.get(log.size() - 1));
        }
    }
}
