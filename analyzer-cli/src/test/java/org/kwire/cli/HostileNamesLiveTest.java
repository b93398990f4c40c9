package org.kwire.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire live --format text} on real loopback traffic carrying the hostile names of {@link HostileNamesTest#EXACT}
 * (the frames of {@link NamedTraffic}, sent by a client socket and answered by a server socket): its interval lines
 * and its final text report show them escaped, nothing raw. Skipped, with the reason, only where this process may not
 * capture packets.
 */
class HostileNamesLiveTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void liveTextShowsTheNamesEscaped() throws Exception {
        CapturePermission.assumeLoopbackCapture();
        List<List<NamedTraffic.Exchange>> connections = NamedTraffic.connections(HostileNamesTest.EXACT);
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            LiveCommand live = new LiveCommand(false);
            AtomicInteger exit = new AtomicInteger(-1);
            Thread capture = new Thread(() -> {
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
                try {
                    exit.set(live.run(new String[] {"-i", "lo", "--port", String.valueOf(server.getLocalPort()),
                            "--duration", "50", "--report-interval", "1", "--format", "text"},
                            new PrintStream(out, true, StandardCharsets.UTF_8), e));
                } catch (CliException x) {
                    Cli.say(e, x.getMessage());
                    exit.set(x.exitCode());
                }
            }, "kwire-live");
            capture.start();
            assertTrue(live.awaitCapturing(30, TimeUnit.SECONDS), err.toString(StandardCharsets.UTF_8));
            for (List<NamedTraffic.Exchange> exchanges : connections) {
                replay(server, exchanges);
            }
            Thread.sleep(2_500); // an interval line after the traffic
            live.stop();
            capture.join(30_000);
            String text = out.toString(StandardCharsets.UTF_8);
            String log = err.toString(StandardCharsets.UTF_8);
            assertEquals(0, exit.get(), log);
            HostileNames.assertForPeople("live --format text", text);
            HostileNames.assertForPeople("live (stderr)", log);
            assertTrue(log.lines().filter(l -> l.matches("kwire: \\d\\d:\\d\\d:\\d\\d .* packets?, .*")).count() >= 1, log);
            assertTrue(text.contains("\n  c\\x1b[2Jx\\u202e                127.0.0.1  sw\\x9b31m 1.0\\x00\\x7f         8       1"), text);
            assertTrue(text.contains("\n  client old\\x9b31m\\u2066 at 127.0.0.1; software: sw\\x9b31m 1.0\\x00\\x7f\n"), text);
            assertTrue(text.contains("\n  t\\u2066é日本\\\\           1         5         1   73 B"), text);
            assertTrue(text.contains("\n  finalized features: f\\r\\x08z 1\n"), text);
        }
    }

    /** One connection: the client sends each request, the server reads it and answers with the response. */
    private static void replay(ServerSocket server, List<NamedTraffic.Exchange> exchanges) throws Exception {
        try (Socket client = new Socket(server.getInetAddress(), server.getLocalPort()); Socket broker = server.accept()) {
            OutputStream toBroker = client.getOutputStream();
            InputStream atBroker = broker.getInputStream();
            InputStream atClient = client.getInputStream();
            for (NamedTraffic.Exchange e : exchanges) {
                toBroker.write(e.request());
                toBroker.flush();
                assertArrayEquals(e.request(), atBroker.readNBytes(e.request().length));
                broker.getOutputStream().write(e.response());
                broker.getOutputStream().flush();
                assertArrayEquals(e.response(), atClient.readNBytes(e.response().length));
            }
        }
    }
}
