package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code kwire live} on real loopback traffic carrying the hostile names of {@link HostileNamesTest#EXACT} (the frames
 * of {@link NamedTraffic}, sent by a client socket and answered by a server socket): with {@code --format text} its
 * interval lines and its final text report show them escaped, nothing raw; with {@code --format ndjson} the events
 * give them back exactly, escaped as JSON escapes (no raw control character but the lines' ends). Skipped, with the
 * reason, only where this process may not capture packets.
 */
class HostileNamesLiveTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void liveTextShowsTheNamesEscaped() throws Exception {
        CliRun live = captured("--report-interval", "1", "--format", "text");
        String text = live.out();
        String log = live.err();
        assertEquals(0, live.exit(), log);
        HostileNames.assertForPeople("live --format text", text);
        HostileNames.assertForPeople("live (stderr)", log);
        assertTrue(log.lines().filter(l -> l.matches("kwire: \\d\\d:\\d\\d:\\d\\d .* packets?, .*")).count() >= 1, log);
        assertTrue(text.contains("\n  c\\x1b[2Jx\\u202e                127.0.0.1  sw\\x9b31m 1.0\\x00\\x7f         8       1"), text);
        assertTrue(text.contains("\n  client old\\x9b31m\\u2066 at 127.0.0.1; software: sw\\x9b31m 1.0\\x00\\x7f\n"), text);
        assertTrue(text.contains("\n  t\\u2066é日本\\\\           1         5         1   73 B"), text);
        assertTrue(text.contains("\n  finalized features: f\\r\\x08z 1\n"), text);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void liveEventsGiveTheNamesBackEscapedAsJson() throws Exception {
        CliRun live = captured("--format", "ndjson", "-q");
        assertEquals(0, live.exit(), live.err());
        assertTrue(live.out().chars().noneMatch(c -> c < 0x20 && c != '\n'), "JSON escapes C0 controls");
        Set<String> clients = new TreeSet<>();
        Set<String> topics = new TreeSet<>();
        Set<String> groups = new TreeSet<>();
        ObjectMapper json = new ObjectMapper();
        for (String line : live.out().split("\n")) {
            JsonNode event = json.readTree(line);
            if (event.get("type").asText().equals("rebalance")) {
                groups.add(event.get("group").asText());
            } else if (!event.get("client_id").isNull()) {
                clients.add(event.get("client_id").asText());
            }
            event.path("topics").forEach(t -> topics.add(t.asText()));
        }
        NamedTraffic.Names n = HostileNamesTest.EXACT;
        assertEquals(new TreeSet<>(List.of(n.clientId(), n.slowClientId(), n.oldClientId(), "sasl")), clients);
        assertEquals(Set.of(n.topic()), topics);
        assertEquals(Set.of(n.group()), groups, "the rebalance events of the final report");
    }

    /** {@code kwire live ARGS} while the connections of the hostile names' traffic are replayed on loopback. */
    private static CliRun captured(String... args) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<String> all = new ArrayList<>(List.of("-i", "lo", "--port", String.valueOf(server.getLocalPort()), "--duration", "50"));
            all.addAll(List.of(args));
            LiveRun live = LiveRun.start(all.toArray(String[]::new));
            for (List<NamedTraffic.Exchange> exchanges : NamedTraffic.connections(HostileNamesTest.EXACT)) {
                replay(server, exchanges);
            }
            Thread.sleep(2_500); // an interval line after the traffic
            return live.stop();
        }
    }

    /** One connection: the client sends each request, the server reads it and answers with the response. */
    static void replay(ServerSocket server, List<NamedTraffic.Exchange> exchanges) throws Exception {
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
