package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Whole reports compared field for field but for the capture facts that name files ({@code capture.files} and
 * {@code capture.bytes}), failing with the places they differ (JSON pointers, both values) before the whole
 * reports: a report of megabytes of traffic is too long to spot a difference in.
 */
final class SameReport {

    /** At most this many differences are named. */
    private static final int MOST = 400;

    private SameReport() {
    }

    /** Asserts {@code actual} is {@code expected} but for {@code capture.files} and {@code capture.bytes}. */
    static void assertSame(JsonNode expected, JsonNode actual, String what) {
        JsonNode e = RotatedCapturesTest.withoutFiles(expected);
        JsonNode a = RotatedCapturesTest.withoutFiles(actual);
        if (!e.equals(a)) {
            List<String> d = differences(e, a);
            assertEquals(e, a, what + ": " + (d.size() >= MOST ? "the first " + MOST + " " : "") + "differences "
                    + "(pointer: expected -> actual):\n  " + String.join("\n  ", d) + "\n");
        }
    }

    /** Where two JSON values differ, as {@code /pointer: expected -> actual} lines, in document order. */
    static List<String> differences(JsonNode expected, JsonNode actual) {
        List<String> out = new ArrayList<>();
        walk("", expected, actual, out);
        return out;
    }

    private static void walk(String at, JsonNode e, JsonNode a, List<String> out) {
        if (out.size() >= MOST || (e == null ? a == null : e.equals(a))) {
            return;
        }
        if (e != null && a != null && e.isObject() && a.isObject()) {
            TreeSet<String> names = new TreeSet<>();
            e.fieldNames().forEachRemaining(names::add);
            a.fieldNames().forEachRemaining(names::add);
            for (String n : names) {
                walk(at + "/" + n, e.path(n), a.path(n), out);
            }
        } else if (e != null && a != null && e.isArray() && a.isArray()) {
            Iterator<JsonNode> x = e.elements();
            Iterator<JsonNode> y = a.elements();
            for (int i = 0; x.hasNext() || y.hasNext(); i++) {
                walk(at + "/" + i, x.hasNext() ? x.next() : null, y.hasNext() ? y.next() : null, out);
            }
            if (e.size() != a.size()) {
                out.add(at + ": " + e.size() + " items -> " + a.size());
            }
        } else {
            out.add(at + ": " + shortly(e) + " -> " + shortly(a));
        }
    }

    private static String shortly(JsonNode n) {
        if (n == null || n.isMissingNode()) {
            return "(none)";
        }
        String s = n.toString();
        return s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }

    /**
     * The report of {@code files} (one capture split) through {@code --jobs 2 --split always}, and the merge of their
     * per-file partials (each valid against the partial schema, written under {@code dir}), equal {@code whole}.
     *
     * @return the merged partials' report
     */
    static JsonNode assertSameSplit(JsonNode whole, List<java.nio.file.Path> files, List<String> options,
                                    java.nio.file.Path dir) throws Exception {
        JsonNode jobs = CliRun.of(Splits.args(List.of("analyze", "-q", "--format", "json", "--jobs", "2", "--split",
                "always"), options, files)).json();
        assertSame(whole, jobs, files.size() + " files through --jobs 2");
        List<String> merge = new ArrayList<>(List.of("merge", "--format", "json"));
        for (int i = 0; i < files.size(); i++) {
            java.nio.file.Path partial = dir.resolve("p" + i + ".json");
            CliRun p = CliRun.of(Splits.args(List.of("analyze", "-q", "--partial", "-o", partial.toString()), options,
                    List.of(files.get(i))));
            assertEquals(0, p.exit(), p.err());
            ReportSchema.assertValidPartial(java.nio.file.Files.readString(partial));
            merge.add(partial.toString());
        }
        JsonNode merged = CliRun.of(merge.toArray(String[]::new)).json();
        assertSame(whole, merged, "partials merged");
        return merged;
    }
}
