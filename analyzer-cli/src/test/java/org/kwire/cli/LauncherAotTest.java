package org.kwire.cli;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The {@code kwire} launcher on a JDK 25 or later (docs/PERFORMANCE.md, "Start-up"): with no KWIRE_JAVA it finds the
 * newest such JDK among JAVA_HOME's, the PATH's and /usr/lib/jvm's, makes an AOT cache ({@code kwire.aot}, JEP 483/514)
 * from its first run, starts the next runs from it, and a failing training run leaves no cache and a normal start.
 * KWIRE_JAVA names the JDK outright: a Java 17 there gets the class data sharing archive instead, and a path that is no
 * java is said so. Skipped, saying so, where no JDK 25 or later is installed in those places (but for that last). The
 * launcher runs in a {@link LauncherSandbox}.
 */
class LauncherAotTest {

    private LauncherSandbox sandbox;

    @BeforeEach
    void sandbox(@TempDir Path root) {
        sandbox = new LauncherSandbox(root);
    }

    @Test
    void aJdk25IsFoundAndTheNextRunsLoadTheirClassesFromItsAotCache() throws Exception {
        Path jdk = jdk25();
        Path jar = sandbox.install();
        LauncherSandbox.assertProbe(sandbox.run(Map.of(), "analyze", "x.pcap"), "analyze x.pcap");
        Path cache = jar.resolveSibling("kwire.aot");
        assertTrue(Files.size(cache) > 0, "the AOT cache was made");
        assertEquals(jdk.resolve("bin/java").toRealPath() + " -XX:+UseCompactObjectHeaders\n",
                Files.readString(jar.resolveSibling("kwire.aot.java")), "made for the JDK and the object layout it runs with");
        assertFalse(Files.exists(jar.resolveSibling("kwire.jsa")), "no class data sharing archive beside it");
        assertEquals(Optional.empty(), leftovers(jar));

        Path log = sandbox.root().resolve("classes.log");
        LauncherSandbox.Run second = sandbox.run(
                Map.of("KWIRE_JAVA_OPTS", "-Xmx1g -Xlog:class+load=info:file=" + log), "analyze", "x.pcap");
        LauncherSandbox.assertProbe(second, "analyze x.pcap");
        String classes = Files.readString(log);
        assertTrue(classes.matches("(?s).*org\\.kwire\\.cli\\.LauncherProbe source: shared objects file.*"),
                "the probe class came from the AOT cache");
    }

    @Test
    void aFailingTrainingRunLeavesNoCacheAndANormalStart() throws Exception {
        jdk25();
        Path jar = sandbox.install();
        LauncherSandbox.assertProbe(sandbox.run(Map.of("PROBE_TRAINING_EXIT", "7"), "analyze"), "analyze");
        assertFalse(Files.exists(jar.resolveSibling("kwire.aot")));
        assertEquals(Optional.empty(), leftovers(jar), "no half-made cache or its configuration left behind");
        LauncherSandbox.assertProbe(sandbox.run(Map.of(), "analyze"), "analyze"); // and the next run makes it
        assertTrue(Files.size(jar.resolveSibling("kwire.aot")) > 0);
    }

    @Test
    void kwireJavaNamesTheJdkOutright() throws Exception {
        jdk25();
        Path jar = sandbox.install();
        Path java17 = Path.of(System.getProperty("java.home"));
        assumeTrue(Runtime.version().feature() < 25, "the tests run on a JDK 25 or later: no older JDK to name");
        LauncherSandbox.assertProbe(sandbox.run(Map.of("KWIRE_JAVA", java17.toString()), "analyze"), "analyze");
        assertFalse(Files.exists(jar.resolveSibling("kwire.aot")), "a JDK before 25: no AOT cache");
        assertEquals(java17.resolve("bin/java").toRealPath() + "\n", Files.readString(jar.resolveSibling("kwire.jsa.java")));
    }

    @Test
    void aKwireJavaThatIsNoJavaIsSaidSo() throws Exception {
        sandbox.install();
        LauncherSandbox.Run r = sandbox.run(Map.of("KWIRE_JAVA", "/nonexistent/jdk"), "analyze");
        assertEquals(1, r.exit());
        assertEquals("", r.out());
        assertEquals("kwire: KWIRE_JAVA=/nonexistent/jdk is neither a java binary nor a JDK directory with bin/java\n",
                r.err());
    }

    /** Files of a cache being made (kwire.aot.PID, kwire.aot.PID.config) still there, if any. */
    private static Optional<Path> leftovers(Path jar) throws IOException {
        try (Stream<Path> files = Files.list(jar.getParent())) {
            return files.filter(f -> f.getFileName().toString().matches("kwire\\.aot(\\.java)?\\.\\d+.*")).findFirst();
        }
    }

    /** The newest JDK 25 or later where the launcher looks for one, or the test is skipped saying why. */
    private static Path jdk25() throws IOException {
        Stream.Builder<Path> homes = Stream.builder();
        Optional.ofNullable(System.getenv("JAVA_HOME")).map(Path::of).ifPresent(homes);
        homes.add(Path.of(System.getProperty("java.home")));
        Path jvm = Path.of("/usr/lib/jvm");
        if (Files.isDirectory(jvm)) {
            try (Stream<Path> dirs = Files.list(jvm)) {
                dirs.forEach(homes);
            }
        }
        Map<Path, Integer> majors = new HashMap<>();
        homes.build().filter(h -> Files.isExecutable(h.resolve("bin/java")))
                .forEach(h -> majors.put(h, LauncherSandbox.jdkMajor(h)));
        Optional<Path> newest = majors.entrySet().stream().filter(e -> e.getValue() >= 25)
                .max(Comparator.comparing(Map.Entry::getValue)).map(Map.Entry::getKey);
        assumeTrue(newest.isPresent(), "no JDK 25 or later in JAVA_HOME or /usr/lib/jvm: the launcher's AOT cache is "
                + "not tested here (install one, e.g. Temurin 25, to run this test)");
        return newest.get();
    }
}
