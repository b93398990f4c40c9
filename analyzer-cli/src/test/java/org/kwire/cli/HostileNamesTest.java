package org.kwire.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kwire.text.VisibleText;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Names from the wire that try to act on a terminal (ESC/CSI, OSC titles and links, C1, bidi overrides, NUL, DEL, ...)
 * or to forge a line ({@code \nFORGED-LINE kwire: everything is fine}), carried in real Kafka frames built by
 * kafka-clients ({@link NamedTraffic}) in a capture whose own file name is hostile: every text output for people
 * ({@code analyze --format text}, {@code merge --format text}, the {@code dissect} tree, {@code dissect --format
 * summary}, the warnings on stderr) shows them by the one escaping rule ({@link VisibleText}), with the same lines as
 * the same traffic with harmless names of the same shown length, and no control or format character anywhere.
 */
class HostileNamesTest {

    /** Names with a known escaped form, one class or two each. */
    static final NamedTraffic.Names EXACT = new NamedTraffic.Names(
            "c\u001b[2Jx\u202e",
            "ops\u001b]0;pwned\u0007\nFORGED-LINE kwire: everything is fine <img src=x onerror=1>",
            "old\u009b31m\u2066",
            "sw\u009b31m",
            "1.0\u0000\u007f",
            "f\r\bz",
            "t\u2066é日本\\",
            "h\u001b]8;;http://e/\u001b\\l",
            "r\u2029",
            "cl\u061c",
            "g\u200b\u0085",
            "m\ufeff",
            "i" + new String(Character.toChars(0xe0041)),
            "tx\u2028\t",
            "M\u202d");
    /** The file name of the capture: the path is in the summary and in the reader's warning. */
    static final String FILE = "x\u001b[31m\u202e\nFORGED.pcap";
    static final String FILE_SHOWN = "x\\x1b[31m\\u202e\\nFORGED.pcap";

