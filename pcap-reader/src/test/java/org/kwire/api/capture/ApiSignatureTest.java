package org.kwire.api.capture;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Java API's compatibility check: every public and protected type and member of the API packages
 * ({@code org.kwire.api}, {@code org.kwire.api.capture}), and the kwire types outside them that their signatures expose,
 * as recorded in {@code docs/api/java-api.txt}. A change that removes or alters a line breaks callers and fails here
 * with the lines named; an addition fails too until recorded (with a line in CHANGELOG.md), so that the file is always
 * the API as built. Record the current API with {@code mvn test -pl pcap-reader -Dtest=ApiSignatureTest
 * -Dkwire.api.record=true} (after {@code install} of dissector-core).
 */
class ApiSignatureTest {

    private static final Path RECORDED = Path.of("../docs/api/java-api.txt");
    private static final List<String> PACKAGES = List.of("org.kwire.api", "org.kwire.api.capture");

    @Test
    void theApiIsWhatDocsApiRecords() throws Exception {
        List<String> now = signatures();
        if (Boolean.getBoolean("kwire.api.record")) {
            List<String> out = new ArrayList<>(List.of(
                    "# kwire's Java API as built: what ApiSignatureTest checks (see docs/LIBRARY.md, \"Stability\").",
                    "# type lines, then each public or protected member; \"exposed\": kwire types outside the API",
                    "# packages that API signatures name (internals: they may change, see docs/LIBRARY.md)."));
            out.addAll(now);
            Files.write(RECORDED, out, StandardCharsets.UTF_8);
            return;
        }
        List<String> recorded = Files.readAllLines(RECORDED, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
        TreeSet<String> removed = new TreeSet<>(recorded);
        now.forEach(removed::remove);
        TreeSet<String> added = new TreeSet<>(now);
        recorded.forEach(added::remove);
        assertEquals("", (removed.isEmpty() ? "" : "removed or changed (breaks callers; note it in CHANGELOG.md):\n  "
                + String.join("\n  ", removed) + "\n") + (added.isEmpty() ? "" : "added (record them: -Dkwire.api.record=true, "
                + "and note them in CHANGELOG.md):\n  " + String.join("\n  ", added) + "\n"));
    }

    /** The API's lines: sorted, one per type and member, then one per exposed kwire type outside the API packages. */
    static List<String> signatures() throws IOException, URISyntaxException, ClassNotFoundException {
        TreeSet<String> lines = new TreeSet<>();
        TreeSet<String> exposed = new TreeSet<>();
        for (String p : PACKAGES) {
            for (Class<?> c : classes(p)) {
                if (!visible(c.getModifiers()) || c.isSynthetic() || c.isAnonymousClass()) {
                    continue;
                }
                lines.add(c.getName() + " | " + kind(c));
                expose(c.getGenericSuperclass(), exposed);
                for (Type t : c.getGenericInterfaces()) {
                    expose(t, exposed);
                }
                for (Constructor<?> k : c.getDeclaredConstructors()) {
                    member(c, k, lines, exposed);
                }
                for (Method m : c.getDeclaredMethods()) {
                    if (!m.isBridge()) {
                        member(c, m, lines, exposed);
                        expose(m.getGenericReturnType(), exposed);
                    }
                }
                for (Field f : c.getDeclaredFields()) {
                    if (visible(f.getModifiers()) && !f.isSynthetic()) {
                        lines.add(c.getName() + " | " + f.toGenericString());
                        expose(f.getGenericType(), exposed);
                    }
                }
            }
        }
        List<String> out = new ArrayList<>(lines);
        exposed.forEach(e -> out.add("exposed | " + e));
        return out;
    }

    private static void member(Class<?> c, Executable e, TreeSet<String> lines, TreeSet<String> exposed) {
        if (!visible(e.getModifiers()) || e.isSynthetic()) {
            return;
        }
        lines.add(c.getName() + " | " + e.toGenericString());
        for (Type t : e.getGenericParameterTypes()) {
            expose(t, exposed);
        }
        for (Type t : e.getGenericExceptionTypes()) {
            expose(t, exposed);
        }
    }

    private static String kind(Class<?> c) {
        String mods = Modifier.toString(c.getModifiers() & ~Modifier.INTERFACE & ~Modifier.ABSTRACT);
        String kind = c.isRecord() ? "record" : c.isEnum() ? "enum" : c.isInterface() ? "interface"
                : (Modifier.isAbstract(c.getModifiers()) ? "abstract " : "") + "class";
        return (mods.isEmpty() ? "" : mods + " ") + kind;
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    /** Adds the kwire types outside the API packages that {@code t} names (its type arguments and arrays too). */
    private static void expose(Type t, TreeSet<String> exposed) {
        if (t instanceof Class<?> c) {
            Class<?> base = c;
            while (base.isArray()) {
                base = base.getComponentType();
            }
            String pkg = base.getPackageName();
            if (pkg.startsWith("org.kwire.") && !PACKAGES.contains(pkg)) {
                exposed.add(base.getName());
            }
        } else if (t instanceof ParameterizedType p) {
            expose(p.getRawType(), exposed);
            for (Type a : p.getActualTypeArguments()) {
                expose(a, exposed);
            }
        } else if (t instanceof GenericArrayType a) {
            expose(a.getGenericComponentType(), exposed);
        } else if (t instanceof WildcardType w) {
            Stream.concat(Stream.of(w.getUpperBounds()), Stream.of(w.getLowerBounds())).forEach(b -> expose(b, exposed));
        }
    }

    /** Every class of package {@code p} on the class path (a folder of classes, or a jar). */
    private static List<Class<?>> classes(String p) throws IOException, URISyntaxException, ClassNotFoundException {
        List<String> names = new ArrayList<>();
        String dir = p.replace('.', '/');
        Enumeration<URL> urls = ApiSignatureTest.class.getClassLoader().getResources(dir);
        for (URL u : Collections.list(urls)) {
            if (u.getProtocol().equals("file")) {
                try (Stream<Path> files = Files.list(Path.of(u.toURI()))) {
                    files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".class"))
                            .forEach(n -> names.add(p + "." + n.substring(0, n.length() - 6)));
                }
            } else if (u.getProtocol().equals("jar")) {
                try (JarFile jar = ((JarURLConnection) u.openConnection()).getJarFile()) {
                    for (JarEntry e : Collections.list(jar.entries())) {
                        String n = e.getName();
                        if (n.startsWith(dir + "/") && n.endsWith(".class") && n.indexOf('/', dir.length() + 1) < 0) {
                            names.add(n.substring(0, n.length() - 6).replace('/', '.'));
                        }
                    }
                }
            }
        }
        List<Class<?>> out = new ArrayList<>();
        for (String n : new TreeSet<>(names)) {
            if (!n.endsWith("package-info") && !n.endsWith("module-info")) {
                out.add(Class.forName(n, false, ApiSignatureTest.class.getClassLoader()));
            }
        }
        return out;
    }
}
