package org.kwire.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The real {@code kwire} launcher script in a scratch copy of the repository's layout ({@code kwire} and
 * {@code analyzer-cli/target/kwire.jar}) whose jar holds {@link LauncherProbe} instead of kwire (the real jar is made
 * only after the tests, in {@code package}); with no sources beside it, the launcher does not try to build. Used by
 * {@link LauncherStartupTest} and {@link LauncherAotTest}; not thread-safe (one per test).
 */
final class LauncherSandbox {

    /** One launcher run: exit code, stdout, stderr. */
    record Run(int exit, String out, String err) {
    }

    private final Path root;

    LauncherSandbox(Path root) {
        this.root = root;
    }

    /** The scratch repository's root. */
    Path root() {
        return root;
    }

    /** The launcher and a probe jar; returns the jar. */
    Path install() throws IOException {
        Path launcher = root.resolve("kwire");
        Files.copy(Path.of("..", "kwire"), launcher, StandardCopyOption.REPLACE_EXISTING);
        launcher.toFile().setExecutable(true);
        Path jar = root.resolve("analyzer-cli/target/kwire.jar");
        Files.createDirectories(jar.getParent());
        writeJar(jar, "");
        return jar;
    }

    /** A probe jar at {@code jar}; a non-empty {@code note} makes its bytes differ from another build's. */
    static void writeJar(Path jar, String note) throws IOException {
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

    /**
     * Runs the launcher with these arguments, the environment of the tests without KWIRE_JAVA_OPTS and KWIRE_JAVA,
     * plus {@code env} (a null value removes a variable).
     */
    Run run(Map<String, String> env, String... args) throws Exception {
        String[] cmd = new String[args.length + 1];
        cmd[0] = root.resolve("kwire").toString();
        System.arraycopy(args, 0, cmd, 1, args.length);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(root.toFile());
        pb.environment().remove("KWIRE_JAVA_OPTS");
        pb.environment().remove("KWIRE_JAVA");
        Map<String, String> set = new HashMap<>(env);
        set.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        Path out = root.resolve("out.txt");
        Path err = root.resolve("err.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher ended");
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** The probe ran with these arguments, exit code 0, nothing on stderr. */
    static void assertProbe(Run r, String args) {
        assertEquals(0, r.exit(), r.err());
        assertEquals("probe " + args + "\n", r.out());
        assertEquals("", r.err());
    }

    /** The feature version of the JDK at {@code home} from its {@code release} file, 0 if there is none. */
    static int jdkMajor(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                    int end = 0;
                    while (end < v.length() && Character.isDigit(v.charAt(end))) {
                        end++;
                    }
                    return end == 0 ? 0 : Integer.parseInt(v.substring(0, end));
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return 0;
    }
}
