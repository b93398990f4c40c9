package org.kwire.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

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
 * <p>The real launcher script runs in a scratch copy of the repository's layout ({@code kwire} and
 * {@code analyzer-cli/target/kwire.jar}) whose jar holds {@link LauncherProbe} instead of kwire (the real jar is made
 * only after the tests, in {@code package}); with no sources beside it, the launcher does not try to build.
 */
class LauncherStartupTest {

    @TempDir
    Path root;

    @Test
    void theFirstRunMakesTheArchiveAndTheNextRunsLoadTheirClassesFromIt() throws Exception {
        assumeTheJdkArchives();
        Path jar = install();
        assertProbe(run(Map.of(), "analyze", "x.pcap"), "analyze x.pcap");
        Path archive = jar.resolveSibling("kwire.jsa");
        assertTrue(Files.size(archive) > 0);

        Path log = root.resolve("classes.log");
        Run second = run(Map.of("KWIRE_JAVA_OPTS", "-Xmx1g -Xlog:class+load=info:file=" + log), "analyze", "x.pcap");
        assertProbe(second, "analyze x.pcap");
        assertTrue(Files.readString(log).matches("(?s).*org\\.kwire\\.cli\\.LauncherProbe source: shared objects file.*"),
                "the probe class came from the archive");
    }

    @Test
    void aCorruptArchiveIsNotInTheWay() throws Exception {
        Path jar = install();
        run(Map.of(), "--version");
        Path archive = jar.resolveSibling("kwire.jsa");
        archive.toFile().setWritable(true);
        Files.write(archive, "not an archive".getBytes(StandardCharsets.US_ASCII));
        assertProbe(run(Map.of(), "analyze"), "analyze");

        Files.write(archive, new byte[0]); // empty, as a full disk would leave it
        assertProbe(run(Map.of(), "analyze"), "analyze");
    }

    @Test
    void anArchiveOfAnotherJarIsNotInTheWayAndANewerJarGetsANewArchive() throws Exception {
        assumeTheJdkArchives();
        Path jar = install();
        run(Map.of(), "--version");
        Path archive = jar.resolveSibling("kwire.jsa");
        byte[] first = Files.readAllBytes(archive);

        // another jar, older than the archive: the launcher keeps the archive, the JVM finds it does not match
        writeJar(jar, "another build");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() - 60_000));
        assertProbe(run(Map.of(), "analyze"), "analyze");
        assertArrayEquals(first, Files.readAllBytes(archive));

        // a jar newer than the archive: made again
        writeJar(jar, "a third build");
        assertTrue(Files.getLastModifiedTime(jar).compareTo(Files.getLastModifiedTime(archive)) > 0);
        assertProbe(run(Map.of(), "analyze"), "analyze");
        assertTrue(Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) >= 0);
        assertFalse(Arrays.equals(first, Files.readAllBytes(archive)), "the archive names the jar it was made for");
    }

    @Test
    void aFailingArchiveRunLeavesNoArchiveAndANormalStart() throws Exception {
        Path jar = install();
        Run r = run(Map.of("PROBE_TRAINING_EXIT", "7"), "analyze");
        assertProbe(r, "analyze");
        assertFalse(Files.exists(jar.resolveSibling("kwire.jsa")));
        try (var files = Files.list(jar.getParent())) {
            assertEquals(0, files.filter(f -> f.getFileName().toString().matches("kwire\\.jsa.*\\.\\d+")).count(),
                    "no half-made archive left behind");
        }
        assertProbe(run(Map.of(), "analyze"), "analyze"); // and the next run makes it
        assumeTheJdkArchives();
        assertTrue(Files.size(jar.resolveSibling("kwire.jsa")) > 0);
    }

    private record Run(int exit, String out, String err) {
    }

    /**
     * Skips a test that needs an archive where this JDK cannot make one (dynamic archiving needs the JDK's base
     * archive, lib/server/classes.jsa, which most JDK builds ship); the launcher then starts without one.
     */
    private void assumeTheJdkArchives() throws Exception {
        Path probe = root.resolve("probe.jsa");
        Process p = new ProcessBuilder("java", "-XX:ArchiveClassesAtExit=" + probe, "-Xlog:cds*=off", "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assumeTrue(Files.exists(probe) && Files.size(probe) > 0, "this JDK makes no dynamic archive");
        Files.delete(probe);
    }

    private static void assertProbe(Run r, String args) {
        assertEquals(0, r.exit(), r.err());
        assertEquals("probe " + args + "\n", r.out());
        assertEquals("", r.err());
    }

    /** The launcher and a probe jar in a scratch repository layout; returns the jar. */
    private Path install() throws IOException {
        Path launcher = root.resolve("kwire");
        Files.copy(Path.of("..", "kwire"), launcher, StandardCopyOption.REPLACE_EXISTING);
        launcher.toFile().setExecutable(true);
        Path jar = root.resolve("analyzer-cli/target/kwire.jar");
        Files.createDirectories(jar.getParent());
        writeJar(jar, "");
        return jar;
    }

    private static void writeJar(Path jar, String note) throws IOException {
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LauncherProbe.class.getName());
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, m);
             InputStream probe = LauncherProbe.class.getResourceAsStream("LauncherProbe.class")) {
            out.putNextEntry(new JarEntry(LauncherProbe.class.getName().replace('.', '/') + ".class"));
            probe.transferTo(out);
            out.closeEntry();
            if (!note.isEmpty()) {
                out.putNextEntry(new JarEntry("note.txt"));
                out.write(note.getBytes(StandardCharsets.UTF_8));
                out.closeEntry();
            }
        }
    }

    private Run run(Map<String, String> env, String... args) throws Exception {
        String[] cmd = new String[args.length + 1];
        cmd[0] = root.resolve("kwire").toString();
        System.arraycopy(args, 0, cmd, 1, args.length);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(root.toFile());
        pb.environment().remove("KWIRE_JAVA_OPTS");
        pb.environment().putAll(env);
        Path out = root.resolve("out.txt");
        Path err = root.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher ended");
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }
}
