package org.kwire.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Debian's Chromium, headless: loads a local page and returns the DOM after its load event ({@code --dump-dom}).
 * Started with the flags this machine needs (no sandbox as root, no GPU, no background networking, a fresh profile).
 * Not finding Chromium fails the test: {@code .ci/run} installs it.
 */
final class HeadlessChromium {

    private static final List<String> NAMES = List.of("chromium", "chromium-browser");
    private static final long TIMEOUT_SECONDS = 60;

    private HeadlessChromium() {
    }

    /** Chromium's executable: {@code $KWIRE_CHROMIUM}, else the first of {@link #NAMES} on the PATH. */
    static Path executable() {
        String configured = System.getenv("KWIRE_CHROMIUM");
        if (configured != null) {
            return Files.isExecutable(Path.of(configured)) ? Path.of(configured)
                    : fail("KWIRE_CHROMIUM=" + configured + " is not an executable file");
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : NAMES) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return fail("headless Chromium not found: none of " + NAMES + " on the PATH and KWIRE_CHROMIUM not set; "
                + "install it with 'apt-get install chromium' (.ci/run does)");
    }

    /**
     * Loads {@code page} and returns its DOM as serialized after the load event.
     *
     * @param work a folder for Chromium's profile and logs
     */
    static String dumpDom(Path page, Path work) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(work, "chromium-profile-");
        Path dom = work.resolve("dom.html");
        Path log = work.resolve("chromium.log");
        Process p = new ProcessBuilder(executable().toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--window-size=1400,2000", "--dump-dom",
                page.toUri().toString())
                .redirectOutput(dom.toFile()).redirectError(log.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            fail("Chromium did not finish loading " + page + " in " + TIMEOUT_SECONDS + " s; its log: " + tail(log));
        }
        if (p.exitValue() != 0) {
            fail("Chromium exited with code " + p.exitValue() + "; its log: " + tail(log));
        }
        return Files.readString(dom, StandardCharsets.UTF_8);
    }

    /** The last lines of Chromium's log, for failure messages. */
    static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }
}
