package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --tls-keylog} from a FIFO, a shell's process substitution ({@code <(cat keys)}) and {@code /dev/stdin}: read
 * to their end, they decrypt the real TLS 1.2 capture java-tls12-shared.pcap exactly as its key log file does (the
 * same report but for the key log's source name: 7 connections decrypted, 31 requests); a directory and a socket are
 * named as such in one line.
 */
class KeyLogPipeTest {

    private static final Path PCAP = TestCaptures.path("java-tls12-shared.pcap").toAbsolutePath();
    private static final Path KEYS = TestCaptures.path("java-tls12-shared.keys").toAbsolutePath();

    /** The report without the key log's source names, which differ by how it was given. */
    private static JsonNode withoutSources(String report) throws IOException {
        JsonNode r = new ObjectMapper().readTree(report);
        ((ObjectNode) r.get("tls").get("key_log")).remove("sources");
        return r;
    }

    private static JsonNode fromFile() throws IOException {
        CliRun file = CliRun.of("analyze", "--port", "9095", "--tls-keylog", KEYS.toString(), PCAP.toString());
        assertEquals(0, file.exit(), file.err());
        JsonNode r = withoutSources(file.out());
        assertEquals(7, r.get("tls").get("decrypted").asInt());
        long requests = 0;
        for (JsonNode a : r.get("apis")) {
            requests += a.get("requests").asLong();
        }
        assertEquals(31, requests);
        return r;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aFifoIsReadToItsEnd(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("keys.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
        Thread writer = new Thread(() -> {
            try {
                Files.write(fifo, Files.readAllBytes(KEYS)); // blocks until kwire opens the FIFO
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        writer.start();
        CliRun run = CliRun.of("analyze", "--port", "9095", "--tls-keylog", fifo.toString(), PCAP.toString());
        writer.join(10_000);
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        assertEquals(fromFile(), withoutSources(run.out()));
        assertEquals("[\"" + fifo + "\"]", run.json().get("tls").get("key_log").get("sources").toString());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void processSubstitutionAndStandardInputAreRead() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        CliRun substituted = child(null, "bash", "-c", "exec \"$0\" -cp \"$1\" org.kwire.cli.Kwire analyze --port 9095 "
                + "--tls-keylog <(cat \"$2\") \"$3\"", java, cp, KEYS.toString(), PCAP.toString());
        assertEquals(0, substituted.exit(), substituted.err());
        JsonNode expected = fromFile();
        assertEquals(expected, withoutSources(substituted.out()));
        assertTrue(substituted.json().get("tls").get("key_log").get("sources").get(0).asText().startsWith("/dev/fd/"));
        CliRun stdin = child(KEYS, java, "-cp", cp, "org.kwire.cli.Kwire", "analyze", "--port", "9095",
                "--tls-keylog", "/dev/stdin", PCAP.toString());
        assertEquals(0, stdin.exit(), stdin.err());
        assertEquals(expected, withoutSources(stdin.out()));
    }

    @Test
    void aDirectoryAndASocketAreNamedAsSuch(@TempDir Path dir) throws IOException {
        CliRun directory = CliRun.of("analyze", "--tls-keylog", dir.toString(), PCAP.toString());
        assertEquals(new CliRun(3, "", "kwire: --tls-keylog " + dir + ": a directory, not a key log file\n"), directory);
        Path socket = dir.resolve("keys.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(socket));
            CliRun run = CliRun.of("analyze", "--tls-keylog", socket.toString(), PCAP.toString());
            assertEquals(new CliRun(3, "", "kwire: --tls-keylog " + socket + ": a socket, not a key log file\n"), run);
        }
        CliRun missing = CliRun.of("analyze", "--tls-keylog", dir.resolve("none").toString(), PCAP.toString());
        assertEquals(new CliRun(3, "", "kwire: --tls-keylog " + dir.resolve("none") + ": no such file\n"), missing);
    }

    /** Runs a command with {@code stdin} (a file, or nothing); stdout and stderr. */
    private static CliRun child(Path stdin, String... cmd) throws IOException, InterruptedException {
        ProcessBuilder b = new ProcessBuilder(new ArrayList<>(List.of(cmd)));
        if (stdin != null) {
            b.redirectInput(stdin.toFile());
        } else {
            b.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        }
        Path err = Files.createTempFile("kwire-err", ".txt");
        b.redirectError(err.toFile());
        Process p = b.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(90, TimeUnit.SECONDS));
        String e = Files.readString(err);
        Files.delete(err);
        return new CliRun(p.exitValue(), out, e);
    }
}
