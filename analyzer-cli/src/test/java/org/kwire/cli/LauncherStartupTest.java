package org.kwire.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The {@code kwire} launcher's class data sharing archive (docs/PERFORMANCE.md, "Start-up"): made on the first run
 * next to the jar, used by the next runs, made again for a newer jar, and never in the way: a corrupt, stale or
 * missing archive, or a failing archive-making run, leaves a normal start with the same output and nothing on stderr.
 *
 * <p>The real launcher script runs in a {@link LauncherSandbox}, on the JDK the tests run on (KWIRE_JAVA).
 */
class LauncherStartupTest {

    /** The java of the JDK the tests run on. */
    private static final String TEST_JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    /** The launcher's archive for that JDK: an AOT cache from JDK 25 on. */
    private static final String ARCHIVE = Runtime.version().feature() >= 25 ? "kwire.aot" : "kwire.jsa";

    @TempDir
    Path root;
    private LauncherSandbox sandbox;

    @BeforeEach
    void sandbox() {
        sandbox = new LauncherSandbox(root);
    }

    @Test
    void theFirstRunMakesTheArchiveAndTheNextRunsLoadTheirClassesFromIt() throws Exception {
        assumeTheJdkArchives();
        Path jar = sandbox.install();
        LauncherSandbox.assertProbe(run(Map.of(), "analyze", "x.pcap"), "analyze x.pcap");
        Path archive = jar.resolveSibling(ARCHIVE);
        assertTrue(Files.size(archive) > 0);

        Path log = root.resolve("classes.log");
        LauncherSandbox.Run second = run(Map.of("KWIRE_JAVA_OPTS", "-Xmx1g -Xlog:class+load=info:file=" + log), "analyze", "x.pcap");
        LauncherSandbox.assertProbe(second, "analyze x.pcap");
        assertTrue(Files.readString(log).matches("(?s).*org\\.kwire\\.cli\\.LauncherProbe source: shared objects file.*"),
                "the probe class came from the archive");
    }

    @Test
    void aCorruptArchiveIsNotInTheWay() throws Exception {
        Path jar = sandbox.install();
        run(Map.of(), "--version");
        Path archive = jar.resolveSibling(ARCHIVE);
        archive.toFile().setWritable(true);
        Files.write(archive, "not an archive".getBytes(StandardCharsets.US_ASCII));
        LauncherSandbox.assertProbe(run(Map.of(), "analyze"), "analyze");

        Files.write(archive, new byte[0]); // empty, as a full disk would leave it
        LauncherSandbox.assertProbe(run(Map.of(), "analyze"), "analyze");
    }

    @Test
    void anArchiveOfAnotherJarIsNotInTheWayAndANewerJarGetsANewArchive() throws Exception {
        assumeTheJdkArchives();
        Path jar = sandbox.install();
        run(Map.of(), "--version");
        Path archive = jar.resolveSibling(ARCHIVE);
        byte[] first = Files.readAllBytes(archive);

        // another jar, older than the archive: the launcher keeps the archive, the JVM finds it does not match
        LauncherSandbox.writeJar(jar, "another build");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() - 60_000));
        LauncherSandbox.assertProbe(run(Map.of(), "analyze"), "analyze");
        assertArrayEquals(first, Files.readAllBytes(archive));

        // a jar newer than the archive: made again
        LauncherSandbox.writeJar(jar, "a third build");
        assertTrue(Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(archive)) > 0);
        LauncherSandbox.assertProbe(run(Map.of(), "analyze"), "analyze");
        assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) >= 0);
        assertFalse(Arrays.equals(first, Files.readAllBytes(archive)), "the archive names the jar it was made for");
    }

    @Test
    void aFailingArchiveRunLeavesNoArchiveAndANormalStart() throws Exception {
        Path jar = sandbox.install();
        LauncherSandbox.Run r = run(Map.of("PROBE_TRAINING_EXIT", "7"), "analyze");
        LauncherSandbox.assertProbe(r, "analyze");
        assertFalse(Files.exists(jar.resolveSibling(ARCHIVE)));
        try (var files = Files.list(jar.getParent())) {
            assertEquals(0, files.filter(f -> f.getFileName().toString().matches("kwire\\.(jsa|aot).*\\.\\d+")).count(),
                    "no half-made archive left behind");
        }
        LauncherSandbox.assertProbe(run(Map.of(), "analyze"), "analyze"); // and the next run makes it
        assumeTheJdkArchives();
        assertTrue(Files.size(jar.resolveSibling(ARCHIVE)) > 0);
    }

    /**
     * Skips a test that needs an archive where this JDK cannot make one (dynamic archiving needs the JDK's base
     * archive, lib/server/classes.jsa, which most JDK builds ship); the launcher then starts without one.
     */
    private void assumeTheJdkArchives() throws Exception {
        Path probe = root.resolve("probe.jsa");
        Process p = new ProcessBuilder(TEST_JAVA, "-XX:ArchiveClassesAtExit=" + probe, "-Xlog:cds*=off", "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assumeTrue(Files.exists(probe) && Files.size(probe) > 0, "this JDK makes no dynamic archive");
        Files.delete(probe);
    }

    /**
     * Runs the launcher on the JDK the tests run on (KWIRE_JAVA: the launcher would otherwise take a JDK 25 or later
     * where one is installed, and make an AOT cache instead; {@link LauncherAotTest}).
     */
    private LauncherSandbox.Run run(Map<String, String> env, String... args) throws Exception {
        Map<String, String> all = new HashMap<>(env);
        all.put("KWIRE_JAVA", TEST_JAVA);
        return sandbox.run(all, args);
    }
}
