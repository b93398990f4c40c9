package org.kwire.cli.reference;

import org.junit.jupiter.api.Test;
import org.kwire.cli.Commands;
import org.kwire.cli.Kwire;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The committed reference (docs/reference, docs/man, docs/completion) is exactly what {@link ReferencePages} generates
 * from today's options, metrics, expert items and report schema; a stale or hand-edited page fails here. With
 * {@code -Dkwire.reference.write=true} the test writes the pages first (how they are regenerated).
 */
class ReferencePagesTest {

    private static final Path ROOT = Path.of("..");
    /** A long option at the start of a --help line (after {@code -o,} or its blank). */
    private static final Pattern HELP_LONG_OPTION = Pattern.compile("(?m)^ {2}(?:-\\w+,| {3})?(--[\\w-]+)");
    private static final List<String> DIRS = List.of("docs/reference", "docs/man", "docs/completion");

    @Test
    void committedPagesAreWhatTheGeneratorWrites() throws IOException {
        SortedMap<String, String> pages = ReferencePages.pages(ROOT);
        if (Boolean.getBoolean("kwire.reference.write")) {
            ReferencePages.main(new String[] {ROOT.toString()});
        }
        for (var e : pages.entrySet()) {
            Path file = ROOT.resolve(e.getKey());
            assertTrue(Files.exists(file), e.getKey() + " is missing: " + ReferencePages.REGENERATE);
            assertEquals(e.getValue(), Files.readString(file, StandardCharsets.UTF_8),
                    e.getKey() + " is stale: " + ReferencePages.REGENERATE);
        }
        TreeSet<String> committed = new TreeSet<>();
        for (String dir : DIRS) {
            try (Stream<Path> files = Files.list(ROOT.resolve(dir))) {
                files.forEach(f -> committed.add(dir + "/" + f.getFileName()));
            }
        }
        assertEquals(new TreeSet<>(pages.keySet()), committed, "files in " + DIRS + " the generator does not write");
    }

    @Test
    void everyCommandHasItsPages() throws IOException {
        SortedMap<String, String> pages = ReferencePages.pages(ROOT);
        assertEquals(List.of("kwire-analyze.1", "kwire-dissect.1", "kwire-interfaces.1", "kwire-live.1",
                        "kwire-merge.1", "kwire-report.1", "kwire-schema.1", "kwire-wireshark-plugin.1", "kwire.1"),
                pages.keySet().stream().filter(p -> p.startsWith("docs/man/")).map(p -> p.substring(9)).toList());
        String analyze = pages.get("docs/reference/kwire-analyze.md");
        assertTrue(analyze.contains("| `-o`, `--output` | `FILE` |"), analyze);
        assertTrue(pages.get("docs/man/kwire-analyze.1").contains(".TP\n\\fB\\-o, \\-\\-output\\fR \\fIFILE\\fR\n"));
        assertTrue(pages.get("docs/reference/expert-items.md").contains(
                "| `kafka.frame.too_large` | warning | limit | a frame declared larger than --max-frame-size; "));
        assertTrue(pages.get("docs/reference/metrics.md").contains("| `kwire_requests_total` | counter | `api`, `broker`, "
                + "`client_id`, `version` |  | Kafka requests (the report's apis[].requests), by API, API version, client_id and "
                + "broker |"));
        assertTrue(pages.get("docs/reference/metrics.md").contains("by reason (missing segments, snaplen, end of connection, "
                + "TLS records lost) |"), "the gap reasons from GapCause");
        assertTrue(pages.get("docs/reference/metrics.md").contains("classic buckets 0.0005 s to 30 s, plus a native histogram"));
        assertTrue(pages.get("docs/reference/report-fields.md").contains("| `report_version` | "));
    }

    /** The options documented are the ones each command's --help shows (the parser's), no more, no fewer. */
    @Test
    void documentedOptionsAreWhatEachCommandParses() {
        for (Commands.Command c : Commands.all()) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertEquals(0, Kwire.run(new String[] {c.name(), "--help"}, new PrintStream(out), System.err), c.name());
            Set<String> shown = new TreeSet<>();
            Matcher m = HELP_LONG_OPTION.matcher(out.toString(StandardCharsets.UTF_8));
            while (m.find()) {
                shown.add(m.group(1));
            }
            Set<String> documented = new TreeSet<>();
            c.options().getOptions().stream().filter(o -> o.getLongOpt() != null)
                    .forEach(o -> documented.add("--" + o.getLongOpt()));
            assertEquals(shown, documented, c.name());
        }
        assertEquals(List.of("analyze", "merge", "report", "dissect", "schema", "live", "interfaces", "wireshark-plugin"),
                Commands.all().stream().map(Commands.Command::name).toList());
    }

    /** Every command {@code kwire --help} lists has its pages: a new command cannot be left out of Commands. */
    @Test
    void everyCommandOfTheUsageIsDocumented() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, Kwire.run(new String[] {"--help"}, new PrintStream(out), System.err));
        String usage = out.toString(StandardCharsets.UTF_8);
        String commands = usage.substring(usage.indexOf("commands:\n"), usage.indexOf("\n\n", usage.indexOf("commands:")));
        List<String> listed = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^  ([a-z-]+)").matcher(commands);
        while (m.find()) {
            listed.add(m.group(1));
        }
        assertEquals(listed, Commands.all().stream().map(Commands.Command::name).toList(), usage);
    }

    @Test
    void bashCompletesCommandsAndOptions() throws Exception {
        assertEquals("analyze\n", complete("kwire an", 1));
        assertEquals("--format\n", complete("kwire analyze --for", 2));
        assertEquals("", complete("kwire analyze --no-such", 2));
    }

    /** What the generated bash completion offers for the last word of {@code line} (index {@code cword}). */
    private static String complete(String line, int cword) throws Exception {
        String script = "source docs/completion/kwire.bash; COMP_WORDS=(" + line + "); COMP_CWORD=" + cword
                + "; _kwire; printf '%s\\n' \"${COMPREPLY[@]}\" | grep -v '^$' || true";
        Process p = new ProcessBuilder("bash", "--norc", "--noprofile", "-c", script).directory(ROOT.toFile())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }
}
