package org.kwire.examples.netty;

import org.junit.jupiter.api.Assumptions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A real {@code tcpdump -i lo} writing one pcap file for a test, as the project's live tests run it (analyzer-cli's
 * {@code Tcpdump}): a missing tcpdump fails the test (.ci/run installs it), a process that may not capture (not root,
 * no CAP_NET_RAW) skips it, saying why.
 */
final class LoopbackTcpdump implements AutoCloseable {

    private static final Pattern KERNEL_DROPS = Pattern.compile("(\\d+) packets? dropped by kernel");

    private final Process process;
    private final BufferedReader output;

    private LoopbackTcpdump(Process process) {
        this.process = process;
        this.output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /**
     * {@code tcpdump -i lo -s 0 -U --immediate-mode -n -Z USER -w FILE tcp port PORT}, once it listens: every packet
     * handed over at once and written as it comes, the file written as this process's user.
     */
    static LoopbackTcpdump start(int port, Path file) throws IOException {
        List<String> command = List.of(tool(), "-i", "lo", "-s", "0", "-U", "--immediate-mode", "-n", "-Z",
                System.getProperty("user.name"), "-w", file.toString(), "tcp", "port", String.valueOf(port));
        LoopbackTcpdump t = new LoopbackTcpdump(new ProcessBuilder(command).redirectErrorStream(true).start());
        String line = t.output.readLine(); // "tcpdump: listening on lo, ..."
        if (line == null || !line.contains("listening")) {
            t.process.destroyForcibly();
            String why = line == null ? "no output" : line;
            if (why.contains("ermission") || why.contains("not permitted")) {
                Assumptions.abort("skipped: this process may not capture packets (" + why + ")");
            }
            throw new IOException("tcpdump did not start: " + why + " (" + String.join(" ", command) + ")");
        }
        return t;
    }

    /**
     * Stops it as an operator does, with SIGINT (it writes out what it holds, closes the file and prints its counts),
     * a second after the traffic, for the last packets on their way to the file. ({@link Process#destroy()} would
     * close the pipe its counts come through.)
     *
     * @return the packets the kernel dropped, as tcpdump counted them
     */
    long stop() throws IOException, InterruptedException {
        Thread.sleep(1000);
        new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start().waitFor();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "tcpdump ended");
        StringBuilder all = new StringBuilder();
        for (String line; (line = output.readLine()) != null; ) {
            all.append(line).append('\n');
        }
        Matcher m = KERNEL_DROPS.matcher(all);
        if (!m.find()) {
            fail("tcpdump printed no counts: " + all);
        }
        return Long.parseLong(m.group(1));
    }

    /** Kills it if still running (a test that failed before {@link #stop()}). */
    @Override
    public void close() {
        process.destroyForcibly();
    }

    private static String tool() {
        return Stream.of("/usr/bin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/local/sbin")
                .map(dir -> Path.of(dir, "tcpdump")).filter(Files::isExecutable).map(Path::toString).findFirst()
                .orElseGet(() -> fail("tcpdump is not installed (Debian: apt-get install tcpdump; .ci/run installs it)"));
    }
}
