package org.kwire.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.kwire.TestCaptures;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Deflater;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real partials (made by {@code kwire analyze --partial} from test-captures, and one of two slices made by
 * {@code kwire merge --partial}) and the damage the robustness campaign did to them, seeded: every kind of JSON value
 * put where another kind belongs, negative and huge numbers, truncation, deflated bombs in the timeline, huge arrays,
 * deep nesting, duplicated names, flipped bytes; and what a run of {@code kwire merge} on them must do
 * ({@link #assertRefusedOrMerged}).
 */
final class HostilePartials {

    static final ObjectMapper JSON = new ObjectMapper();
    /** Names of Java exceptions and errors, and stack frames: none may reach stderr. */
    private static final Pattern JAVA = Pattern.compile("[A-Za-z]+(Exception|Error)\\b|\\bjava\\.|\\bat org\\.kwire");
    /** A JSON pointer in a refusal: {@code FILE: /a/b/0: reason} or one named in its reason. */
    private static final Pattern POINTER = Pattern.compile("(^|[ (])(/[^ :,()]+)");

    /** The captures the partials are made of. */
    static final List<String> CAPTURES = List.of("java-basic.pcap", "transactions.pcap", "java-tls12-shared.pcap",
            "nDPI-kafka.pcapng", "acks0-producer.pcap", "share-group.pcap");

    private static final Map<Path, Map<String, Path>> MADE = new java.util.HashMap<>();

    private HostilePartials() {
    }

    /**
     * The real partials, made once per test class into its {@code dir}: one per capture, and {@code "two-slices"}: the
     * halves of java-basic (its odd and even packets) analyzed apart and merged with {@code merge --partial}.
     */
    static synchronized Map<String, Path> real(Path dir) {
        if (MADE.containsKey(dir)) {
            return MADE.get(dir);
        }
        Map<String, Path> out = new java.util.LinkedHashMap<>();
        for (String c : CAPTURES) {
            out.put(c, partial(dir, c, TestCaptures.path(c)));
        }
        Path even = partial(dir, "even", TestCaptures.path("java-basic-split-even.pcap"));
        Path odd = partial(dir, "odd", TestCaptures.path("java-basic-split-odd.pcap"));
        Path both = dir.resolve("two-slices.json");
        CliRun merge = CliRun.of("merge", "--partial", "-o", both.toString(), even.toString(), odd.toString());
        assertEquals(0, merge.exit(), merge.err());
        out.put("two-slices", both);
        MADE.put(dir, out);
        return out;
    }

    private static Path partial(Path dir, String name, Path capture) {
        Path p = dir.resolve(name + ".json");
        CliRun run = CliRun.of("analyze", "-q", "--partial", "-o", p.toString(), capture.toString());
        assertEquals(0, run.exit(), run.err());
        return p;
    }

    static JsonNode tree(Path p) {
        try {
            return JSON.readTree(p.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every value of a tree with its JSON pointer, in document order (the root first, as {@code ""}). */
    static List<Map.Entry<String, JsonNode>> values(JsonNode tree) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        collect(tree, "", out);
        return out;
    }

    private static void collect(JsonNode n, String pointer, List<Map.Entry<String, JsonNode>> out) {
        out.add(Map.entry(pointer, n));
        if (n.isObject()) {
            n.fields().forEachRemaining(e -> collect(e.getValue(), pointer + "/" + e.getKey().replace("~", "~0")
                    .replace("/", "~1"), out));
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                collect(n.get(i), pointer + "/" + i, out);
            }
        }
    }

    /** {@code tree} with the value at {@code pointer} replaced. */
    static JsonNode with(JsonNode tree, String pointer, JsonNode value) {
        if (pointer.isEmpty()) {
            return value;
        }
        JsonNode copy = tree.deepCopy();
        int cut = pointer.lastIndexOf('/');
        JsonNode parent = copy.at(pointer.substring(0, cut));
        String last = pointer.substring(cut + 1).replace("~1", "/").replace("~0", "~");
        if (parent instanceof ObjectNode o) {
            o.set(last, value);
        } else {
            ((ArrayNode) parent).set(Integer.parseInt(last), value);
        }
        return copy;
    }

    /** A value of another kind, or a number out of any counter's range, for a value of the document. */
    static JsonNode wrong(JsonNode original, Random r) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        List<JsonNode> choices = new ArrayList<>(List.of(f.textNode("x"), f.booleanNode(true), f.nullNode(), f.objectNode(),
                f.arrayNode(), f.numberNode(1.5), f.numberNode(-1), f.numberNode(-4), f.numberNode(Long.MIN_VALUE),
                f.numberNode(Long.MAX_VALUE), f.numberNode(1L << 31), f.numberNode(1L << 53),
                f.numberNode(BigInteger.ONE.shiftLeft(64)), f.numberNode(new BigInteger("1000000000000000000000000000000")),
                f.numberNode(0), f.textNode("\u001b[2J\nFORGED-LINE kwire: everything is fine")));
        if (original.isTextual()) {
            choices.add(f.textNode(original.asText() + "=="));
            choices.add(f.textNode("#" + original.asText()));
        }
        return choices.get(r.nextInt(choices.size()));
    }

    /** Deflate (zlib) of {@code n} zero bytes, base64: a bomb of {@code n} bytes in a few kB. */
    static String deflatedZeros(long n) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] zeros = new byte[1 << 20];
        try (java.util.zip.DeflaterOutputStream z = new java.util.zip.DeflaterOutputStream(out, new Deflater(9), 1 << 16)) {
            for (long left = n; left > 0; left -= zeros.length) {
                z.write(zeros, 0, (int) Math.min(zeros.length, left));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Base64.getEncoder().encodeToString(out.toByteArray());
    }

    /** {@code depth} arrays nested in each other. */
    static String nested(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }

    /** The document's text with the first name of the object at {@code pointer} given twice. */
    static String duplicated(JsonNode tree, String pointer) throws IOException {
        JsonNode o = tree.at(pointer);
        String name = o.fieldNames().next();
        ObjectNode marked = (ObjectNode) with(tree, pointer, JSON.createObjectNode().put("\u0001mark", 1).setAll((ObjectNode) o));
        return JSON.writeValueAsString(marked).replace("\"\\u0001mark\":1,", "\"" + name + "\":" + JSON.writeValueAsString(o.get(name)) + ",");
    }

    static Path write(Path dir, String name, String text) {
        try {
            Path p = dir.resolve(name);
            Files.writeString(p, text, StandardCharsets.UTF_8);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What {@code kwire merge} of {@code files} (the damaged one among intact ones) must do: merge them (exit 0, a report
     * that matches docs/report.schema.json) or refuse them in one line on stderr with exit code 3 that names the
     * damaged file, never an intact one, and no Java exception or stack; with {@code field}, a refusal names it or a
     * field around it (its parent, or a field under it).
     *
     * @return the refusal's line, or null if merged
     */
    static String assertRefusedOrMerged(CliRun run, Path damaged, List<Path> intact, String field, String what) {
        String err = run.err().replaceAll("(?m)^kwire: warning: .*\n", "");
        if (run.exit() == 0) {
            assertEquals("", err, what);
            try {
                ReportSchema.assertValid(run.out());
            } catch (AssertionError e) {
                throw new AssertionError(what + ": " + e.getMessage(), e);
            }
            return null;
        }
        return assertRefused(run, err, damaged, intact, field, what);
    }

    /**
     * What {@code kwire report} of a damaged report must do: write its page (exit 0, nothing on stderr) or refuse it as
     * {@link #assertRefusedOrMerged} says.
     *
     * @return the refusal's line, or null if the page was written
     */
    static String assertRefusedOrRendered(CliRun run, Path damaged, String field, String what) {
        if (run.exit() == 0) {
            assertEquals("", run.err(), what);
            return null;
        }
        return assertRefused(run, run.err(), damaged, List.of(), field, what);
    }

    private static String assertRefused(CliRun run, String err, Path damaged, List<Path> intact, String field, String what) {
        assertEquals(ExitCodes.INPUT, run.exit(), what + ": " + run.err());
        assertEquals(1, err.lines().count(), what + ": " + run.err());
        assertTrue(err.startsWith("kwire: " + damaged + ": "), what + ": the damaged file is named first: " + err);
        for (Path p : intact) {
            assertFalse(err.contains(p.toString()), what + ": an intact partial is blamed: " + err);
        }
        Matcher java = JAVA.matcher(err.substring(("kwire: " + damaged).length()));
        assertFalse(java.find(), what + ": a Java name in " + err);
        if (field != null && !field.isEmpty() && !err.contains(": its counts add up past what a report holds, at /")) {
            // (counts that add up too far only in the report name the report's field they add up to)
            assertTrue(namesAround(err, field), what + ": names " + field + " or a field around it: " + err);
        }
        return err.trim();
    }

    private static long depth(String pointer) {
        return pointer.chars().filter(c -> c == '/').count();
    }

    /**
     * Whether the refusal names {@code field}, a field beside or under it, a field of another item of its list (whose
     * order it broke), or an ancestor at most two levels up.
     */
    private static boolean namesAround(String err, String field) {
        String parent = field.substring(0, Math.max(0, field.lastIndexOf('/')));
        Matcher m = POINTER.matcher(err);
        while (m.find()) {
            String p = m.group(2);
            boolean nearAncestor = field.startsWith(p + "/") && depth(field) - depth(p) <= 2;
            String list = parent.substring(0, Math.max(0, parent.lastIndexOf('/')));
            boolean inItsList = parent.matches(".*/[0-9]+") && p.startsWith(list + "/"); // its list's order
            if (p.equals(field) || p.startsWith(field + "/") || (!parent.isEmpty() && (p.equals(parent)
                    || p.startsWith(parent + "/"))) || nearAncestor || inItsList) {
                return true;
            }
        }
        return false;
    }
}
