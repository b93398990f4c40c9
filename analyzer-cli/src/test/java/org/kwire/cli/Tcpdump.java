package org.kwire.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A real {@code tcpdump -i lo} writing files for a test (needs capture rights: root in CI), stopped as an operator stops
 * it: SIGINT, then waiting until it has flushed and closed its file and printed its counts. Debian's {@code tcpdump},
 * which {@code .ci/run} installs.
 */
final class Tcpdump {

    private static final Pattern KERNEL_DROPS = Pattern.compile("(\\d+) packets? dropped by kernel");

    private final Process process;
    private final BufferedReader stderr;
    private final List<String> lines = new ArrayList<>();

    private Tcpdump(Process process) {
        this.process = process;
        this.stderr = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * {@code tcpdump -i lo -s 0 -U --immediate-mode -B 65536 -n -Z USER OPTIONS -w FILE tcp port PORT}, once it listens:
     * each packet handed over by the kernel at once (without --immediate-mode, packets still in the kernel's buffer
     * when tcpdump is stopped were never written: the capture ended in the middle of a response) and written as it
     * comes (-U), a 64 MiB kernel buffer, files written as this process's user.
     *
     * @param options e.g. {@code -C 1} (a new file every 1,000,000 bytes) or {@code -G 1} (every second)
     */
    static Tcpdump start(int port, Path file, String... options) throws IOException {
        return start(List.of(port), file, options);
    }

    /** As {@link #start(int, Path, String...)}, on each of {@code ports}: {@code tcp and (port A or port B ...)}. */
    static Tcpdump start(List<Integer> ports, Path file, String... options) throws IOException {
        Files.createDirectories(file.getParent());
        // -Z: as root, tcpdump gives up its rights for user tcpdump before it opens a rotated file, which then may not
        // write into the test's directory; it stays this process's user
        List<String> command = new ArrayList<>(List.of(tool(), "-i", "lo", "-s", "0", "-U", "--immediate-mode", "-B", "65536", "-n",
                "-Z",
                System.getProperty("user.name")));
        command.addAll(List.of(options));
        List<String> each = ports.stream().map(p -> "port " + p).toList();
        command.addAll(List.of("-w", file.toString(), "tcp and (" + String.join(" or ", each) + ")"));
        Tcpdump t = new Tcpdump(new ProcessBuilder(command).redirectErrorStream(true).start());
        String line = t.stderr.readLine(); // "tcpdump: listening on lo, ..."
        if (line == null || !line.contains("listening")) {
            t.process.destroyForcibly();
            throw new IOException("tcpdump did not start: " + line + " (" + String.join(" ", command) + ")");
        }
        return t;
    }

    /**
     * Stops it with SIGINT and waits for its end (it writes out what it holds, closes the file, prints its counts);
     * SIGTERM, which it handles alike, if SIGINT was ignored (a parent without job control).
     *
     * @return the packets the kernel dropped, as tcpdump counted them at its end
     */
    long stop() throws IOException, InterruptedException {
        Thread.sleep(1000); // the last packets of the traffic on their way through the kernel's buffer to the file
        signal("INT");
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            signal("TERM");
        }
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "tcpdump ended");
        for (String line; (line = stderr.readLine()) != null; ) {
            lines.add(line);
        }
        String all = String.join("\n", lines);
        Matcher m = KERNEL_DROPS.matcher(all);
        if (!m.find()) {
            fail("tcpdump printed no counts: " + all);
        }
        return Long.parseLong(m.group(1));
    }

    /** What tcpdump printed after it started listening (its counts, after {@link #stop()}). */
    String output() {
        return String.join("\n", lines);
    }

    private void signal(String name) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
    }

    private static String tool() {
        for (String dir : List.of("/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/sbin")) {
            if (Files.isExecutable(Path.of(dir, "tcpdump"))) {
                return Path.of(dir, "tcpdump").toString();
            }
        }
        fail("tcpdump is not installed (Debian: apt-get install tcpdump; .ci/run installs it)");
        return "tcpdump";
    }
}
