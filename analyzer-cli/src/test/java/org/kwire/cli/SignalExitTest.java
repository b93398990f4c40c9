package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.kwire.TestCaptures;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The exit codes after SIGINT and SIGTERM, for real: kwire runs in its own JVM, gets the signal from {@code kill},
 * and exits with 130 or 143 — having written the report of what it read, when it reads standard input or captures
 * live.
 */
class SignalExitTest {

    private static final Pattern STOPPED = Pattern.compile("kwire: warning: reading stopped by a signal \\(Ctrl-C or kill\\) "
            + "after (\\d+) packets: the report covers what was read until then\n");

    /** kwire in a JVM of its own (this test's classpath), stdout and stderr into files of {@code dir}. */
    private static Process kwire(Path dir, String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), Kwire.class.getName()));
        command.addAll(Arrays.asList(args));
        return new ProcessBuilder(command).redirectOutput(dir.resolve("out").toFile()).redirectError(dir.resolve("err").toFile())
                .start();
    }

    /** Sends {@code kill -SIGNAL} to the process. */
    private static void signal(Process p, String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start();
        assertEquals(0, kill.waitFor());
    }

    /**
     * A shell without job control starts background jobs with SIGINT ignored, and children inherit that: then no JVM
     * started from here can see SIGINT. (This JVM's ignored signals are in /proc/self/status, SigIgn, bit 1 = SIGINT.)
     */
    private static void assumeDeliverable(String signal) throws IOException {
        if (!signal.equals("INT") || !Files.exists(Path.of("/proc/self/status"))) {
            return;
        }
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                assumeFalse((Long.parseLong(line.substring(7).trim(), 16) & 2) != 0,
                        "SIGINT is ignored by this process and its children (started in the background without job control)");
            }
        }
    }

    /** java-basic.pcap with its packets three times (227 KB): more than a pipe holds, so writing it waits for kwire. */
    private static byte[] largerThanAPipe() throws IOException {
        byte[] pcap = Files.readAllBytes(TestCaptures.path("java-basic.pcap"));
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(pcap);
        b.write(pcap, 24, pcap.length - 24);
        b.write(pcap, 24, pcap.length - 24);
        return b.toByteArray();
    }

    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143"})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void analyzeOfStandardInputWritesItsReportAndExitsWith128PlusTheSignal(String signal, int code, @TempDir Path dir)
            throws IOException, InterruptedException {
        assumeDeliverable(signal);
        Process p = kwire(dir, "analyze", "-q", "-");
        try (OutputStream stdin = p.getOutputStream()) {
            try {
                stdin.write(largerThanAPipe()); // returns once kwire has read part of it: it reads, its hook is installed
                stdin.flush();
            } catch (IOException e) {
                throw new AssertionError("kwire stopped reading: " + Files.readString(dir.resolve("err")), e);
            }
            signal(p, signal); // the pipe stays open: kwire is stopped while it waits for more
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "kwire did not exit after SIG" + signal);
        }
        String err = Files.readString(dir.resolve("err"), StandardCharsets.UTF_8);
        assertEquals(code, p.exitValue(), err);
        Matcher m = STOPPED.matcher(err);
        assertTrue(m.matches(), err);
        JsonNode report = new ObjectMapper().readTree(dir.resolve("out").toFile());
        ReportSchema.assertValid(Files.readString(dir.resolve("out"), StandardCharsets.UTF_8));
        assertEquals(Long.parseLong(m.group(1)), report.get("capture").get("packets").asLong());
        assertTrue(report.get("capture").get("packets").asLong() > 340, "kwire read more than the first copy: " + err);
        assertEquals("[\"stdin\"]", report.get("capture").get("files").toString());
        // the reader's warning follows the notes the analysis made up to the stop (a frame the stop cut is one when
        // kwire had not read all it was given, as on a loaded machine)
        List<String> warnings = new java.util.ArrayList<>();
        report.get("warnings").forEach(w -> warnings.add(w.asText()));
        assertEquals("warning [capture]: " + err.substring("kwire: warning: ".length()).trim(),
                warnings.get(warnings.size() - 1), warnings.toString());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void liveWritesItsReportAndExitsWith130AfterCtrlC(@TempDir Path dir) throws Exception {
        CapturePermission.assumeLoopbackCapture();
        assumeDeliverable("INT");
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Process p = kwire(dir, "live", "-i", "lo", "--port", Integer.toString(port));
        Path err = dir.resolve("err");
        while (!Files.readString(err, StandardCharsets.UTF_8).contains("Ctrl-C stops and writes the report")) {
            assertTrue(p.isAlive(), Files.readString(err, StandardCharsets.UTF_8));
            Thread.sleep(100);
        }
        signal(p, "INT");
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "kwire live did not exit after SIGINT");
        assertEquals(ExitCodes.SIGINT, p.exitValue(), Files.readString(err, StandardCharsets.UTF_8));
        JsonNode report = new ObjectMapper().readTree(dir.resolve("out").toFile());
        assertEquals("[\"lo (live)\"]", report.get("capture").get("files").toString());
    }
}
