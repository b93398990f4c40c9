package org.kwire.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Prometheus's own checker (Debian package {@code prometheus}, which .ci/run installs): {@code promtool check metrics}
 * lints an exposition, {@code promtool check rules} validates a rules file. Missing, the test fails and says so.
 */
final class Promtool {

    private Promtool() {
    }

    /** The binary: $KWIRE_PROMTOOL, else promtool on the PATH. */
    static String binary() {
        String custom = System.getenv("KWIRE_PROMTOOL");
        if (custom != null) {
            return custom;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            if (Files.isExecutable(Path.of(dir, "promtool"))) {
                return Path.of(dir, "promtool").toString();
            }
        }
        fail("promtool is missing: install Debian's prometheus package (apt-get install prometheus; .ci/run does) "
                + "or set KWIRE_PROMTOOL");
        return null;
    }

    /** Runs promtool with {@code args} (and {@code stdin}, if not null); asserts it exits 0; returns its output. */
    static String check(String stdin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(binary()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool did not finish");
        assertEquals(0, p.exitValue(), "promtool " + String.join(" ", args) + ": " + out);
        return out;
    }
}
