package org.kwire.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * A seeded generator of names from the wire (or file names, or option values) that try to act on the terminal that
 * shows them or to forge lines of output, and the check that text for people shows none of that raw.
 */
final class HostileNames {

    /** The pieces of each class of character, each a real attack on a terminal or a reader. */
    static final Map<String, List<String>> CLASSES = new LinkedHashMap<>();

    static {
        CLASSES.put("C0", List.of("\u0000", "\u0007", "\b\b\b", "\t", "\u000b", "\f", "\r", "\u001b",
                "\u001b[2J\u001b[H", "\u001b[31;1m", "\u001b]0;pwned\u0007", "\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\",
                "\r\u001b[K", "\u001b[6n", "\u001bP+q\u001b\\"));
        CLASSES.put("newline", List.of("\n", "\r\n", "\nFORGED-LINE kwire: everything is fine", "\n\n"));
        CLASSES.put("DEL", List.of("\u007f", "\u007f\u007f"));
        CLASSES.put("C1", List.of("\u0085", "\u009b2J", "\u009d0;title\u009c", "\u0090q\u009c", "\u0080", "\u009f"));
        CLASSES.put("bidi", List.of("\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
                "\u200e", "\u200f", "\u061c", "\u202egpj.exe"));
        CLASSES.put("format", List.of("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\ufff9",
                new String(Character.toChars(0xe0041)), new String(Character.toChars(0x1d173)), "\u2028", "\u2029"));
        CLASSES.put("backslash", List.of("\\", "\\x1b", "\\u202e", "\\n"));
        CLASSES.put("printable", List.of("é", "日本", "Ωmega", "\ud83d\ude42", "naïve", "<b>bold</b>", "\"q\"", "a&b", "x'y",
                " space ", ", ", "; "));
    }

    private final Random random;

    HostileNames(long seed) {
        this.random = new Random(seed);
    }

    /**
     * A name made of the stem {@code n<i>} and pieces of one to three classes at its start, middle and end; one name in
     * six is long (200 to 400 characters).
     */
    String next(int i) {
        List<String> classes = new ArrayList<>(CLASSES.keySet());
        StringBuilder b = new StringBuilder("n" + i);
        int pieces = 1 + random.nextInt(3);
        for (int p = 0; p < pieces; p++) {
            List<String> cls = CLASSES.get(classes.get(random.nextInt(classes.size())));
            String piece = cls.get(random.nextInt(cls.size()));
            switch (random.nextInt(3)) {
                case 0 -> b.insert(0, piece);
                case 1 -> b.insert(b.length() / 2, piece);
                default -> b.append(piece);
            }
        }
        if (random.nextInt(6) == 0) {
            while (b.length() < 200 + random.nextInt(200)) {
                List<String> cls = CLASSES.get(classes.get(random.nextInt(classes.size())));
                b.append("x").append(cls.get(random.nextInt(cls.size())));
            }
        }
        return b.toString();
    }

    /** {@code n} names, {@link #next(int) next(0)} to {@code next(n - 1)}. */
    List<String> names(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(next(i));
        }
        return out;
    }

    /**
     * Asserts that {@code text} (an output for people) holds no control character but the newlines that end its lines
     * (no C0, DEL or C1), no invisible format character (Unicode Cf), no line or paragraph separator and no lone
     * surrogate, and that no line of it was forged by a name ({@code FORGED...} at a line's start).
     */
    static void assertForPeople(String what, String text) {
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            int type = Character.getType(c);
            if ((c < 0x20 && c != '\n') || (c >= 0x7f && c <= 0x9f) || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE) {
                int from = Math.max(0, i - 40);
                fail(what + ": U+" + String.format("%04X", c) + " at " + i + " in ..." + text.substring(from, Math.min(text.length(), i + 40))
                        .codePoints().collect(StringBuilder::new, (s, x) -> s.append(x < 0x20 || (x >= 0x7f && x <= 0x9f)
                                || Character.getType(x) == Character.FORMAT ? String.format("<U+%04X>", x) : Character.toString(x)),
                                StringBuilder::append) + "...");
            }
            i += Character.charCount(c);
        }
        for (String line : text.split("\n", -1)) {
            if (line.startsWith("FORGED")) {
                fail(what + ": a forged line: " + line);
            }
        }
    }
}