    /**
     * Harmless names that lay out as the names do: each character of a name's shown form but spaces, commas and
     * semicolons (where lines wrap) made a letter, {@code a} for the first name, {@code b} for the second, ...
     */
    static NamedTraffic.Names twin(NamedTraffic.Names n) {
        List<String> all = n.all();
        List<String> twins = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            twins.add(twin(all.get(i), (char) ('a' + i)));
        }
        return NamedTraffic.Names.of(twins);
    }

    static String twin(String name, char letter) {
        return VisibleText.of(name).replaceAll("[^ ,;]", String.valueOf(letter));
    }

    /** The text outputs of a capture: analyze, merge of its partial, dissect tree, dissect summary; stdout + stderr. */
    static List<CliRun> textOutputs(Path capture, Path dir) {
        List<CliRun> runs = new ArrayList<>();
        runs.add(CliRun.of("analyze", "--format", "text", capture.toString()));
        Path partial = dir.resolve(capture.getFileName() + ".partial");
        assertEquals(0, CliRun.of("analyze", "--partial", "-o", partial.toString(), capture.toString()).exit());
        runs.add(CliRun.of("merge", "--format", "text", partial.toString()));
        runs.add(CliRun.of("dissect", capture.toString()));
        runs.add(CliRun.of("dissect", "--format", "summary", capture.toString()));
        runs.add(CliRun.of("analyze", "--format", "text", "--workers", "0", "--client-id", FILTER, capture.toString()));
        return runs;
    }

    /** A filter value as hostile as the names: the summary's Filter line shows it. */
    static final String FILTER = "filter\u001b[2J\u202e\nFORGED";

    /** How often {@code needle} is in {@code text}. */
    static int count(String text, String needle) {
        int n = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }

    /** The capture of {@code names} as {@code file} in {@code dir} (created). */
    static Path write(Path dir, String file, NamedTraffic.Names names) throws IOException {
        Path f = Files.createDirectories(dir).resolve(file);
        Files.write(f, NamedTraffic.pcap(NamedTraffic.connections(names), true));
        return f;
    }

    @Test
    void everyTextOutputShowsTheNamesEscapedOnTheLinesItWouldHaveAnyway(@TempDir Path dir) throws IOException {
        Path hostileDir = dir.resolve("h");
        List<CliRun> runs = textOutputs(write(hostileDir, FILE, EXACT), hostileDir);
        Path plainDir = dir.resolve("p");
        List<CliRun> plain = textOutputs(write(plainDir, twin(FILE, 'z'), twin(EXACT)), plainDir);
        String[] what = {"analyze --format text", "merge --format text", "dissect", "dissect --format summary",
                "analyze --format text --workers 0 --client-id"};
        for (int i = 0; i < runs.size(); i++) {
            CliRun r = runs.get(i);
            assertEquals(0, r.exit(), what[i] + ": " + r.err());
            HostileNames.assertForPeople(what[i], r.out());
            HostileNames.assertForPeople(what[i] + " (stderr)", r.err());
            assertEquals(plain.get(i).out().split("\n", -1).length, r.out().split("\n", -1).length, what[i] + ": lines");
            assertEquals(plain.get(i).err().split("\n", -1).length, r.err().split("\n", -1).length, what[i] + ": stderr lines");
        }
        String shownPath = hostileDir + "/" + FILE_SHOWN;
        String warning = "kwire: warning: " + shownPath + ": capture truncated in packet 56: 10 of 100 bytes present\n";
        for (CliRun r : runs.subList(0, 4)) {
            assertEquals(warning, r.err());
        }
        assertEquals(warning + "kwire: no exchange matched the filter (--client-id filter\\x1b[2J\\u202e\\nFORGED) among the "
                + "capture's 24 Kafka frames\n", runs.get(4).err());

        String text = runs.get(0).out();
        assertEquals(text, runs.get(1).out(), "merge of the capture's partial = analyze");
        List<String> lines = List.of(text.split("\n"));
        assertTrue(lines.contains("  Capture         " + shownPath), text);
        assertTrue(lines.contains("                  client_id ops\\x1b]0;pwned\\x07\\nFORGED-LINE kwire: everything is fine "
                + "<img src=x..."), text);
        assertTrue(lines.contains("  client old\\x9b31m\\u2066 at 127.0.0.1; software: sw\\x9b31m 1.0\\x00\\x7f"), text);
        assertTrue(lines.contains("  c\\x1b[2Jx\\u202e                127.0.0.1  sw\\x9b31m 1.0\\x00\\x7f         8       1  "
                + "580 B     497 B"), text);
        assertTrue(lines.contains("  ops\\x1b]0;pwned\\x07\\nFORGE...  127.0.0.1  unknown                       1       0  "
                + "123 B     123 B"), text);
        assertTrue(lines.contains("  finalized features: f\\r\\x08z 1"), text);
        assertTrue(lines.contains("  tx\\u2028\\t            1      0        1        1        1        0       0    0 / 0       0"), text);
        assertTrue(lines.contains("    producer id 7 (epoch 0); offsets of group g\\u200b\\x85"), text);
        assertTrue(lines.contains("  t\\u2066é日本\\\\           1         5         1   73 B        0    0 B       0"), text);
        assertTrue(lines.contains("  - warning [capture]: " + shownPath + ": capture"), text);
        assertTrue(runs.get(4).out().contains("\n! Filter          --client-id filter\\x1b[2J\\u202e\\nFORGED; "),
                runs.get(4).out());

        String tree = runs.get(2).out();
        for (String shown : List.of("= \"c\\x1b[2Jx\\u202e\" (int16 len=9)", "= \"sw\\x9b31m\" (compact, len+1=8)",
                "= \"1.0\\x00\\x7f\" (compact, len+1=6)", "= \"f\\r\\x08z\" (compact, len+1=5)",
                "= \"t\\u2066é日本\\\\\" (compact, len+1=", "= \"h\\x1b]8;;http://e/\\x1b\\\\l\" (compact, len+1=19)",
                "= \"r\\u2029\" (compact", "= \"cl\\u061c\" (compact", "= \"g\\u200b\\x85\" (compact, len+1=7)",
                "= \"m\\ufeff\" (compact, len+1=5)", "= \"i\\U000e0041\" (compact, len+1=6)", "= \"tx\\u2028\\t\" (compact",
                "= \"M\\u202d\" (int16 len=4)", "= h2VZ5dXHTqCuvYhS0Kn9Mw (topic t\\u2066é日本\\\\)",
                "= \"ops\\x1b]0;pwned\\x07\\nFORGED-LINE kwire: everything is fine <img src=x onerror=1>\" (int16 len=73)",
                "= \"old\\x9b31m\\u2066\" (int16 len=")) {
            assertTrue(tree.contains(shown), shown + " in\n" + tree);
        }
        String list = runs.get(3).out();
        assertEquals(1 + 24, list.split("\n").length, list);
        assertEquals(10, count(list, "  topics t\\u2066é日本\\\\\n"), list);
    }

    /**
     * Names drawn by {@link HostileNames} (every class, combined, at start, middle and end, some hundreds of characters
     * long), three seeds: the same checks without the exact forms.
     */
    @Test
    void generatedNamesNeverReachTheTerminalRaw(@TempDir Path dir) throws IOException {
        for (long seed = 1; seed <= 3; seed++) {
            List<String> names = new HostileNames(seed).names(16);
            NamedTraffic.Names n = NamedTraffic.Names.of(names);
            String file = names.get(15).codePoints().limit(20).collect(StringBuilder::new, StringBuilder::appendCodePoint,
                    StringBuilder::append).toString().replace('/', '_').replace('\u0000', '0') + ".pcap";
            Path hostileDir = dir.resolve(seed + "h");
            List<CliRun> runs = textOutputs(write(hostileDir, file, n), hostileDir);
            Path plainDir = dir.resolve(seed + "p");
            List<CliRun> plain = textOutputs(write(plainDir, twin(file, 'z'), twin(n)), plainDir);
            for (int i = 0; i < runs.size(); i++) {
                String what = "seed " + seed + ", output " + i;
                assertEquals(0, runs.get(i).exit(), what + ": " + runs.get(i).err());
                HostileNames.assertForPeople(what, runs.get(i).out());
                HostileNames.assertForPeople(what + " (stderr)", runs.get(i).err());
                assertEquals(plain.get(i).out().split("\n", -1).length, runs.get(i).out().split("\n", -1).length, what);
                assertEquals(plain.get(i).err().split("\n", -1).length, runs.get(i).err().split("\n", -1).length, what);
            }
            assertTrue(runs.get(2).out().contains("= \"" + VisibleText.of(n.software()).replace("\"", "\\\"") + "\""),
                    "the tree shows a name whole, escaped: seed " + seed);
        }
    }
}
