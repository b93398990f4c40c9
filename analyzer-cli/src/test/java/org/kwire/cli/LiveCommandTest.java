package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code kwire live} and {@code kwire interfaces}: options, the end of --duration, and their one-line errors. */
class LiveCommandTest {

    @Test
    void interfacesListsTheLoopbackWithItsAddresses() {
        CliRun run = CliRun.of("interfaces");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().lines().anyMatch(l -> l.startsWith("lo\tup,loopback\t127.0.0.1")), run.out());
        assertEquals(2, CliRun.of("interfaces", "extra").exit());
    }

    @Test
    void theDefaultFilterWatchesEveryBrokerPort() {
        assertEquals("tcp port 9092", LiveCommand.defaultFilter(Set.of(9092)));
        assertEquals("tcp port 9092 or tcp port 9093", LiveCommand.defaultFilter(Set.of(9093, 9092)));
    }

    @Test
    void usageErrorsExitWithCode2() {
        CliRun noInterface = CliRun.of("live", "--duration", "1");
        assertEquals(2, noInterface.exit());
        assertEquals("kwire: live: -i IFACE is required (kwire interfaces lists them)\n", noInterface.err());
        assertEquals(2, CliRun.of("live", "-i", "lo", "--duration", "x").exit());
        assertEquals(2, CliRun.of("live", "-i", "lo", "--report-interval", "-1").exit());
        assertEquals(2, CliRun.of("live", "-i", "lo", "--snaplen", "0").exit());
        assertEquals(new CliRun(2, "", "kwire: --format es-bulk: live writes text, json or ndjson\n"),
                CliRun.of("live", "-i", "lo", "--format", "es-bulk"));
        assertEquals(2, CliRun.of("live", "-i", "lo", "--queue-size", "0").exit());
        assertEquals("kwire: live: --ring-size, --ring-duration and --ring-files go with -w FILE\n",
                CliRun.of("live", "-i", "lo", "--ring-size", "10").err());
        assertEquals("kwire: live: --ring-files needs --ring-size or --ring-duration (when to start a new file)\n",
                CliRun.of("live", "-i", "lo", "-w", "x.pcapng", "--ring-files", "3").err());
        assertEquals("kwire: --metrics 9465: expected HOST:PORT ([v6]:PORT for IPv6, :PORT for every interface)\n",
                CliRun.of("live", "-i", "lo", "--metrics", "9465").err());
    }

    @Test
    void ndjsonRefusesWhatOnlyAReportShows() {
        assertEquals(new CliRun(2, "", "kwire: live: --top goes with a report (--format text or json); with --format ndjson "
                + "every exchange is an event, no list of the slowest is written\n"),
                CliRun.of("live", "-i", "lo", "--format", "ndjson", "--top", "5", "--duration", "1"));
        assertEquals(2, CliRun.of("live", "-i", "lo", "--top", "5", "--format", "ndjson", "-o", "events.ndjson").exit());
    }

    @Test
    void quietNdjsonOfNoTrafficIsNoEventAndOnlyTheWarning(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        int port = unusedPort();
        Path events = dir.resolve("events.ndjson");
        CliRun run = CliRun.of("live", "-i", "lo", "--port", String.valueOf(port), "--duration", "1", "-q", "--format", "ndjson",
                "-o", events.toString());
        assertEquals(new CliRun(0, "", "kwire: warning: no Kafka traffic found: the capture holds no packets\n"), run);
        assertEquals("", Files.readString(events), "no exchange, no event; the file is made");
        CliRun text = CliRun.of("live", "-i", "lo", "--port", String.valueOf(port), "--duration", "1", "--quiet", "--format", "text");
        assertEquals(0, text.exit(), text.err());
        assertEquals("kwire: warning: no Kafka traffic found: the capture holds no packets\n", text.err());
        assertTrue(text.out().contains("packets"), "-q keeps the report: " + text.out());
    }

    @Test
    void metricsAddresses() throws CliException {
        assertEquals("127.0.0.1:9465", str(LiveOptions.address("127.0.0.1:9465")));
        assertEquals("0.0.0.0:9465", str(LiveOptions.address(":9465")));
        assertEquals("::1:0", str(LiveOptions.address("[::1]:0")));
        assertEquals("localhost:80", str(LiveOptions.address("localhost:80")));
    }

    private static String str(java.net.InetSocketAddress a) {
        return a.getHostString() + ":" + a.getPort();
    }

    @Test
    void sigtermClosesTheSavedFileAndWritesTheFinalReport(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        try (ServerSocket server = new ServerSocket(0)) {
            int port = server.getLocalPort();
            Path saved = dir.resolve("term.pcapng");
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), Kwire.class.getName(), "live", "-i", "lo", "--port",
                    String.valueOf(port), "-w", saved.toString()));
            Process p = new ProcessBuilder(cmd).redirectError(dir.resolve("err").toFile())
                    .redirectOutput(dir.resolve("out").toFile()).start();
            p.getOutputStream().close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(dir.resolve("err")).contains("kwire: capturing on lo") && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            try (Socket client = new Socket("127.0.0.1", port); Socket accepted = server.accept()) {
                client.getOutputStream().write(new byte[] {0, 0, 0, 1, 7});
                accepted.getInputStream().readNBytes(5);
            }
            Thread.sleep(500); // the buffer timeout hands the packets over
            p.destroy(); // SIGTERM
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            String out = Files.readString(dir.resolve("out"));
            String err = Files.readString(dir.resolve("err"));
            assertEquals(ExitCodes.SIGTERM, p.exitValue(), err); // the report written, then 128 + 15 as shells report it
            JsonNode cap = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out).get("capture");
            long packets = cap.get("packets").asLong();
            assertTrue(packets >= 8, "handshake, 5 bytes, their ACK, FINs: " + out);
            assertTrue(err.contains("kwire: " + packets + " packets captured on lo, 0 dropped by the kernel"), err);
            CliRun offline = CliRun.of("analyze", "--port", String.valueOf(port), saved.toString());
            assertEquals(0, offline.exit(), offline.err());
            assertEquals(packets, offline.json().get("capture").get("packets").asLong(), "the file was closed whole");
        }
    }

    @Test
    void aFilterThatDoesNotCompileIsAUsageError() throws Exception {
        CapturePermission.assumeLoopbackCapture();
        CliRun run = CliRun.of("live", "-i", "lo", "-f", "tcp port", "--duration", "1");
        assertEquals(2, run.exit());
        assertEquals("kwire: capture filter 'tcp port' does not compile: Error occurred in pcap_compile: "
                + "can't parse filter expression: syntax error\n", run.err());
    }

    @Test
    void anUnknownInterfaceIsAnInputError() throws Exception {
        CapturePermission.assumeLoopbackCapture();
        CliRun run = CliRun.of("live", "-i", "nosuch0", "--duration", "1");
        assertEquals(3, run.exit());
        assertEquals("kwire: no interface named nosuch0 (kwire interfaces lists them)\n", run.err());
    }

    @Test
    void durationEndsTheCaptureWithAFinalReportAndAnEmptyPcapng(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        int port = unusedPort();
        Path saved = dir.resolve("empty.pcapng");
        long t0 = System.nanoTime();
        CliRun run = CliRun.of("live", "-i", "lo", "--port", String.valueOf(port), "--duration", "1", "-w", saved.toString());
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertEquals(0, run.exit(), run.err());
        assertTrue(ms >= 1000 && ms < 10_000, ms + " ms");
        assertEquals("kwire: capturing on lo (filter: tcp port " + port + ") for 1 s; Ctrl-C stops and writes the report\n"
                + "kwire: warning: no Kafka traffic found: the capture holds no packets\n"
                + "kwire: 0 packets captured on lo, 0 dropped by the kernel, 0 by the interface; 0 not analyzed "
                + "(0 connections shed); analysis queue peak 0 MiB\n", run.err());
        JsonNode cap = run.json().get("capture");
        assertEquals("lo (live)", cap.get("files").get(0).asText());
        assertEquals(0, cap.get("packets").asInt());
        assertTrue(cap.get("first_timestamp").isNull());
        CliRun offline = CliRun.of("analyze", saved.toString());
        assertEquals(0, offline.exit(), offline.err());
        assertEquals(0, offline.json().get("capture").get("packets").asInt());
    }

    /** A loopback port nothing listens on nor talks to (it was bound, then closed). */
    private static int unusedPort() throws IOException {
        try (ServerSocket unused = new ServerSocket(0)) {
            return unused.getLocalPort();
        }
    }

    /** Runs {@code kwire ARGS} in a new JVM (with {@code prefix} before java, e.g. to drop capabilities). */
    private static CliRun child(List<String> prefix, List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Kwire.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new CliRun(p.exitValue(), out, err);
    }

    @Test
    void missingLibpcapIsOneLineSayingWhatToInstall() throws Exception {
        CliRun run = child(List.of(), List.of("-Dorg.pcap4j.core.pcapLibName=/nonexistent/libpcap.so"),
                "live", "-i", "lo", "--duration", "1");
        assertEquals(3, run.exit(), run.err());
        assertEquals("kwire: libpcap could not be loaded (Unable to load library '/nonexistent/libpcap.so'): install libpcap "
                + "(Debian/Ubuntu: apt-get install libpcap0.8; Fedora/RHEL: dnf install libpcap; macOS has it)\n", run.err());
        assertEquals(3, child(List.of(), List.of("-Dorg.pcap4j.core.pcapLibName=/nonexistent/libpcap.so"), "interfaces").exit());
    }

    @Test
    void missingCapturePermissionIsOneLineSayingWhatToDo() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "skipped: needs setpriv (util-linux) to drop capabilities");
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "skipped: needs root to drop capabilities from");
        // root without CAP_NET_RAW and CAP_NET_ADMIN in its bounding set: the kernel refuses the packet socket
        CliRun run = child(List.of("/usr/bin/setpriv", "--bounding-set", "-net_raw,-net_admin", "--inh-caps", "-all"), List.of(),
                "live", "-i", "lo", "--duration", "1");
        assertEquals(3, run.exit(), run.err());
        assertEquals("kwire: no permission to capture on lo (socket: Operation not permitted): run kwire as root, or give java "
                + "the capture capabilities: setcap cap_net_raw,cap_net_admin=eip \"$(readlink -f \"$(command -v java)\")\"\n", run.err());
    }
}
