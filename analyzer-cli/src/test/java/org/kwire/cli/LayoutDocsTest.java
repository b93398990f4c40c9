package org.kwire.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The architecture docs against the code: every module of the parent pom's {@code <modules>} and every package of its
 * {@code src/main/java} (a folder holding a Java file) must appear, under that module, in docs/ARCHITECTURE.md's
 * "Modules and packages" table and in docs/GUIDE.md's Layout table (and in README.md's while the README has one;
 * without one, the README must point at ARCHITECTURE.md), and nothing else: a failure names the missing and the extra "module: package"
 * pairs. Every {@code org.kwire...} name ARCHITECTURE.md uses anywhere must be a package that exists. Every package
 * has a {@code package-info.java} whose contract says which threads may use it.
 */
class LayoutDocsTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern PACKAGE = Pattern.compile("org\\.kwire(?:\\.[a-z][a-z0-9]*)*");

    @Test
    void architectureTableNamesEveryPackageOfEveryModule() throws IOException {
        TreeMap<String, TreeSet<String>> code = packagesByModule();
        String table = section(read("docs/ARCHITECTURE.md"), "## Modules and packages");
        assertSame(code, tableRows(table), "docs/ARCHITECTURE.md, \"Modules and packages\"");
    }

    @Test
    void guideLayoutTableNamesEveryPackageOfEveryModule() throws IOException {
        assertSame(packagesByModule(), tableRows(section(read("docs/GUIDE.md"), "## Layout")), "docs/GUIDE.md, \"Layout\"");
    }

    @Test
    void readmeLayoutTableNamesEveryPackageOfEveryModule() throws IOException {
        String readme = read("README.md");
        if (!readme.contains("\n## Layout\n")) {
            assertTrue(readme.contains("docs/ARCHITECTURE.md"), "README.md has no Layout table and does not point at docs/ARCHITECTURE.md");
            return;
        }
        assertSame(packagesByModule(), tableRows(section(readme, "## Layout")), "README.md, \"Layout\"");
    }

    @Test
    void architectureNamesOnlyPackagesThatExist() throws IOException {
        Set<String> known = new TreeSet<>();
        packagesByModule().values().forEach(known::addAll);
        known.add("org.kwire");
        Set<String> unknown = new TreeSet<>();
        Matcher m = PACKAGE.matcher(read("docs/ARCHITECTURE.md"));
        while (m.find()) {
            if (!known.contains(m.group())) {
                unknown.add(m.group());
            }
        }
        assertEquals(Set.of(), unknown, "docs/ARCHITECTURE.md names packages that are not in the source tree");
    }

    @Test
    void everyPackageHasAContractThatSaysItsThreads() throws IOException {
        List<String> lacking = new ArrayList<>();
        for (var module : packagesByModule().entrySet()) {
            for (String pkg : module.getValue()) {
                Path info = ROOT.resolve(module.getKey()).resolve("src/main/java").resolve(pkg.replace('.', '/')).resolve("package-info.java");
                if (!Files.exists(info)) {
                    lacking.add(module.getKey() + ": " + pkg + " (no package-info.java)");
                } else if (!Files.readString(info, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT).contains("thread")) {
                    lacking.add(module.getKey() + ": " + pkg + " (its package-info.java says nothing of threads)");
                }
            }
        }
        assertEquals(List.of(), lacking);
    }

    @Test
    void theSourceTreeIsReadAsItIs() throws IOException {
        TreeMap<String, TreeSet<String>> code = packagesByModule();
        // the scan itself: a few packages that exist where this test says they are, and none under src/test
        assertTrue(code.get("dissector-core").contains("org.kwire.telemetry"), code.toString());
        assertTrue(code.get("analyzer-core").contains("org.kwire.html"), code.toString());
        assertTrue(code.get("analyzer-cli").contains("org.kwire.cli"), code.toString());
        assertFalse(code.get("analyzer-cli").contains("org.kwire.lab"), code.toString());
        assertEquals(List.of("analyzer-cli", "analyzer-core", "analyzer-spark", "bench", "dissector-core", "examples", "pcap-reader"),
                List.copyOf(code.keySet()));
    }

    /** Fails naming the "module: package" pairs the code has and the doc lacks, and those the doc has in excess. */
    private static void assertSame(TreeMap<String, TreeSet<String>> code, TreeMap<String, TreeSet<String>> doc, String where) {
        Set<String> codePairs = pairs(code);
        Set<String> docPairs = pairs(doc);
        Set<String> missing = new TreeSet<>(codePairs);
        missing.removeAll(docPairs);
        Set<String> extra = new TreeSet<>(docPairs);
        extra.removeAll(codePairs);
        assertTrue(missing.isEmpty() && extra.isEmpty(), where + ": missing " + missing + ", extra " + extra);
    }

    private static Set<String> pairs(TreeMap<String, TreeSet<String>> byModule) {
        Set<String> pairs = new TreeSet<>();
        byModule.forEach((module, packages) -> packages.forEach(p -> pairs.add(module + ": " + p)));
        return pairs;
    }

    /** The parent pom's modules, each with the packages of its {@code src/main/java}. */
    static TreeMap<String, TreeSet<String>> packagesByModule() throws IOException {
        TreeMap<String, TreeSet<String>> byModule = new TreeMap<>();
        Matcher m = MODULE.matcher(read("pom.xml"));
        while (m.find()) {
            String module = m.group(1).trim();
            Path sources = ROOT.resolve(module).resolve("src/main/java");
            TreeSet<String> packages = new TreeSet<>();
            if (Files.isDirectory(sources)) {
                try (Stream<Path> files = Files.walk(sources)) {
                    files.filter(f -> f.toString().endsWith(".java") && !f.getFileName().toString().equals("module-info.java"))
                            .map(f -> sources.relativize(f.getParent()).toString().replace('/', '.').replace('\\', '.'))
                            .forEach(packages::add);
                }
            }
            byModule.put(module, packages);
        }
        return byModule;
    }

    /**
     * The rows of the first Markdown table in {@code text}: the first cell a module in backticks (empty: the row
     * above's), every {@code org.kwire...} name of the second cell a package of it.
     */
    static TreeMap<String, TreeSet<String>> tableRows(String text) {
        TreeMap<String, TreeSet<String>> rows = new TreeMap<>();
        String module = null;
        boolean inTable = false;
        for (String line : text.split("\n")) {
            if (!line.startsWith("|")) {
                if (inTable) {
                    break;
                }
                continue;
            }
            inTable = true;
            String[] cells = line.split("\\|", -1);
            if (cells.length < 3 || cells[1].isBlank() && module == null || cells[1].trim().startsWith("---")) {
                continue;
            }
            String first = cells[1].trim();
            if (first.startsWith("`")) {
                module = first.replace("`", "");
            } else if (!first.isEmpty()) {
                continue; // the header row
            }
            Matcher p = PACKAGE.matcher(cells[2]);
            while (p.find()) {
                rows.computeIfAbsent(module, k -> new TreeSet<>()).add(p.group());
            }
        }
        return rows;
    }

    /** From {@code heading} to the next heading of the same level. */
    private static String section(String text, String heading) {
        int start = text.indexOf("\n" + heading + "\n");
        assertTrue(start >= 0, "no section \"" + heading + "\"");
        int end = text.indexOf("\n## ", start + heading.length() + 2);
        return text.substring(start, end < 0 ? text.length() : end);
    }

    private static String read(String path) throws IOException {
        return Files.readString(ROOT.resolve(path), StandardCharsets.UTF_8);
    }
}
